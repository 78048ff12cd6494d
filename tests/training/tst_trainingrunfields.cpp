// The scenario fields of how a real run executes (issue 29): attention kernel,
// optimizer in backward, activation offload, packing, torch.compile, chunked
// loss; and the four per-GPU figures frameworks print. Each field must move
// the estimate by what PyTorch keeps (measured: tools/training-measure,
// core/training/autogradsaves.h) or what the framework's source does.

#include "error.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"
#include "training/trainableparams.h"
#include "training/trainingsolvers.h"
#include "training/trainingsummaryjson.h"
#include "trainingsupport.h"

#include <QtTest>

#include <cmath>

using namespace memplan;

namespace {

/// Llama 3.1 8B: 32 layers, h 4096, 32 query heads and 8 K/V heads of 128, vocabulary 128,256.
constexpr double kLayers = 32, kHeads = 32, kQ = 4096, kKv = 1024, kVocab = 128256, kFfn = 14336;

Scenario lora8b()
{
    Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Lora);
    s.workload.training.checkpointing = Checkpointing::None;
    s.workload.training.sequenceLength = 2048;
    s.workload.training.microBatch = 1;
    return s;
}

Bytes saved(const Scenario &s)
{
    const Estimate e = estimate(s, test::shippedCatalog());
    return test::itemBytes(e, "saved activations") +
           test::itemBytes(e, "saved activations (one layer; checkpoints in host RAM)");
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= 2; // each item is rounded to whole bytes once
}

std::string messageOf(const std::string &training)
{
    const std::string text = R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"},)"
                             R"("runtime":{"preset":"hf-trainer"},"workload":{"mode":"training"},"training":)" +
                             training + "}";
    try {
        estimate(scenarioFromText(text, "t.json"), test::shippedCatalog());
    } catch (const InputError &e) {
        return e.info().field + ": " + e.info().message();
    }
    return {};
}

} // namespace

class TstTrainingRunFields : public QObject {
    Q_OBJECT
private slots:
    void attentionImplementation()
    {
        // Per layer and token (bf16): SDPA keeps K and V expanded to 32 heads (2 x (4096 - 1024)
        // more elements) and a second copy of the output (4096); eager keeps, instead of the
        // log-sum-exp (4 bytes per head), the fp32 softmax and its bf16 copy: 6 bytes per score.
        Scenario s = lora8b();
        const double s2 = 2048;
        s.workload.training.attentionImplementation = AttentionKernel::Flash;
        const double flash = double(saved(s));
        s.workload.training.attentionImplementation = AttentionKernel::Sdpa;
        const double sdpa = double(saved(s));
        s.workload.training.attentionImplementation = AttentionKernel::Eager;
        const double eager = double(saved(s));
        QVERIFY(near(sdpa - flash, kLayers * s2 * (2 * (kQ - kKv) + kQ) * 2));
        QVERIFY(near(eager - sdpa, kLayers * (kHeads * s2 * s2 * 6 - s2 * kQ * 2 - s2 * kHeads * 4)));
        // The older boolean says the same as the two ends.
        s.workload.training.attentionImplementation.reset();
        s.workload.training.flashAttention = false;
        QCOMPARE(double(saved(s)), eager);
        QVERIFY(messageOf(R"({"flash_attention":true,"attention_implementation":"sdpa"})")
                    .starts_with("training.attention_implementation"));
        QVERIFY(messageOf(R"({"attention_implementation":"flex"})").starts_with("training.attention_implementation"));
    }

    void optimizerInBackward()
    {
        // torchtune's optimizer_in_bwd steps each parameter in its post-accumulate-grad hook and
        // frees the gradient: only the largest (the 128,256 x 4096 embedding) is alive at once.
        Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Full);
        s.workload.training.precision = TrainingPrecision::Bf16;
        const Estimate before = estimate(s, test::shippedCatalog());
        s.workload.training.optimizerInBackward = true;
        const Estimate after = estimate(s, test::shippedCatalog());
        QCOMPARE(test::itemBytes(after, "gradients"), Bytes(kVocab * 4096 * 2));
        QVERIFY(test::itemBytes(before, "gradients") > 16 * kGB);
        QCOMPARE(test::itemBytes(after, "optimizer step scratch (beyond freed activations)"), Bytes(0));
        // LoRA: the largest adapter matrix (r x 4096 or 4096 x r for q/k/v/o).
        Scenario l = lora8b();
        l.workload.training.optimizerInBackward = true;
        QCOMPARE(test::itemBytes(estimate(l, test::shippedCatalog()), "gradients"), Bytes(16 * 4096 * 2));
        QVERIFY(messageOf(R"({"optimizer_in_backward":true,"gradient_accumulation":4})")
                    .starts_with("training.optimizer_in_backward"));
    }

    void activationOffload()
    {
        // torchtune's activation offloading: what forward saves goes to pinned host RAM; one
        // layer's worth stays on the GPU while it is copied.
        Scenario s = lora8b();
        const Estimate onGpu = estimate(s, test::shippedCatalog());
        s.workload.training.activationOffload = true;
        const Estimate off = estimate(s, test::shippedCatalog());
        const Bytes stored = test::itemBytes(onGpu, "saved activations");
        const std::uint16_t host = std::uint16_t(off.pools.size() - 1);
        QCOMPARE(test::itemBytes(off, "offloaded activation checkpoints", host), stored);
        QVERIFY(near(double(test::itemBytes(off, "saved activations (one layer; checkpoints in host RAM)")),
                     double(stored) / kLayers));
        QVERIFY(off.pools[0].totalBytes < onGpu.pools[0].totalBytes);
    }

    void packingAndLongestSample()
    {
        // Padded batches reach the longest sample (capped at sequence_length); packed rows are
        // always sequence_length long.
        Scenario s = lora8b();
        s.workload.training.longestSample = 512;
        const Estimate padded = estimate(s, test::shippedCatalog());
        Scenario short512 = lora8b();
        short512.workload.training.sequenceLength = 512;
        QCOMPARE(padded.pools[0].totalBytes, estimate(short512, test::shippedCatalog()).pools[0].totalBytes);
        // The summary says which length the activations were sized for, and keeps the setting;
        // an estimate written before the field existed reads its peak as the sequence length.
        QCOMPARE(padded.training.peakSequenceTokens, std::uint64_t(512));
        QCOMPARE(padded.training.sequenceLength, std::uint64_t(2048));
        nlohmann::json summary = trainingSummaryToJson(padded.training);
        QCOMPARE(trainingSummaryFromJson({{"training", summary}}), padded.training);
        summary.erase("peak_sequence_tokens");
        QCOMPARE(trainingSummaryFromJson({{"training", summary}}).peakSequenceTokens, std::uint64_t(2048));
        s.workload.training.longestSample = 100000;
        QCOMPARE(estimate(s, test::shippedCatalog()).pools[0].totalBytes,
                 estimate(lora8b(), test::shippedCatalog()).pools[0].totalBytes);
        Scenario packed = lora8b();
        packed.workload.training.packing = true;
        QCOMPARE(estimate(packed, test::shippedCatalog()).pools[0].totalBytes,
                 estimate(lora8b(), test::shippedCatalog()).pools[0].totalBytes);
        QVERIFY(messageOf(R"({"packing":true,"longest_sample":300})").starts_with("training.longest_sample"));
        // "How long can a sequence be" is not capped by the stated longest sample.
        Scenario capped = lora8b();
        capped.workload.training.longestSample = 512;
        QCOMPARE(solveMaxSequenceLength(resolveScenario(capped, test::shippedCatalog()), 65536),
                 solveMaxSequenceLength(resolveScenario(lora8b(), test::shippedCatalog()), 65536));
    }

    void compileRecomputesPointwise()
    {
        // Compiled (min-cut partitioner): per layer and token a norm keeps its bf16 input and rstd
        // (2 x (2h + 4)) instead of an fp32 copy plus the projections' inputs (2 x 4h + 2 x 2h),
        // and SwiGLU keeps gate and up (2F) instead of 4F.
        Scenario s = lora8b();
        const double before = double(saved(s));
        s.workload.training.compile = true;
        const double after = double(saved(s));
        const double perToken = (2 * 4 * 4096 + 2 * 2 * 4096) - 2 * (2 * 4096 + 4) + 2 * kFfn * 2;
        QVERIFY(near(before - after, kLayers * 2048 * perToken));
    }

    void chunkedLoss()
    {
        // hf-trainer keeps 10 bytes per logit (bf16 logits, fp32 upcast, fp32 log-softmax);
        // chunked: 2 + 4 + one of 8 chunks' fp32 upcast and gradient = 7.
        Scenario s = lora8b();
        s.workload.training.chunkedLoss = true;
        QCOMPARE(test::itemBytes(estimate(s, test::shippedCatalog()), "logits and loss"), Bytes(2048 * kVocab * 7));
        s.runtime.preset = "litgpt"; // already chunked: 4 bytes, never raised
        s.workload.training.chunkedLoss = false;
        const Bytes litgpt = test::itemBytes(estimate(s, test::shippedCatalog()), "logits and loss");
        s.workload.training.chunkedLoss = true;
        QCOMPARE(test::itemBytes(estimate(s, test::shippedCatalog()), "logits and loss"), litgpt);
    }

    void lossAsTheFrameworkRunsIt()
    {
        // torchtune (presets/runtimes/torchtune.json, each figure derived there from its loss code):
        // eager fp32 logits 12 bytes per logit, CEWithChunkedOutputLoss 7.5, compiled loss 8,
        // compiled and chunked 2.25. A profile without the compiled figures keeps its eager ones.
        Scenario s = lora8b();
        s.runtime.preset = "torchtune";
        s.workload.training.precision = TrainingPrecision::Bf16;
        auto logits = [&](bool chunked, bool compiled) {
            s.workload.training.chunkedLoss = chunked;
            s.workload.training.compile = compiled;
            return double(test::itemBytes(estimate(s, test::shippedCatalog()), "logits and loss"));
        };
        const double elements = 2048 * kVocab;
        QCOMPARE(logits(false, false), elements * 12);
        QCOMPARE(logits(true, false), elements * 7.5);
        QCOMPARE(logits(false, true), elements * 8);
        QCOMPARE(logits(true, true), elements * 2.25);
        // The launch line is torchtune's own: the recipe by method and device count, overrides.
        const std::string launch = estimate(s, test::shippedCatalog()).launchCommand;
        QVERIFY2(launch.rfind("tune run lora_finetune_single_device --config", 0) == 0, launch.c_str());
        QVERIFY2(launch.find(" compile=True") != std::string::npos, launch.c_str());
        s.runtime.preset = "hf-trainer";
        QCOMPARE(logits(false, true), elements * 10);
        QCOMPARE(logits(true, true), elements * 7);
    }

    void pagedOptimizerOutsidePyTorchsFigures()
    {
        // bitsandbytes allocates paged states with cudaMallocManaged: on the device, not in
        // torch.cuda.max_memory_allocated; its optimizers update in place (no step scratch).
        Scenario s = test::trainingScenario("llama-3.2-1b", TrainingMethod::Full);
        s.workload.training.precision = TrainingPrecision::Bf16;
        s.workload.training.optimizer = Optimizer::AdamW;
        const Estimate plain = estimate(s, test::shippedCatalog());
        s.workload.training.optimizer = Optimizer::PagedAdamW8bit;
        const Estimate paged = estimate(s, test::shippedCatalog());
        const Bytes states = test::itemBytes(paged, "optimizer states");
        QVERIFY(states > 0);
        QCOMPARE(test::itemBytes(paged, "optimizer step scratch (beyond freed activations)"), Bytes(0));
        const TrainingSummary &t = paged.training;
        Bytes tensors = 0;
        for (const Item &it : paged.items)
            if (it.pool == 0 && it.guest != Guest::Allocator && it.guest != Guest::System &&
                it.label != std::string_view("CUDA context and libraries"))
                tensors += it.bytes;
        QCOMPARE(t.allocatedBytesPerGpu, tensors - states);
        QCOMPARE(t.deviceBytesPerGpu, paged.pools[0].totalBytes);
        s.workload.training.optimizer = Optimizer::AdamW8bit; // not paged: PyTorch allocates it
        const Estimate eight = estimate(s, test::shippedCatalog());
        QCOMPARE(eight.training.allocatedBytesPerGpu, paged.training.allocatedBytesPerGpu + states);
        QVERIFY(plain.training.allocatedBytesPerGpu > eight.training.allocatedBytesPerGpu);
    }

    void fsdpGradientsAsTheFrameworkKeepsThem()
    {
        // LitGPT on two GPUs (presets/runtimes/litgpt.json, sources): Fabric's FSDP wraps each
        // Block with use_orig_params=True, so a Block holding a LoRA adapter keeps a gradient for
        // all of its weights (pytorch/pytorch#91167); no_backward_sync keeps those unsharded while
        // micro-batches accumulate. Llama 3.1 8B's decoder layers: 32 x 218,112,000 parameters.
        Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Lora, "litgpt", "a100-80gb-sxm", 2);
        TrainingChoice &c = s.workload.training;
        c.precision = TrainingPrecision::Bf16;
        c.sharding = Sharding::FsdpFull;
        c.loraRank = 8;
        c.loraTargets = {LoraTarget::Q, LoraTarget::V};
        const double layers = 32 * 218112000.0;
        const double lora =
            loraTrainableParameters(resolveScenario(s, test::shippedCatalog()).model.arch, 8, c.loraTargets);
        c.gradientAccumulation = 1;
        const double sharded = double(test::itemBytes(estimate(s, test::shippedCatalog()), "gradients"));
        QVERIFY(near(sharded, (layers + lora) * 2 / 2));
        c.gradientAccumulation = 8;
        const double whole = double(test::itemBytes(estimate(s, test::shippedCatalog()), "gradients"));
        QVERIFY(near(whole, (layers + lora) * 2));
        // The root unit (embedding, final norm, head: 2 x 525,336,576 + 4,096 bf16 parameters) stays
        // gathered from forward to backward; half of it is this rank's shard, counted with the weights.
        const double root = (2 * 525336576.0 + 4096) * 2;
        const Estimate e = estimate(s, test::shippedCatalog());
        double wRoot = 0;
        for (const Item &it : e.items)
            if (it.pool == 0 && it.label == "gathered layers (ZeRO-3/FSDP)")
                for (const Term &t : it.terms)
                    if (t.symbol == "W_root")
                        wRoot = t.value;
        QVERIFY(near(wRoot, root));
        // hf-trainer's PEFT wrap keeps adapters in their own units: only they hold gradients, but
        // the Trainer's no_sync keeps them whole too. torchtune (FSDP2, no no_sync) shards them.
        s.runtime.preset = "hf-trainer";
        QVERIFY(near(double(test::itemBytes(estimate(s, test::shippedCatalog()), "gradients")), lora * 2));
        s.runtime.preset = "torchtune";
        QVERIFY(near(double(test::itemBytes(estimate(s, test::shippedCatalog()), "gradients")), lora * 2 / 2));
        // DeepSpeed's ZeRO-3 is not FSDP: nothing of this applies.
        s.runtime.preset = "litgpt";
        c.sharding = Sharding::Zero3;
        QVERIFY(near(double(test::itemBytes(estimate(s, test::shippedCatalog()), "gradients")), lora * 2 / 2));
    }

    void offloadTakesGradientsOffTheGpu()
    {
        // FSDP2's CPUOffloadPolicy (torchtune's fsdp_cpu_offload) copies each sharded gradient to
        // host RAM in backward and steps on the CPU; ZeRO-Offload copies the reduced partition into
        // the host's fp32 buffer. No gradient partition is left on the GPU after backward.
        // Llama 3.1 70B, full, bf16, 8 ranks: the bf16 gradient shard is P x 2 / 8.
        Scenario s = test::trainingScenario("llama-3.1-70b", TrainingMethod::Full, "torchtune", "a100-80gb-sxm", 8);
        TrainingChoice &c = s.workload.training;
        c.precision = TrainingPrecision::Bf16;
        c.sharding = Sharding::FsdpFull;
        const Estimate onGpu = estimate(s, test::shippedCatalog());
        const double p = double(onGpu.training.trainableParameters);
        QVERIFY(near(double(test::itemBytes(onGpu, "gradients")), p * 2 / 8));
        c.offloadParameters = true;
        const Estimate off = estimate(s, test::shippedCatalog());
        QCOMPARE(test::itemBytes(off, "gradients"), Bytes(0));
        QCOMPARE(test::itemBytes(off, "optimizer states"), Bytes(0));
        QCOMPARE(test::itemBytes(off, "trainable weights"), Bytes(0));
        QCOMPARE(off.training.modelStateBytesPerRank, Bytes(0));
        // FSDP's offload is one switch: the optimizer flag alone gives the same estimate.
        c.offloadParameters = false;
        c.offloadOptimizer = true;
        QCOMPARE(estimate(s, test::shippedCatalog()).pools[0].totalBytes, off.pools[0].totalBytes);
        // DeepSpeed ZeRO-2 with its optimizer offloaded: weights stay, gradients go.
        s.runtime.preset = "deepspeed";
        c.sharding = Sharding::Zero2;
        const Estimate zero = estimate(s, test::shippedCatalog());
        QCOMPARE(test::itemBytes(zero, "gradients"), Bytes(0));
        QVERIFY(near(double(test::itemBytes(zero, "trainable weights")), p * 2));
    }

    void torchtuneStepsWithFusedAdamW()
    {
        // torchtune's configs pass fused: True to torch.optim.AdamW (105 of 107 at 1814feb17): the
        // fused kernel updates in place. transformers' Trainer (adamw_torch) takes the foreach
        // path, whose _foreach_sqrt makes one bf16 copy of the moments: P x 2 beyond what the
        // freed activations leave. Llama 3.2 1B, full, bf16, micro-batch 1 x 256 tokens.
        Scenario s = test::trainingScenario("llama-3.2-1b", TrainingMethod::Full, "torchtune");
        TrainingChoice &c = s.workload.training;
        c.precision = TrainingPrecision::Bf16;
        c.sequenceLength = 256;
        c.microBatch = 1;
        const Estimate tune = estimate(s, test::shippedCatalog());
        QCOMPARE(test::itemBytes(tune, "optimizer step scratch (beyond freed activations)"), Bytes(0));
        QVERIFY2(tune.launchCommand.find(" optimizer=torch.optim.AdamW optimizer.fused=True ") != std::string::npos,
                 tune.launchCommand.c_str());
        c.optimizer = Optimizer::PagedAdamW8bit;
        const std::string paged = estimate(s, test::shippedCatalog()).launchCommand;
        QVERIFY2(paged.find(" optimizer=bitsandbytes.optim.PagedAdamW8bit ") != std::string::npos, paged.c_str());
        c.optimizer = Optimizer::AdamW;
        s.runtime.preset = "hf-trainer";
        const Estimate trainer = estimate(s, test::shippedCatalog());
        const double p = double(trainer.training.trainableParameters);
        const Bytes scratch = test::itemBytes(trainer, "optimizer step scratch (beyond freed activations)");
        QVERIFY(scratch > 0);
        QVERIFY(near(double(scratch + test::itemBytes(trainer, "saved activations") +
                            test::itemBytes(trainer, "logits and loss")),
                     p * 2));
    }

    void litgptKeepsItsOwnHead()
    {
        // LitGPT's GPT always builds lm_head beside transformer.wte and its converter copies a tied
        // embedding into it (litgpt/model.py, scripts/convert_hf_checkpoint.py); Lightning's
        // BitsandbytesPrecision swaps every nn.Linear, lm_head included, for a 4-bit layer, which
        // bitsandbytes dequantizes whole on each call. PEFT's 4-bit loader keeps the head in bf16.
        // Llama 3.2 1B ties its 128,256 x 2,048 head; Llama 3.1 8B does not.
        const double head = 128256.0 * 2048;
        Scenario s = test::trainingScenario("llama-3.2-1b", TrainingMethod::Lora, "hf-trainer", "a10");
        s.workload.training.sequenceLength = 512;
        s.workload.training.microBatch = 1;
        const Estimate trainer = estimate(s, test::shippedCatalog());
        s.runtime.preset = "litgpt";
        const Estimate lit = estimate(s, test::shippedCatalog());
        QCOMPARE(double(lit.model.parameters - trainer.model.parameters), head);
        QVERIFY(
            near(double(test::itemBytes(lit, "frozen base weights") - test::itemBytes(trainer, "frozen base weights")),
                 head * 2));
        bool warned = false;
        for (const Notice &n : lit.notices)
            warned = warned || (n.id == "warn.framework_untied_head" && n.arg("params")->number == Bytes(head));
        QVERIFY(warned);
        QCOMPARE(lit.notices.size(), lit.warnings.size());

        s.workload.training.method = TrainingMethod::Qlora;
        const Estimate litQ = estimate(s, test::shippedCatalog());
        QVERIFY(near(double(test::itemBytes(litQ, "NF4 dequantization buffer")), head * 2));
        s.runtime.preset = "hf-trainer";
        const Estimate peftQ = estimate(s, test::shippedCatalog());
        QVERIFY(near(double(test::itemBytes(peftQ, "NF4 dequantization buffer")), 8192.0 * 2048 * 2));
        // The head in NF4 (LitGPT) against one bf16 table shared with the embedding (PEFT).
        QVERIFY(test::itemBytes(litQ, "frozen base weights") > test::itemBytes(peftQ, "frozen base weights"));
        QVERIFY(test::itemBytes(litQ, "frozen base weights") <
                test::itemBytes(peftQ, "frozen base weights") + Bytes(head * 2));

        // An untied model is built as its checkpoint is.
        Scenario u = test::trainingScenario("llama-3.1-8b", TrainingMethod::Lora, "litgpt", "a10");
        const Estimate untied = estimate(u, test::shippedCatalog());
        u.runtime.preset = "hf-trainer";
        QCOMPARE(untied.model.parameters, estimate(u, test::shippedCatalog()).model.parameters);
        for (const Notice &n : untied.notices)
            QVERIFY(n.id != "warn.framework_untied_head");
    }

    void softcappedAttentionRunsEagerInLitgpt()
    {
        // Gemma 2 softcaps its attention scores (config attn_logit_softcapping 50). LitGPT then
        // computes attention as q @ k.mT * scale, c * tanh(s / c), + mask, softmax(dtype=float)
        // .to(bf16), @ v (litgpt/model.py: "with softcapping we cannot use SDPA"): tanh keeps
        // its bf16 output, softmax its fp32 output, the PV matmul the bf16 probabilities.
        // Gemma 2 2B: 26 layers of 8 heads; micro-batch 1 x 512 tokens, no checkpointing.
        Scenario s = test::trainingScenario("gemma-2-2b", TrainingMethod::Lora, "litgpt", "a10");
        TrainingChoice &c = s.workload.training;
        c.checkpointing = Checkpointing::None;
        c.sequenceLength = 512;
        c.microBatch = 1;
        const Bytes litgpt = saved(s);
        c.attentionImplementation = AttentionKernel::Eager;
        QCOMPARE(litgpt, saved(s)); // LitGPT's own choice for this model
        s.model.config["attn_logit_softcapping"] = 0;
        const double scores = 26.0 * 8 * 512 * 512;
        QVERIFY(near(double(litgpt - saved(s)), scores * 2)); // tanh's bf16 output
        c.attentionImplementation.reset();
        QVERIFY(double(litgpt - saved(s)) > scores * (2 + 4 + 2) * 0.95); // SDPA keeps no scores
        // transformers' Gemma 2 takes the implementation it is given (SDPA here), softcap or not.
        s.model.config.erase("attn_logit_softcapping");
        s.runtime.preset = "hf-trainer";
        const Bytes trainer = saved(s);
        s.model.config["attn_logit_softcapping"] = 0;
        QCOMPARE(trainer, saved(s));
    }

    void roundTripAndOldFilesUnchanged()
    {
        Scenario s = lora8b();
        const auto plain = scenarioToJson(s);
        for (const char *key : {"attention_implementation", "optimizer_in_backward", "activation_offload", "packing",
                                "longest_sample", "compile", "chunked_loss"})
            QVERIFY2(!plain["training"].contains(key), key);
        s.workload.training.attentionImplementation = AttentionKernel::Sdpa;
        s.workload.training.activationOffload = true;
        s.workload.training.longestSample = 777;
        s.workload.training.compile = true;
        s.workload.training.chunkedLoss = true;
        s.workload.training.optimizerInBackward = true;
        const Scenario back = scenarioFromJson(scenarioToJson(s));
        QCOMPARE(back.workload.training, s.workload.training);
        QCOMPARE(scenarioToJson(s)["training"]["attention_implementation"].get<std::string>(), std::string("sdpa"));
    }

    void inferenceScenarioKeepsItsTrainingSettings()
    {
        // Found by fuzz_scenario: a file with a training object but no workload.mode read its
        // training settings and wrote them nowhere, so the round trip lost them.
        const Scenario s = scenarioFromJson(nlohmann::json::parse(
            R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.2-1b"},"training":{"method":"full","packing":true}})"));
        QCOMPARE(s.workload.mode, WorkloadMode::Inference);
        QVERIFY(s.workload.training.packing);
        const auto json = scenarioToJson(s);
        QVERIFY(!json.contains("workload") || !json["workload"].contains("mode"));
        QCOMPARE(scenarioFromJson(json), s);
        Scenario plain;
        plain.model.preset = "llama-3.2-1b";
        QVERIFY(!scenarioToJson(plain).contains("training")); // nothing set, nothing written
    }

    void fourFiguresPerGpu()
    {
        // allocated (tensors) <= active <= reserved (+ allocator slack) <= device total (+ CUDA
        // context, display): the last is the pool the bar draws.
        for (std::uint32_t gpus : {1u, 4u}) {
            Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Full, "deepspeed", "h100-sxm", gpus);
            s.workload.training.sharding = Sharding::Zero3;
            const Estimate e = estimate(s, test::shippedCatalog());
            const TrainingSummary &t = e.training;
            QVERIFY(t.allocatedBytesPerGpu > 0);
            QVERIFY(t.allocatedBytesPerGpu <= t.activeBytesPerGpu);
            QCOMPARE(t.reservedBytesPerGpu - t.activeBytesPerGpu, test::itemBytes(e, "allocator slack"));
            QCOMPARE(t.deviceBytesPerGpu, e.pools[0].totalBytes);
            QCOMPARE(t.deviceBytesPerGpu - t.reservedBytesPerGpu,
                     test::itemBytes(e, "CUDA context and libraries") + test::itemBytes(e, "desktop display"));
            const auto json = trainingSummaryToJson(t);
            QCOMPARE(json["gpu_memory"]["bar_shows"].get<std::string>(), std::string("device_total_bytes"));
            QCOMPARE(trainingSummaryFromJson({{"training", json}}), t);
        }
    }
};

QTEST_GUILESS_MAIN(TstTrainingRunFields)
#include "tst_trainingrunfields.moc"
