#pragma once
// Which runtime's rules apply. A runtime profile (presets/runtimes/*.json) names
// its engine by a text id; the id is checked when the profile loads, so a
// mistyped engine ("vLLM") is an error naming the file and key rather than a
// profile that silently gets none of the runtime's rules.

#include <array>
#include <optional>
#include <string_view>

namespace memplan {

enum class Engine { Theory, LlamaCpp, Ollama, Vllm, Sglang, Transformers, Mlx, Training };

inline constexpr std::array kAllEngines = {Engine::Theory, Engine::LlamaCpp, Engine::Ollama,
                                           Engine::Vllm,   Engine::Sglang,   Engine::Transformers,
                                           Engine::Mlx,    Engine::Training}; // training frameworks: core/training

/// The text id used in profiles and in the estimate JSON ("llama.cpp", "vllm", ...).
std::string_view engineId(Engine e);
std::optional<Engine> engineFromId(std::string_view id);
/// "theory, llama.cpp, ollama, ..." for error messages.
std::string_view engineIdList();

/// Ollama runs llama.cpp's allocator; it differs in its settings' names and launch command.
constexpr bool isLlamaCppFamily(Engine e)
{
    return e == Engine::LlamaCpp || e == Engine::Ollama;
}

} // namespace memplan
