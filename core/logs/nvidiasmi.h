#pragma once
// The GPU table nvidia-smi prints, pasted beside a runtime's log: it names the card and its
// total memory as the driver reports it, which many runtimes never print (vLLM's V1 engine).

#include "logs/measuredrun.h"

#include <string_view>

namespace memplan {

/// Reads one line of an nvidia-smi table. A GPU's first row ("|   0  NVIDIA L40S   On  | …")
/// names device gpuN; the row after it ("… |   45241MiB /  46068MiB | …") gives its total.
/// `pendingGpu` carries the GPU between the two rows (-1: none). Fills only what the runtime's
/// own lines left empty. True when the line was such a row.
bool readNvidiaSmiLine(std::string_view line, int &pendingGpu, MeasuredRun &run);

} // namespace memplan
