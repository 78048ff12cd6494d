#include "scenario/runtimeprofile.h"

namespace memplan {

std::string_view kvAllocationId(KvAllocation a)
{
    switch (a) {
    case KvAllocation::Exact:
        return "exact";
    case KvAllocation::ReserveFull:
        return "reserve_full";
    case KvAllocation::Paged:
        return "paged";
    }
    return "?";
}

std::optional<KvAllocation> kvAllocationFromId(std::string_view id)
{
    for (KvAllocation a : {KvAllocation::Exact, KvAllocation::ReserveFull, KvAllocation::Paged})
        if (kvAllocationId(a) == id)
            return a;
    return std::nullopt;
}

std::string_view activationGraphId(ActivationGraph g)
{
    switch (g) {
    case ActivationGraph::Generic:
        return "generic";
    case ActivationGraph::Ggml:
        return "ggml";
    }
    return "?";
}

std::optional<ActivationGraph> activationGraphFromId(std::string_view id)
{
    for (ActivationGraph g : {ActivationGraph::Generic, ActivationGraph::Ggml})
        if (activationGraphId(g) == id)
            return g;
    return std::nullopt;
}

std::string_view loadingModeId(LoadingMode m)
{
    switch (m) {
    case LoadingMode::Mmap:
        return "mmap";
    case LoadingMode::Streaming:
        return "streaming";
    case LoadingMode::FullCopy:
        return "full_copy";
    }
    return "?";
}

std::optional<LoadingMode> loadingModeFromId(std::string_view id)
{
    for (LoadingMode m : {LoadingMode::Mmap, LoadingMode::Streaming, LoadingMode::FullCopy})
        if (loadingModeId(m) == id)
            return m;
    return std::nullopt;
}

} // namespace memplan
