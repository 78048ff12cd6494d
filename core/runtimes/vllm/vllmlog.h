#pragma once
// The reader of vLLM's logs (core/logs/logparser.h), made by its runtime module.

#include "logs/logparser.h"

#include <memory>

namespace memplan {

std::unique_ptr<RuntimeLogParser> makeVllmLogParser();

} // namespace memplan
