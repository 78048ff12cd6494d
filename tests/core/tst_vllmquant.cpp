// vLLM's quantized linear kernels: what they keep beside the checkpoint's bytes
// (core/runtimes/vllm/quantkernels.h). Golden values worked by hand from the rules read in
// vllm/model_executor/layers/quantization (fp8.py's ROCm row padding of 256 elements for rows
// of a multiple of 512 bytes; Marlin's per-channel FP8 scales on GPUs without FP8 tensor cores;
// one int32 of workspace per SM and linear module; desc_act's g_idx and sort index, one int32
// each per input row), on Llama 3.1 8B's shapes (hidden 4096, 32 heads, 8 KV heads of 128,
// FFN 14336, 32 layers).
#include "estimator.h"
#include "itemids.h"
#include "runtimes/vllm/quantkernels.h"
#include "testsupport.h"

#include <QtTest>

using namespace memplan;
using namespace memplan::vllm;

namespace {

QuantKernelExtras llama8b(std::string_view format, bool rocm, bool fp8Cores, bool actOrder = false,
                          std::uint32_t tp = 1)
{
    static LinearShape linears[4];
    decoderLinears(4096, 32, 8, 128, 14336, tp, linears);
    QuantKernelInput in;
    in.format = format;
    in.rocm = rocm;
    in.fp8TensorCores = fp8Cores;
    in.actOrder = actOrder;
    in.layerLinears = linears;
    in.layers = 32;
    return quantKernelExtras(in);
}

Bytes layerWeights(const Scenario &s)
{
    const Estimate e = estimate(resolveScenario(s, test::shippedCatalog()));
    return e.model.weightsBytes;
}

} // namespace

class TstVllmQuant : public QObject {
    Q_OBJECT
private slots:
    void decoderLinearsAreVllmsFusedModules()
    {
        LinearShape l[4];
        decoderLinears(4096, 32, 8, 128, 14336, 1, l);
        QCOMPARE(l[0].outRows, std::uint64_t((32 + 2 * 8) * 128)); // qkv_proj: 6144
        QCOMPARE(l[2].outRows, std::uint64_t(2 * 14336));          // gate_up_proj
        QCOMPARE(l[3].inRows, std::uint64_t(14336));               // down_proj
        // Tensor parallelism 16 over 8 KV heads: one replicated KV head per GPU.
        decoderLinears(4096, 32, 8, 128, 14336, 16, l);
        QCOMPARE(l[0].outRows, std::uint64_t((2 + 2 * 1) * 128));
    }

    void rocmFp8PadsEveryRow()
    {
        // Rows of 4096 and 14336 FP8 bytes are multiples of 512: all four modules pad,
        // (6144 + 4096 + 28672 + 4096) rows x 256 B x 32 layers = 352,321,536 B (336 MiB).
        const QuantKernelExtras x = llama8b("fp8", true, true);
        QCOMPARE(x.rowPadding, Bytes(352321536));
        QCOMPARE(x.workspaces, Bytes(0)); // no Marlin on ROCm
        // A row of 2880 bytes (gpt-oss's hidden size) is not a multiple of 512: no padding.
        LinearShape odd[1] = {{5120, 2880}};
        QuantKernelInput in;
        in.format = "fp8";
        in.rocm = true;
        in.layerLinears = odd;
        in.layers = 36;
        QCOMPARE(quantKernelExtras(in).total(), Bytes(0));
        // NVIDIA with FP8 tensor cores (H100): the weights as stored, nothing beside.
        QCOMPARE(llama8b("fp8", false, true).total(), Bytes(0));
    }

    void fp8WithoutFp8CoresRunsThroughMarlin()
    {
        // A100: a 16-bit scale per output channel (43,008 per layer) and a workspace per module
        // (4 x 148 SMs x 4 B), over 32 layers.
        const QuantKernelExtras x = llama8b("fp8", false, false);
        QCOMPARE(x.scales, Bytes(43008 * 2 * 32));
        QCOMPARE(x.workspaces, Bytes(4 * 148 * 4 * 32));
        QCOMPARE(x.rowPadding, Bytes(0));
    }

    void gptqAndAwqKeepWorkspacesAndActOrder()
    {
        QCOMPARE(llama8b("awq-int4", false, true).total(), Bytes(4 * 148 * 4 * 32)); // 75,776 B
        // desc_act: (4096 + 4096 + 4096 + 14336) input rows x 8 B x 32 layers = 6,815,744 B.
        const QuantKernelExtras g = llama8b("gptq-int4", false, true, true);
        QCOMPARE(g.actOrder, Bytes(6815744));
        // bitsandbytes keeps nothing beside its 4-bit data and absmax (the format's bytes).
        QCOMPARE(llama8b("nf4", false, true).total(), Bytes(0));
        QCOMPARE(llama8b("bf16", false, true).total(), Bytes(0));
    }

    void estimateCountsThePaddingOnAmdOnly()
    {
        Scenario s;
        s.model.preset = "llama-3.1-8b";
        s.weights.format = "fp8";
        s.workload.contextTokens = 4096;
        s.runtime.preset = "vllm";
        s.hardware.preset = "h100-sxm";
        const Bytes nvidia = layerWeights(s);
        s.hardware.preset = "mi300x";
        QCOMPARE(layerWeights(s) - nvidia, Bytes(352321536));
        // The theory profile (the checkpoint's bytes) never adds it.
        s.runtime.preset = "theory";
        QCOMPARE(layerWeights(s), nvidia);
    }
};

QTEST_APPLESS_MAIN(TstVllmQuant)
#include "tst_vllmquant.moc"
