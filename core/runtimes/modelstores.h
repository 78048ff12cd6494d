#pragma once
// Where runtimes keep the models they pulled, each read by the folder of the runtime that
// writes the store. core/files/localmodels.cpp asks every store in modelStores() (the
// registry's order) for its folders and its models; none is called by name elsewhere.

#include "files/localmodels.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

struct ModelStore {
    /// LocalModel::source of the models found there, and the key of LocalModelRoots::stores.
    std::string_view source;
    /// Adds the store folders this computer's environment names (only those that exist).
    void (*addRootsFromEnvironment)(std::vector<std::string> &roots);
    /// Adds every model found under one store folder; a broken entry keeps its error.
    void (*scan)(const std::string &root, std::vector<LocalModel> &out);
};

/// Every store, in the order they are scanned (registry.cpp).
std::span<const ModelStore> modelStores();

namespace runtimes {
void addOllamaStoreRoots(std::vector<std::string> &roots);
void scanOllamaStore(const std::string &root, std::vector<LocalModel> &out);
void addLlamaCppCacheRoots(std::vector<std::string> &roots);
void scanLlamaCppCache(const std::string &root, std::vector<LocalModel> &out);
} // namespace runtimes

} // namespace memplan
