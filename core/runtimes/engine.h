#pragma once
// Which runtime's rules apply. A runtime profile (presets/runtimes/*.json) names
// its engine by a text id; the id is checked against the runtime registry
// (core/runtimes/registry.h) when the profile loads, so a mistyped engine ("vLLM")
// is an error naming the file and key rather than a profile that silently gets
// none of the runtime's rules.
//
// An Engine is only that id: what a runtime does is asked of its module through
// runtimeModel(engine) (core/runtimes/runtimemodel.h), never decided by comparing
// ids, so a runtime registered later (a plug-in, a test's fake) is a full citizen.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

class Engine {
public:
    /// The model-only profile: the seeds' formulas, no runtime.
    constexpr Engine() = default;
    /// `id` must outlive every copy (a string literal, or storage the registry keeps).
    constexpr explicit Engine(std::string_view id) : m_id(id) {}
    constexpr std::string_view id() const { return m_id; }
    friend constexpr bool operator==(Engine a, Engine b) { return a.m_id == b.m_id; }

    // The runtimes the planner ships (their modules: core/runtimes/registry.cpp).
    static const Engine Theory, LlamaCpp, Ollama, Vllm, Sglang, Transformers, Mlx, Training;

private:
    std::string_view m_id = "theory";
};

inline constexpr Engine Engine::Theory{"theory"};
inline constexpr Engine Engine::LlamaCpp{"llama.cpp"};
inline constexpr Engine Engine::Ollama{"ollama"};
inline constexpr Engine Engine::Vllm{"vllm"};
inline constexpr Engine Engine::Sglang{"sglang"};
inline constexpr Engine Engine::Transformers{"transformers"};
inline constexpr Engine Engine::Mlx{"mlx"};
inline constexpr Engine Engine::Training{"training"}; // training frameworks: core/training

/// The text id used in profiles and in the estimate JSON ("llama.cpp", "vllm", ...).
constexpr std::string_view engineId(Engine e)
{
    return e.id();
}
/// The registered engine with this id.
std::optional<Engine> engineFromId(std::string_view id);
/// "theory, llama.cpp, ollama, ..." for error messages.
std::string engineIdList();
/// Every registered engine, built-ins first.
std::vector<Engine> allEngines();

} // namespace memplan
