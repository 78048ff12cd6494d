#include "outputrows.h"

#include <algorithm>

namespace memplan::llamacpp {

std::optional<Program> parseProgram(std::string_view name)
{
    if (name == "llama-server")
        return Program::Server;
    if (name == "llama-cli" || name == "llama-completion" || name == "library")
        return Program::Cli;
    return std::nullopt;
}

OutputLimits outputLimits(Program program, std::uint32_t nSeq, std::uint32_t nBatch, std::uint32_t reserveTokens,
                          std::optional<std::uint32_t> nOutputsMax)
{
    const std::uint32_t seqs = std::max<std::uint32_t>(1, nSeq);
    std::uint32_t limit = nOutputsMax ? *nOutputsMax : (program == Program::Server ? seqs : 0);
    if (limit == 0)
        limit = std::max<std::uint32_t>(1, nBatch);
    OutputLimits o;
    o.graphRows = std::max<std::uint32_t>(1, std::min(reserveTokens, limit));
    // The output buffer starts with max(n_outputs, n_seq_max) rows and n_outputs is 0 then.
    o.bufferRows = seqs;
    return o;
}

} // namespace memplan::llamacpp
