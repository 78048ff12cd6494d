#include "runtimes/llamacpp/recurrentcells.h"

#include <algorithm>

namespace memplan {

namespace {
constexpr const char *kCellsWhat = "recurrent state";
} // namespace

Bytes llamaCppRecurrentBytes(const StateElements &perLayer, std::uint32_t layers, std::uint64_t seqMax)
{
    const std::uint64_t cells = std::max<std::uint64_t>(1, seqMax);
    return checkedMul(checkedMul(stateBytesPerLayer(perLayer, 4, 4), layers, kCellsWhat), cells, kCellsWhat);
}

} // namespace memplan
