#pragma once
// Models already on this computer: the Hugging Face hub cache
// (models--ORG--NAME/snapshots/REV, files are symlinks into blobs/), the stores
// runtimes pull models into (each read in its runtime's folder, listed in
// core/runtimes/modelstores.h) and plain folders of GGUF files (LM Studio's models
// folder, llama.cpp's cache, or any the user adds). Read-only, headers only; a broken
// or partial file is named and skipped, never fatal.

#include "import/importedmodel.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace memplan {

struct LocalModelRoots {
    std::vector<std::string> huggingFace; ///< hub cache folders (those holding models--*)
    /// Runtimes' model stores by ModelStore::source ("ollama": folders holding manifests/ and blobs/).
    std::map<std::string, std::vector<std::string>, std::less<>> stores;
    std::vector<std::string> folders; ///< folders searched two levels deep for *.gguf and model folders
};

/// HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub; each model store's own
/// (llama.cpp's LLAMA_CACHE, else ~/.cache/llama.cpp; OLLAMA_MODELS, else ~/.ollama/models);
/// ~/.lmstudio/models and ~/.cache/lm-studio/models. Only folders that exist are returned.
LocalModelRoots localModelRootsFromEnvironment();

struct LocalModel {
    std::string source;  ///< where it was found: the Hugging Face cache, a runtime's model store, or "folder"
    std::string name;    ///< "meta-llama/Llama-3.1-8B", "llama3.1:8b", the file name
    std::string path;    ///< what importModel() reads (a snapshot folder, a blob, a file)
    ImportedModel model; ///< valid when error is empty
    std::string error;   ///< why it was skipped (broken file, partial download)
};

/// Every model found, sorted by source then name. Entries that could not be read keep
/// their error; the caller lists them as skipped.
std::vector<LocalModel> findLocalModels(const LocalModelRoots &roots);

/// One model file or folder read for the list; what made it unreadable goes into error.
LocalModel readLocalModel(const std::string &source, const std::string &name, const std::string &path);

/// The *.gguf files directly in `folder` (any case of the extension), sorted; none when unreadable.
std::vector<std::string> ggufFilesIn(const std::string &folder);

/// Appends path when it names an existing folder.
void addFolderIfExists(std::vector<std::string> &out, const std::string &path);

} // namespace memplan
