#include "recurrentstate.h"

#include <algorithm>

namespace memplan {

namespace {
constexpr const char *kRecurrentWhat = "recurrent state";

std::uint64_t scanConvChannels(const RecurrentShape &s, std::uint32_t groups)
{
    return checkedAdd(s.dInner, checkedMul(2ULL * groups, s.dState, kRecurrentWhat), kRecurrentWhat);
}
} // namespace

std::uint64_t convStateElements(LayerKind kind, const RecurrentShape &s, std::uint32_t hidden)
{
    switch (kind) {
    case LayerKind::Rwkv:
        return checkedMul(s.tokenShiftCount, hidden, kRecurrentWhat);
    case LayerKind::ShortConv:
        return checkedMul(s.dConv > 0 ? s.dConv - 1 : 0, hidden, kRecurrentWhat);
    case LayerKind::Mamba:
        return checkedMul(s.dConv > 0 ? s.dConv - 1 : 0, s.dInner, kRecurrentWhat);
    case LayerKind::Mamba2:
    case LayerKind::LinearAttention:
        return checkedMul(s.dConv > 0 ? s.dConv - 1 : 0, scanConvChannels(s, s.nGroups), kRecurrentWhat);
    default:
        return 0;
    }
}

std::uint64_t ssmStateElements(LayerKind kind, const RecurrentShape &s, std::uint32_t hidden)
{
    switch (kind) {
    case LayerKind::Rwkv:
        return checkedMul(hidden, s.wkvHeadSize, kRecurrentWhat);
    case LayerKind::Mamba:
    case LayerKind::Mamba2:
    case LayerKind::LinearAttention:
        return checkedMul(s.dInner, s.dState, kRecurrentWhat);
    default:
        return 0;
    }
}

StateElements stateElementsPerDevice(LayerKind kind, const RecurrentShape &s, std::uint32_t hidden, std::uint32_t tp)
{
    tp = std::max<std::uint32_t>(1, tp);
    if (tp == 1 || kind == LayerKind::Rwkv)
        return {convStateElements(kind, s, hidden), ssmStateElements(kind, s, hidden)};
    RecurrentShape d = s;
    // vLLM adds tp - n_groups groups when tp does not divide them (n_groups = 1 becomes tp).
    if (kind == LayerKind::Mamba2 && s.nGroups % tp != 0)
        d.nGroups = tp;
    StateElements e{convStateElements(kind, d, hidden), ssmStateElements(kind, d, hidden)};
    e.conv = ceilDiv(e.conv, tp);
    e.ssm = ceilDiv(e.ssm, tp);
    return e;
}

Bytes stateBytesPerLayer(const StateElements &e, std::uint32_t convBytes, std::uint32_t ssmBytes)
{
    return checkedAdd(checkedMul(e.conv, convBytes, kRecurrentWhat), checkedMul(e.ssm, ssmBytes, kRecurrentWhat),
                      kRecurrentWhat);
}

} // namespace memplan
