// What vLLM decides at plan time: its kernels' extras beside the checkpoint, added to the
// plan's weight bytes, and the recurrent states of hybrid models in attention-sized pages.
#include "runtimes/pytorch/ropetables.h"
#include "runtimes/vllm/hybridpages.h"
#include "runtimes/vllm/mxfp4experts.h"
#include "runtimes/vllm/quantkernels.h"
#include "runtimes/vllm/vllmmodel.h"

#include "layers/recurrentstate.h"

#include <algorithm>

namespace memplan::runtimes {

using estimation::Plan;
using estimation::toBytes;

void VllmModel::adjustWeights(Plan &pl) const
{
    const ResolvedScenario &r = pl.r;
    // get_rope's tables are cast to the model's dtype (RotaryEmbeddingBase: cache.to(dtype)).
    pl.ropeTableElementBytes = 2;
    pl.ropeTableBytes = ropeTableBytes(pl.arch, pl.ropeTableElementBytes);
    if (r.expertFormat->id == "mxfp4" && pl.w.experts > 0) {
        // vLLM pads MXFP4 expert matrices for its MoE kernel (core/runtimes/vllm/mxfp4experts.h).
        const std::string &name = r.settings.mxfp4Backend;
        const vllm::Mxfp4Backend backend =
            name == "auto" ? vllm::defaultMxfp4Backend(r.hardware.id) : *vllm::parseMxfp4Backend(name);
        const ModelArchitecture &a = pl.arch;
        const std::uint64_t inter = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
        const vllm::ExpertDims d{a.hiddenSize, inter / std::max<std::uint32_t>(1, r.settings.tensorParallelSize)};
        pl.w.experts = toBytes(double(pl.w.experts) * vllm::expertPaddingFactor(backend, d), "expert weights");
    }
    // MLA and recurrent layers have other linear shapes; their kernels' extras are not modelled.
    if (pl.layers > 0 && !pl.arch.isMla() && pl.arch.numRecurrentLayers() == 0) {
        // What vLLM's quantized linear kernels keep beside the checkpoint (ROCm FP8 row padding,
        // Marlin's scales and workspaces; core/runtimes/vllm/quantkernels.h), on every GPU.
        const ModelArchitecture &a = pl.arch;
        const std::uint32_t tp = std::max<std::uint32_t>(1, r.settings.tensorParallelSize);
        vllm::LinearShape linears[4];
        vllm::decoderLinears(a.hiddenSize, a.numAttentionHeads, a.kvHeads(), a.effectiveHeadDim(),
                             a.isMoe() ? 0 : a.intermediateSize, tp, linears);
        vllm::QuantKernelInput in;
        in.format = r.weightFormat->id;
        in.rocm = r.hardware.vendor == "AMD";
        in.fp8TensorCores = r.hardware.fp8TflopsDense > 0 || r.hardware.kind != HardwareKind::DiscreteGpu;
        in.layerLinears =
            std::span<const vllm::LinearShape>(linears, a.isMoe() ? 2 : 4); // experts: the MoE kernel's own
        in.layers = pl.layers;
        pl.w.layers =
            checkedAdd(pl.w.layers, checkedMul(vllm::quantKernelExtras(in).total(), tp, "kernel buffers"), "weights");
    }
}

StateRule VllmModel::stateRule(const ModelArchitecture &a, std::uint64_t sequences, std::uint32_t tp,
                               std::uint32_t modelDtypeBytes, Bytes attnPerToken, std::uint64_t blockTokens) const
{
    // Conv state in the model dtype (mamba_cache_dtype auto), SSM state in mamba_ssm_cache_dtype
    // (the checkpoint may ask for float32), per sequence, sharded by tensor parallelism; with
    // attention layers present each state page is padded to one attention page.
    StateRule r = genericStateRule(a, sequences, tp, modelDtypeBytes);
    if (a.numRecurrentLayers() > 0) {
        const StateElements e = stateElementsPerDevice(a.recurrentKind(), a.recurrent, a.hiddenSize, r.tp);
        const Bytes page = stateBytesPerLayer(e, r.convBytes, r.ssmBytes);
        const VllmHybridPages p =
            vllmHybridPages(page, a.numKvLayers() > 0 ? attnPerToken : 0, std::max<std::uint64_t>(1, blockTokens), 16);
        r.pagePerLayer = p.paddedPageBytes;
        r.attentionBlockTokens = p.attentionBlockTokens;
    }
    return r;
}

} // namespace memplan::runtimes
