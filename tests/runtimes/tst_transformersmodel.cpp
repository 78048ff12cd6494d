// Transformers' module (core/runtimes/transformers/): the loading transient by
// low_cpu_mem_usage and checkpoint format, and the static cache setting.
#include "../core/testsupport.h"
#include "error.h"
#include "estimator.h"
#include "runtimes/runtimemodel.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace memplan;

namespace {

ResolvedScenario transformers(nlohmann::json settings)
{
    Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 4096, 1, "rtx-4090");
    s.runtime.preset = "transformers";
    s.host.ramBytes = 64 * GiB;
    s.runtime.settings = settings;
    return resolveScenario(s, test::shippedCatalog());
}

} // namespace

class TstTransformersModel : public QObject {
    Q_OBJECT
private slots:
    void loadingTransient()
    {
        const RuntimeModel &m = runtimeModel(Engine::Transformers);
        const Bytes weights = 16'060'522'496ULL; // Llama 3.1 8B in BF16
        const ResolvedScenario streaming = transformers({{"low_cpu_mem_usage", true}});
        const ResolvedScenario fullCopy = transformers({{"low_cpu_mem_usage", false}});
        const ResolvedScenario pickled = transformers({{"low_cpu_mem_usage", false}, {"use_safetensors", false}});
        const Bytes shard = streaming.runtime.streamingShardBytes;
        QVERIFY(shard > 0 && shard < weights);
        // Streaming: one shard at a time; full copy: the whole model; a pickled .bin adds the
        // shard torch.load reads whole beside the materialized model.
        QCOMPARE(m.loadingTransient(streaming, weights), shard);
        QCOMPARE(m.loadingTransient(fullCopy, weights), weights);
        QCOMPARE(m.loadingTransient(pickled, weights), weights + shard);
        const Estimate e = estimate(pickled);
        QCOMPARE(e.model.weightsBytes, weights);
        QCOMPARE(e.pools.back().loadingPeakBytes, e.pools.back().totalBytes + weights + shard);
    }

    void staticCacheReservesTheWholeContext()
    {
        QCOMPARE(transformers({{"cache_implementation", "static"}}).runtime.kvAllocation, KvAllocation::ReserveFull);
        QVERIFY_THROWS_EXCEPTION(InputError, transformers({{"cache_implementation", "sliding"}}));
    }
};

QTEST_APPLESS_MAIN(TstTransformersModel)
#include "tst_transformersmodel.moc"
