// GGUF names people download (core/model/ggufrecipe.h, issue 28): recipes sized from the parts
// they combine, names read from real published file names, the closest-recipe path for
// unknown names (widened range and a warning), and no listed name refused.
// Golden bytes are worked out by hand from the per-tensor rules (shown in the comments).
#include "error.h"
#include "estimator.h"
#include "import/gguf.h"
#include "import/hubreference.h"
#include "logs/logparser.h"
#include "model/ggufrecipe.h"
#include "model/quantformat.h"
#include "runtimes/llamacpp/llamacpplog.h"
#include "scenario/resolve.h"
#include "testsupport.h"

#include <QtTest>

using namespace memplan;

namespace {

Estimate llama8b(const std::string &format)
{
    return estimate(test::theoryScenario("llama-3.1-8b", format, 4096), test::shippedCatalog());
}

const Item *weightsItem(const Estimate &e, std::string_view id)
{
    for (const Item &it : e.items)
        if (it.guest == Guest::Weights && it.id == id)
            return &it;
    return nullptr;
}

bool hasNotice(const Estimate &e, std::string_view id)
{
    for (const Notice &n : e.notices)
        if (n.id == id)
            return true;
    return false;
}

} // namespace

class TstGgufRecipe : public QObject {
    Q_OBJECT
private slots:
    // bartowski's _L / _XL files: the stock mix, with token embedding and output head at Q8_0.
    // Llama-3.1-8B's tables are V x H = 128256 x 4096 = 525,336,576 weights each (untied):
    //   Q8_0 525,336,576 / 32 x 34 = 558,170,112 bytes   Q6_K  / 256 x 210 = 430,940,160
    //   Q5_K / 256 x 176 = 361,168,896   Q4_K / 256 x 144 = 295,501,824
    //   Q3_K / 256 x 110 = 225,730,560   Q2_K / 256 x 84  = 172,376,064
    // The stock mix keeps the embedding in the base type and the output at Q6_K, so the recipe
    // adds 2 x 558,170,112 - (embedding + 430,940,160); the decoder layers are the same mix.
    void bartowskiTablesAtQ8_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<QString>("stock");
        QTest::addColumn<qulonglong>("extra");
        QTest::newRow("Q6_K_L") << "Q6_K_L"
                                << "q6_k" << qulonglong(1116340224ULL - 430940160ULL - 430940160ULL);
        QTest::newRow("Q5_K_L") << "Q5_K_L"
                                << "q5_k_m" << qulonglong(1116340224ULL - 361168896ULL - 430940160ULL);
        QTest::newRow("Q4_K_L") << "Q4_K_L"
                                << "q4_k_m" << qulonglong(1116340224ULL - 295501824ULL - 430940160ULL);
        QTest::newRow("Q3_K_XL") << "Q3_K_XL"
                                 << "q3_k_l" << qulonglong(1116340224ULL - 225730560ULL - 430940160ULL);
        QTest::newRow("Q2_K_L") << "Q2_K_L"
                                << "q2_k_mix" << qulonglong(1116340224ULL - 172376064ULL - 430940160ULL);
    }
    void bartowskiTablesAtQ8()
    {
        QFETCH(QString, recipe);
        QFETCH(QString, stock);
        QFETCH(qulonglong, extra);
        const Estimate r = llama8b(recipe.toStdString());
        const Estimate s = llama8b(stock.toStdString());
        QCOMPARE(qulonglong(r.model.weightsBytes - s.model.weightsBytes), extra);
        QCOMPARE(r.model.weightsEvidence, s.model.weightsEvidence); // a known recipe is as exact as its mix
        QVERIFY(!hasNotice(r, "warn.gguf_recipe_unknown") && !hasNotice(r, "warn.gguf_recipe_approximate"));
        const Item *embedding = weightsItem(r, "weights.embedding");
        QVERIFY(embedding);
        QCOMPARE(qulonglong(embedding->bytes), qulonglong(558170112ULL));
    }

    // llama.cpp's MXFP4_MOE: 3-D expert tensors MXFP4 (32 weights in 17 bytes), everything else
    // Q8_0 (32 in 34), output Q8_0: the same bytes as weights q8_0 with expert_format mxfp4.
    void mxfp4MoeIsQ8WithMxfp4Experts()
    {
        Scenario named = test::theoryScenario("qwen3-30b-a3b", "MXFP4_MOE", 4096);
        Scenario spelled = test::theoryScenario("qwen3-30b-a3b", "q8_0", 4096);
        spelled.weights.expertFormat = "mxfp4";
        const ResolvedScenario r = resolveScenario(named, test::shippedCatalog());
        QCOMPARE(r.expertFormat->id, std::string_view("mxfp4"));
        QCOMPARE(r.outputFormat->id, std::string_view("q8_0"));
        QCOMPARE(r.embeddingFormat->id, std::string_view("q8_0"));
        const Estimate a = estimate(named, test::shippedCatalog());
        const Estimate b = estimate(spelled, test::shippedCatalog());
        QCOMPARE(a.model.weightsBytes, b.model.weightsBytes);
        // Experts: 48 layers x 128 experts x 3 matrices x 2048 x 768 weights = 28,991,029,248,
        // at 17/32 bytes = 15,401,484,288 bytes.
        QCOMPARE(qulonglong(r.model.params.routedExperts), qulonglong(28991029248ULL));
        QCOMPARE(qulonglong(findQuantFormat("mxfp4")->bytesFor(r.model.params.routedExperts)),
                 qulonglong(15401484288ULL));
    }

    // Names as users write them: case, '-' or '_', Unsloth's UD- prefix.
    void namesAreRecognised_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("layers");
        QTest::addColumn<bool>("approximate");
        QTest::addColumn<bool>("known");
        QTest::newRow("bartowski lower") << "q4_k_l"
                                         << "q4_k_m" << false << true;
        QTest::newRow("dashes") << "Q4-K-L"
                                << "q4_k_m" << false << true;
        QTest::newRow("UD upper") << "UD-Q4_K_XL"
                                  << "q4_k_m" << true << true;
        QTest::newRow("ud underscore") << "ud_q4_k_xl"
                                       << "q4_k_m" << true << true;
        QTest::newRow("UD Q8_K_XL") << "UD-Q8_K_XL"
                                    << "q8_0" << true << true;
        QTest::newRow("UD IQ1_S") << "UD-IQ1_S"
                                  << "iq1_s" << true << true;
        QTest::newRow("UD stock mix") << "UD-Q4_K_M"
                                      << "q4_k_m" << true << true;
        QTest::newRow("UD IQ2_M") << "UD-IQ2_M"
                                  << "iq2_m" << true << true;
        // huggingface.co/mradermacher/*-i1-GGUF: "Model.i1-Q4_K_M.gguf", stock types made with an
        // importance matrix, so the stock mix is exact.
        QTest::newRow("i1 stock") << "i1-Q4_K_M"
                                  << "q4_k_m" << false << true;
        QTest::newRow("i1 IQ") << "i1-IQ2_M"
                               << "iq2_m" << false << true;
        QTest::newRow("mxfp4-moe") << "mxfp4-moe"
                                   << "q8_0" << false << true;
        QTest::newRow("unknown Q4 suffix") << "Q4_K_XXL"
                                           << "q4_k_m" << true << false;
        QTest::newRow("ik_llama IQ4_KS") << "IQ4_KS"
                                         << "iq4_xs" << true << false;
        QTest::newRow("Q6 suffix") << "Q6_K_XL"
                                   << "q6_k" << true << false;
    }
    void namesAreRecognised()
    {
        QFETCH(QString, name);
        QFETCH(QString, layers);
        QFETCH(bool, approximate);
        QFETCH(bool, known);
        const auto c = findGgufRecipe(name.toStdString());
        QVERIFY(c);
        QCOMPARE(QString::fromUtf8(c->recipe.layers.data(), qsizetype(c->recipe.layers.size())), layers);
        QCOMPARE(c->recipe.approximate, approximate);
        QCOMPARE(c->known, known);
    }

    // llama.cpp's IQ3_M, IQ3_XS, IQ2_M and Q2_K_S are stock mixes, so they are formats summed
    // tensor by tensor (tst_ggufmix), not recipes sized with a widened range.
    void llamaCppIqMixesAreFormats()
    {
        for (const char *id : {"iq3_m", "iq3_xs", "iq2_m", "q2_k_s"}) {
            const QuantFormat *f = findQuantFormat(id);
            QVERIFY2(f, id);
            QCOMPARE(int(f->family), int(FormatFamily::GgufRecipe));
            for (const GgufRecipe &r : allGgufRecipes())
                QVERIFY2(normalizeQuantName(r.name) != id, id);
        }
    }

    // File names as published (the repositories named in each row).
    void fileNamesCarryTheirQuant_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("quant");
        // huggingface.co/unsloth/Qwen3-30B-A3B-GGUF
        QTest::newRow("unsloth UD") << "Qwen3-30B-A3B-UD-Q4_K_XL.gguf"
                                    << "UD-Q4_K_XL";
        // huggingface.co/unsloth/DeepSeek-R1-GGUF (a split set in a folder of its own)
        QTest::newRow("unsloth split") << "DeepSeek-R1-UD-IQ1_S/DeepSeek-R1-UD-IQ1_S-00001-of-00003.gguf"
                                       << "UD-IQ1_S";
        // huggingface.co/bartowski/Llama-3.2-3B-Instruct-GGUF
        QTest::newRow("bartowski _L") << "Llama-3.2-3B-Instruct-Q6_K_L.gguf"
                                      << "Q6_K_L";
        // huggingface.co/bartowski/Meta-Llama-3.1-8B-Instruct-GGUF
        QTest::newRow("bartowski XL") << "Meta-Llama-3.1-8B-Instruct-Q3_K_XL.gguf"
                                      << "Q3_K_XL";
        // huggingface.co/ggml-org/gpt-oss-20b-GGUF
        QTest::newRow("ggml-org mxfp4") << "gpt-oss-20b-mxfp4.gguf"
                                        << "mxfp4";
        // Unsloth's fine-tune exports ("unsloth.Q4_K_M.gguf")
        QTest::newRow("dot separated") << "unsloth.Q4_K_M.gguf"
                                       << "Q4_K_M";
        // huggingface.co/mradermacher/Meta-Llama-3.1-8B-Instruct-i1-GGUF
        QTest::newRow("mradermacher i1") << "Meta-Llama-3.1-8B-Instruct.i1-Q4_K_M.gguf"
                                         << "Q4_K_M";
        QTest::newRow("no quant") << "model.gguf"
                                  << "";
    }
    void fileNamesCarryTheirQuant()
    {
        QFETCH(QString, file);
        QFETCH(QString, quant);
        QCOMPARE(QString::fromStdString(quantNameInFileName(file.toStdString())), quant);
    }

    // An unknown name with a bit count: sized as the closest stock recipe, the range widened by
    // half a step of the type ladder either way. Q4_K_XXL -> Q4_K_M, base Q4_K (4.5 bits):
    // below Q3_K 3.4375, above Q5_K 5.5: low = 1 - (4.5 - 3.4375) / 9 = 0.8819,
    // high = 1 + (5.5 - 4.5) / 9 = 1.1111.
    void unknownNameWidensAndWarns()
    {
        const Range range = widenedRecipeRange(4.5);
        QVERIFY(qAbs(range.low - 0.881944) < 1e-5);
        QVERIFY(qAbs(range.high - 1.111111) < 1e-5);
        const Estimate e = llama8b("Q4_K_XXL");
        const Estimate stock = llama8b("q4_k_m");
        QCOMPARE(e.model.weightsBytes, stock.model.weightsBytes);
        QVERIFY(hasNotice(e, "warn.gguf_recipe_unknown"));
        QCOMPARE(e.model.weightsEvidence, Evidence::Estimated);
        const Item *layers = weightsItem(e, "weights.layers");
        QVERIFY(layers);
        QVERIFY(layers->low < layers->bytes && layers->high > layers->bytes);
        QVERIFY(qAbs(double(layers->low) / double(layers->bytes) - range.low) < 1e-6);
        QVERIFY(qAbs(double(layers->high) / double(layers->bytes) - range.high) < 1e-6);
        bool named = false;
        for (const std::string &w : e.warnings)
            named = named || (w.find("Q4_K_XXL") != std::string::npos && w.find("Q4_K_M") != std::string::npos);
        QVERIFY2(named, "the warning names the unknown name and the recipe assumed");
    }

    // Unsloth's dynamic files: the stock recipe, approximate, with its own warning.
    void unslothIsApproximate()
    {
        const Estimate e = llama8b("UD-Q4_K_XL");
        QCOMPARE(e.model.weightsBytes, llama8b("q4_k_m").model.weightsBytes);
        QVERIFY(hasNotice(e, "warn.gguf_recipe_approximate"));
        QCOMPARE(e.model.weightsEvidence, Evidence::Estimated);
    }

    // No listed name, and no name llama.cpp writes in general.file_type, is refused.
    void noListedNameIsRefused()
    {
        for (const GgufRecipe &r : allGgufRecipes()) {
            const std::string name(r.name);
            const std::string model = r.experts.empty() ? "llama-3.1-8b" : "qwen3-30b-a3b";
            try {
                estimate(test::theoryScenario(model, name, 4096), test::shippedCatalog());
            } catch (const std::exception &ex) {
                QFAIL(qPrintable(QString::fromStdString(name + ": " + ex.what())));
            }
        }
        for (std::uint64_t ft = 0; ft < 64; ++ft) {
            const std::string name = ggufFileTypeName(ft);
            if (!name.empty())
                QVERIFY2(findQuantFormat(name) || findGgufRecipe(name), name.c_str());
        }
    }

    // llama.cpp's printed file types for the IQ mixes (llama_model_ftype_name).
    void logFileTypes_data()
    {
        QTest::addColumn<QString>("printed");
        QTest::addColumn<QString>("format");
        QTest::newRow("IQ3_XS") << "IQ3_XS - 3.3 bpw"
                                << "iq3_xs";
        QTest::newRow("IQ3_M") << "IQ3_S mix - 3.66 bpw"
                               << "iq3_m";
        QTest::newRow("IQ4_XS") << "IQ4_XS - 4.25 bpw"
                                << "iq4_xs";
        QTest::newRow("Q2_K_S") << "Q2_K - Small"
                                << "q2_k_s";
        // LLAMA_FTYPE_MOSTLY_Q2_K is llama-quantize's Q2_K mix (attn_v, ffn_down and the output
        // head raised), not the uniform Q2_K block type.
        QTest::newRow("Q2_K") << "Q2_K - Medium"
                              << "q2_k_mix";
        QTest::newRow("Q4_K_M") << "Q4_K - Medium"
                                << "q4_k_m";
    }
    void logFileTypes()
    {
        QFETCH(QString, printed);
        QFETCH(QString, format);
        QCOMPARE(QString::fromStdString(llamaFileTypeFormat(printed.toStdString())), format);
    }

    // A repository's quant picked by name (model.hub "org/repo:QUANT"): Unsloth's dynamic
    // files sit beside stock ones (huggingface.co/unsloth/Qwen3-30B-A3B-GGUF lists both
    // Qwen3-30B-A3B-Q4_K_M.gguf and Qwen3-30B-A3B-UD-Q4_K_XL.gguf); the UD-Q4_K_M entry is
    // added here to show that a stock name prefers the stock file over a dynamic one.
    void hubQuantPicksTheRightFile_data()
    {
        QTest::addColumn<QString>("quant");
        QTest::addColumn<QString>("file");
        QTest::newRow("stock") << "Q4_K_M"
                               << "Qwen3-30B-A3B-Q4_K_M.gguf";
        QTest::newRow("UD named") << "UD-Q4_K_XL"
                                  << "Qwen3-30B-A3B-UD-Q4_K_XL.gguf";
        QTest::newRow("UD only match") << "Q4_K_XL"
                                       << "Qwen3-30B-A3B-UD-Q4_K_XL.gguf";
        QTest::newRow("UD of a stock name") << "UD-Q2_K_XL"
                                            << "Qwen3-30B-A3B-UD-Q2_K_XL.gguf";
    }
    void hubQuantPicksTheRightFile()
    {
        QFETCH(QString, quant);
        QFETCH(QString, file);
        const std::vector<std::string> listing = {"Qwen3-30B-A3B-Q4_K_M.gguf", "Qwen3-30B-A3B-UD-Q4_K_XL.gguf",
                                                  "Qwen3-30B-A3B-UD-Q4_K_M.gguf", "Qwen3-30B-A3B-UD-Q2_K_XL.gguf"};
        HubReference ref;
        ref.repo = "unsloth/Qwen3-30B-A3B-GGUF";
        ref.quant = quant.toStdString();
        const std::vector<std::string> chosen = chooseHubFiles(listing, ref);
        QCOMPARE(chosen.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(chosen.front()), file);
    }

    void textWithoutBitsIsRefused()
    {
        QVERIFY(!findGgufRecipe("banana"));
        QVERIFY(!findGgufRecipe("qwen3"));
        QVERIFY_THROWS_EXCEPTION(InputError, llama8b("banana"));
    }
};

QTEST_APPLESS_MAIN(TstGgufRecipe)
#include "tst_ggufrecipe.moc"
