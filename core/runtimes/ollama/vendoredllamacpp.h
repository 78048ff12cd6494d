#pragma once
// The llama.cpp build inside each Ollama release. Ollama numbers its own releases, but
// its buffers, graph and defaults are those of the llama.cpp tree it vendors: a commit
// pinned in llama/vendoring (until 0.5.x) or Makefile.sync (FETCH_HEAD), and since 0.30,
// when Ollama starts llama-server for GGUF models, a build named in LLAMA_CPP_VERSION.
// Read from Ollama's git history at each release tag; how each commit got its build
// number is kept beside it (docs/formulas.md, "Ollama's llama.cpp").

#include "runtimes/release.h"

#include <string_view>

namespace memplan::ollama {

/// How a vendored commit's build number is known.
enum class BuildEvidence {
    Printed, ///< printed beside the commit in public text: a llama.cpp log ("build: 5359 (de4c07f9)"),
             ///< or a project's dependency table ("b7209 (7f8ef50cc)", where Ollama's title says b7108)
    Named,   ///< Ollama names the build itself (its commit title or LLAMA_CPP_VERSION)
    Dated,   ///< placed between known builds by its date and the features its source has
};

struct VendoredLlamaCpp {
    std::string_view ollamaSince; ///< the first Ollama release that carries it
    std::string_view build;       ///< llama.cpp's tag, "b5359"
    std::string_view commit;      ///< the pinned commit ("" when Ollama names only the build)
    BuildEvidence evidence;
};

/// The llama.cpp tree an Ollama release runs (a release older than 0.4.0 gets 0.4.0's row);
/// nullptr for a key that is not a dotted version.
const VendoredLlamaCpp *vendoredLlamaCpp(const ReleaseKey &ollama);

/// The same as a llama.cpp release; unnamed (the newest) when `ollama` names none.
RuntimeRelease llamaCppRelease(const RuntimeRelease &ollama);

} // namespace memplan::ollama
