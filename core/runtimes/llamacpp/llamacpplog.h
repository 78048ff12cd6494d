#pragma once
// The reader of llama.cpp's logs (core/logs/logparser.h), made by its runtime module.

#include "logs/logparser.h"

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string>
#include <string_view>

namespace memplan {

std::unique_ptr<RuntimeLogParser> makeLlamaCppLogParser();

/// Reads llama.cpp's command-line options (llama-server, llama-cli, Ollama's runner) into
/// scenario setting names; the model path's file name goes into model->name when empty.
void readLlamaCppArgs(std::string_view commandLine, nlohmann::json &settings, MeasuredModel *model);

/// llama.cpp's file type text or number ("Q4_K - Medium", "15") as a quant format id ("q4_k_m");
/// empty when unknown.
std::string llamaFileTypeFormat(std::string_view fileType);

} // namespace memplan
