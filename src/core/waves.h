// How a grid of equal blocks fills the GPU's waves (host code, no CUDA):
// the split of a summed dimension that the split kernels of every family
// choose.
#pragma once

#include <algorithm>
#include <cstdint>

namespace mv {

// Splits of a summed dimension for `blocks` equal output blocks on a GPU
// that runs `wave` blocks at once. The blocks of one wave start and end
// together, and a part-filled last wave streams at its few busy SMs alone:
// 1.13 waves take nearly the time of two (the narrow GEMM at k = 2 on
// 16384^2 read A at 87-90% with ceil(wave / blocks) splits). So the split
// is chosen by the share of the waves' slots that hold a block,
// B / (ceil(B / wave) * wave) for B = blocks * S, over S = 1 .. max_splits
// (and at most four waves): the smallest S within 2% of the best (a
// relative margin: a grid far smaller than a wave still takes the split
// that gives it the most blocks).
// Grids of a wave or more are not split (their last wave is the smaller
// part of the time, and a split costs partial sums).
inline int64_t wave_splits(int64_t blocks, int64_t wave, int64_t max_splits)
{
    if (blocks <= 0 || wave <= 0 || blocks >= wave || max_splits <= 1)
        return 1;
    const int64_t last = std::min<int64_t>(max_splits, 4 * wave / blocks);
    const auto fill = [&](int64_t s) {
        const int64_t b = blocks * s;
        return double(b) / double((b + wave - 1) / wave * wave);
    };
    double best = 0.0;
    for (int64_t s = 1; s <= last; ++s)
        best = std::max(best, fill(s));
    for (int64_t s = 1; s <= last; ++s)
        if (fill(s) >= 0.98 * best)
            return s;
    return 1;
}

}  // namespace mv
