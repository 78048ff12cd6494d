// memplan-cli's buyer commands beyond the first round: the recommendation in `compare`,
// and `cluster` (memory per rank, commands per node) with its errors.

#include "../app/clirun.h"
#include "cli/clicommands.h"
#include "questions/comparerecommend.h"
#include "questions/fitsearch.h"

#include "../core/testsupport.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <sstream>

using namespace memplan;

namespace {

using Run = test::CliRun;

Run run(const std::vector<std::string> &args, const std::string &stdinText)
{
    return test::runCli(args, {stdinText});
}

const char *kQwen235 =
    R"({"schema":"memplan.scenario/1","model":{"preset":"qwen3-235b-a22b"},"weights":{"format":"bf16"},
  "kv_cache":{"dtype":"f16"},"workload":{"context_tokens":32768},"hardware":{"preset":"h100-sxm"},"runtime":{"preset":"vllm"}})";
const char *kDefault =
    R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"},"weights":{"format":"q4_k_m"},
  "workload":{"context_tokens":8192},"hardware":{"preset":"rtx-4090"},"runtime":{"preset":"llama.cpp"}})";

} // namespace

class TstCompareCli : public QObject {
    Q_OBJECT
private slots:
    void compareCarriesTheRecommendation()
    {
        const Run r = run({"compare", "-", "--hardware", "rtx-4090,m4-max-128gb,h100-sxm"}, kDefault);
        QCOMPARE(r.code, 0);
        const auto doc = nlohmann::json::parse(r.out);
        QCOMPARE(doc.at("schema").get<std::string>(), std::string("memplan.compare/1"));
        const auto &rec = doc.at("recommendation");
        // The same rule as the window: recompute it from the same engine calls.
        const auto results = compareCandidates(
            defaultScenario(), {{"rtx-4090", 1}, {"m4-max-128gb", 1}, {"h100-sxm", 1}}, test::shippedCatalog());
        std::vector<CandidateFigures> figures;
        for (const auto &c : results)
            figures.push_back(candidateFigures(c, {}));
        QCOMPARE(rec.at("best").get<int>(), recommend(results, figures).best);
        QVERIFY(!rec.at("reasons").empty());
        QVERIFY(doc.at("candidates")[0].at("figures").at("price").is_null()); // no price is made up
        const Run table = run({"compare", "-", "--hardware", "rtx-4090,h100-sxm", "--table"}, kDefault);
        QVERIFY2(table.out.rfind("Recommendation: ", 0) == 0, table.out.c_str());
    }

    void clusterTableAndJson()
    {
        const Run j =
            run({"cluster", "-", "--nodes", "4", "--gpus-per-node", "8", "--tp", "8", "--pp", "4", "--ep"}, kQwen235);
        QCOMPARE(j.code, 0);
        const auto doc = nlohmann::json::parse(j.out);
        QCOMPARE(doc.at("schema").get<std::string>(), std::string("memplan.cluster/1"));
        QCOMPARE(doc.at("stages").size(), std::size_t(4));
        QCOMPARE(doc.at("ranks").size(), std::size_t(32));
        // Stage 0 total from tst_clusterplan's formulas: 14,846,049,728 bytes per rank.
        QCOMPARE(doc.at("stages")[0].at("total_bytes").get<std::uint64_t>(), std::uint64_t(14'846'049'728));
        const Run t =
            run({"cluster", "-", "--nodes", "4", "--gpus-per-node", "8", "--tp", "8", "--pp", "4", "--ep", "--table"},
                kQwen235);
        QVERIFY2(t.out.find("node 0: vllm serve Qwen/Qwen3-235B-A22B") != std::string::npos, t.out.c_str());
        QVERIFY2(t.out.find("node 3: ray start --address=HEAD_IP:6379") != std::string::npos, t.out.c_str());
    }

    void clusterErrorsNameTheOption()
    {
        const Run r = run({"cluster", "-", "--nodes", "2", "--gpus-per-node", "8", "--tp", "8"}, kQwen235);
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find("cluster") != std::string::npos && r.err.find("16") != std::string::npos, r.err.c_str());
        const Run bad = run({"cluster", "-", "--tp", "zero"}, kQwen235);
        QCOMPARE(bad.code, cli::kExitUsage);
        QVERIFY2(bad.err.find("--tp") != std::string::npos, bad.err.c_str());
    }
};

QTEST_APPLESS_MAIN(TstCompareCli)
#include "tst_comparecli.moc"
