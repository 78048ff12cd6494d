#include "mixerparams.h"

#include "../bytes.h"
#include "model/paramarith.h"

namespace memplan {

namespace {
using params::add;
using params::kWhat;
using params::mul;

std::uint64_t mamba1(const RecurrentShape &s, std::uint64_t h)
{
    const std::uint64_t di = s.dInner, ds = s.dState, r = s.dtRank;
    std::uint64_t p = mul(h, 2 * di); // in_proj
    if (s.projBias)
        p = add(p, 2 * di);
    p = add(p, mul(di, s.dConv) + (s.convBias ? di : 0)); // conv1d
    p = add(p, mul(di, r + 2 * ds));                      // x_proj
    p = add(p, mul(r, di) + di);                          // dt_proj with bias
    p = add(p, mul(di, ds) + di);                         // A_log, D
    p = add(p, mul(di, h) + (s.projBias ? h : 0));        // out_proj
    if (s.innerNorms)
        p = add(p, r + 2 * ds);
    return p;
}

std::uint64_t mamba2(const RecurrentShape &s, std::uint64_t h)
{
    const std::uint64_t di = s.dInner, nh = s.nHeads;
    const std::uint64_t convDim = di + 2ULL * s.nGroups * s.dState;
    const std::uint64_t inWidth = 2 * di + 2ULL * s.nGroups * s.dState + nh;
    std::uint64_t p = mul(h, inWidth);
    if (s.projBias)
        p = add(p, inWidth);
    p = add(p, mul(convDim, s.dConv) + (s.convBias ? convDim : 0));
    p = add(p, 3 * nh); // dt_bias, A_log, D
    if (s.gatedNorm)
        p = add(p, di);
    p = add(p, mul(di, h) + (s.projBias ? h : 0));
    return p;
}

std::uint64_t gatedDelta(const RecurrentShape &s, std::uint64_t h)
{
    const std::uint64_t keyDim = std::uint64_t(s.nGroups) * s.dState; // n_k x d_k
    const std::uint64_t valueDim = s.dInner;                          // n_v x d_v
    const std::uint64_t nv = s.nHeads;
    const std::uint64_t dv = nv ? valueDim / nv : 0;
    std::uint64_t p = mul(h, 2 * keyDim + 2 * valueDim); // in_proj_qkvz
    p = add(p, mul(h, 2 * nv));                          // in_proj_ba
    p = add(p, mul(2 * keyDim + valueDim, s.dConv));     // conv1d, no bias
    p = add(p, 2 * nv + dv);                             // dt_bias, A_log, gated norm
    p = add(p, mul(valueDim, h));                        // out_proj
    return p;
}

std::uint64_t shortConv(const RecurrentShape &s, std::uint64_t h)
{
    std::uint64_t p = mul(h, 3 * h) + mul(h, s.dConv) + mul(h, h);
    if (s.convBias)
        p = add(p, 3 * h + h + h);
    return p;
}
} // namespace

std::uint64_t recurrentMixerParams(LayerKind kind, const RecurrentShape &s, std::uint32_t hiddenSize)
{
    const std::uint64_t h = hiddenSize;
    switch (kind) {
    case LayerKind::Mamba:
        return mamba1(s, h);
    case LayerKind::Mamba2:
        return mamba2(s, h);
    case LayerKind::LinearAttention:
        return gatedDelta(s, h);
    case LayerKind::ShortConv:
        return shortConv(s, h);
    case LayerKind::Rwkv:
        return mul(6, mul(h, h));
    default:
        return 0;
    }
}

} // namespace memplan
