#include "vendoredllamacpp.h"

#include <array>

namespace memplan::ollama {

namespace {

using enum BuildEvidence;

// One row per change of the pinned tree, oldest first (git show vX:llama/vendoring,
// vX:Makefile.sync, vX:LLAMA_CPP_VERSION at every release tag of github.com/ollama/ollama).
// The dated rows sit between printed builds, on the side of each planner boundary
// (core/runtimes/llamacpp/releaserules.h) that their source shows:
//  - 71e90e881 (0.6.6) has no n_embd_head_k_mla, so it predates PR #12801 (b5137);
//  - 2016f07bd and e1e8e0991 (0.6.7, 0.6.8, late April 2025) have it;
//  - e54d41bef (0.11.5, a Granite-Four branch of mid-August 2025) has kv_unified (b5913) but
//    not the scheduler's used-experts copy of PR #15346 (b6220);
//  - 7049736b2 (0.12.6, pinned 13 October 2025) lies between b6646 and b6840;
//  - 17f7f4baa and ec98e2002 (0.13.3, 0.13.5; 10 and 16 December 2025) follow b7209 and
//    predate PR #18096 (b7440), opened on 16 December.
constexpr std::array kVendored = {
    VendoredLlamaCpp{"0.4.0", "b3862", "3f1ae2e32", Printed},
    VendoredLlamaCpp{"0.5.2", "b4260", "40c6d79fb", Printed},
    VendoredLlamaCpp{"0.5.3", "b4327", "ba1cb19cd", Printed},
    VendoredLlamaCpp{"0.5.5", "b4419", "46e3556e0", Printed},
    VendoredLlamaCpp{"0.5.13", "b4779", "d7cfe1ffe", Printed},
    VendoredLlamaCpp{"0.6.6", "b5120", "71e90e881", Dated},
    VendoredLlamaCpp{"0.6.7", "b5200", "2016f07bd", Dated},
    VendoredLlamaCpp{"0.6.8", "b5260", "e1e8e0991", Dated},
    VendoredLlamaCpp{"0.7.0", "b5359", "de4c07f93", Printed},
    VendoredLlamaCpp{"0.11.5", "b6140", "e54d41bef", Dated},
    VendoredLlamaCpp{"0.12.4", "b6646", "364a7a6d4", Named},
    VendoredLlamaCpp{"0.12.6", "b6750", "7049736b2", Dated},
    VendoredLlamaCpp{"0.12.11", "b6840", "3cfa9c3f1", Named},
    VendoredLlamaCpp{"0.13.2", "b7209", "7f8ef50cc", Printed},
    VendoredLlamaCpp{"0.13.3", "b7330", "17f7f4baa", Dated},
    VendoredLlamaCpp{"0.13.5", "b7400", "ec98e2002", Dated},
    VendoredLlamaCpp{"0.30.0", "b9452", "", Named},
    VendoredLlamaCpp{"0.30.1", "b9479", "", Named},
    VendoredLlamaCpp{"0.30.4", "b9493", "", Named},
    VendoredLlamaCpp{"0.30.5", "b9509", "", Named},
    VendoredLlamaCpp{"0.30.9", "b9626", "", Named},
    VendoredLlamaCpp{"0.30.10", "b9672", "", Named},
    VendoredLlamaCpp{"0.30.11", "b9781", "", Named},
    VendoredLlamaCpp{"0.31.0", "b9840", "", Named},
    VendoredLlamaCpp{"0.31.2", "b9888", "", Named},
    VendoredLlamaCpp{"0.32.2", "b10069", "", Named},
    VendoredLlamaCpp{"0.32.3", "b10091", "", Named},
    VendoredLlamaCpp{"0.32.6", "b10242", "", Named},
    VendoredLlamaCpp{"0.32.8", "b10353", "", Named},
    VendoredLlamaCpp{"0.32.10", "b10380", "", Named},
    VendoredLlamaCpp{"0.32.14", "b10434", "", Named},
    VendoredLlamaCpp{"0.32.15", "b10488", "", Named},
};

/// Each row's Ollama release and llama.cpp build, parsed once: the speed engine asks per estimate.
struct ParsedRow {
    ReleaseKey since;
    RuntimeRelease build;
};

const std::array<ParsedRow, kVendored.size()> &parsedRows()
{
    static const auto rows = [] {
        std::array<ParsedRow, kVendored.size()> r{};
        for (std::size_t i = 0; i < kVendored.size(); ++i) {
            r[i].since = *parseDottedRelease(kVendored[i].ollamaSince);
            r[i].build.version = std::string(kVendored[i].build);
            r[i].build.key = *parseBuildRelease(kVendored[i].build);
            r[i].build.defaulted = false;
        }
        return r;
    }();
    return rows;
}

/// The row an Ollama release runs; older releases than the first row ran older trees still, and
/// every boundary the planner keys is later than b3862, so they share its rules.
std::size_t rowOf(const ReleaseKey &ollama)
{
    const auto &rows = parsedRows();
    std::size_t found = 0;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (ollama >= rows[i].since)
            found = i;
    return found;
}

} // namespace

const VendoredLlamaCpp *vendoredLlamaCpp(const ReleaseKey &ollama)
{
    return ollama.era != 0 ? nullptr : &kVendored[rowOf(ollama)];
}

RuntimeRelease llamaCppRelease(const RuntimeRelease &ollama)
{
    if (!ollama.known() || ollama.key.era != 0)
        return {};
    return parsedRows()[rowOf(ollama.key)].build;
}

} // namespace memplan::ollama
