#pragma once
// What Ollama's own Go engine (the "ollamarunner", model/models/* in Ollama's tree) does
// differently from the llama.cpp it otherwise runs. The planner sizes Ollama with llama.cpp's
// rules and these exceptions.

#include <cstdint>
#include <string_view>

namespace memplan::ollama {

/// Tokens each sequence keeps in a sliding-window layer on Ollama's own engine: gpt-oss and
/// Gemma 4 build their cache with kvcache.NewSWAMemCache(window, 4096), so a sequence keeps 4096
/// tokens there (a resumed prompt can reuse them) where llama.cpp keeps the window. 0: the window.
/// `architecture` is a GGUF architecture ("gptoss") or a config's model_type ("gpt_oss").
std::uint64_t ownEngineSwaMemory(std::string_view architecture);

} // namespace memplan::ollama
