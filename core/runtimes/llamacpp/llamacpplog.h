#pragma once
// The reader of llama.cpp's logs (core/logs/logparser.h), made by its runtime module.

#include "logs/logparser.h"

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

std::unique_ptr<RuntimeLogParser> makeLlamaCppLogParser();

/// Reads llama.cpp's command-line options (llama-server, llama-cli, Ollama's runner) into
/// scenario setting names; the model path's file name goes into model->name when empty. Options
/// that change memory but that the plan does not take (a draft model, LoRA adapters, no op
/// offload) go into `unmodelled` as the command spells them.
void readLlamaCppArgs(std::string_view commandLine, nlohmann::json &settings, MeasuredModel *model,
                      std::vector<std::string> *unmodelled = nullptr);

/// llama.cpp's file type text or number ("Q4_K - Medium", "15") as a quant format id ("q4_k_m");
/// empty when unknown.
std::string llamaFileTypeFormat(std::string_view fileType);

} // namespace memplan
