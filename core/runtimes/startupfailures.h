#pragma once
// The messages runtimes print when they cannot start for lack of memory, each read by the
// folder of the runtime (or shared mechanism) that prints it into MeasuredRun::failure with
// the figures it gives (wanted, free, total). core/logs/startupfailure.cpp asks every reader
// in startupFailureReaders() (the registry's order); none of them is called by name elsewhere.

#include "logs/measuredrun.h"

#include <cstddef>
#include <span>
#include <string_view>

namespace memplan {

/// True when the line was a failure message of this reader's runtime.
using StartupFailureReader = bool (*)(std::string_view line, std::size_t lineNo, MeasuredRun &run);

/// Every reader, in the order they are tried (registry.cpp).
std::span<const StartupFailureReader> startupFailureReaders();

namespace runtimes {
bool readVllmKvTooSmall(std::string_view line, std::size_t lineNo, MeasuredRun &run);
bool readVllmNoCacheBlocks(std::string_view line, std::size_t lineNo, MeasuredRun &run);
bool readTorchOutOfMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run);
bool readLlamaCppAllocation(std::string_view line, std::size_t lineNo, MeasuredRun &run);
bool readOllamaSystemMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run);
bool readMetalOutOfMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run);
} // namespace runtimes

} // namespace memplan
