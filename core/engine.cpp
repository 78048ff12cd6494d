#include "engine.h"

namespace memplan {

std::string_view engineId(Engine e)
{
    switch (e) {
    case Engine::Theory:
        return "theory";
    case Engine::LlamaCpp:
        return "llama.cpp";
    case Engine::Ollama:
        return "ollama";
    case Engine::Vllm:
        return "vllm";
    case Engine::Sglang:
        return "sglang";
    case Engine::Transformers:
        return "transformers";
    case Engine::Mlx:
        return "mlx";
    case Engine::Training:
        return "training";
    }
    return "?";
}

std::optional<Engine> engineFromId(std::string_view id)
{
    for (Engine e : kAllEngines)
        if (engineId(e) == id)
            return e;
    return std::nullopt;
}

std::string_view engineIdList()
{
    return "theory, llama.cpp, ollama, vllm, sglang, transformers, mlx or training";
}

} // namespace memplan
