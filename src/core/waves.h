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
//
// Host cost: a call may weigh hundreds of splits (a narrow GEMM with a
// long sum on one block: up to 4 wave / blocks), and a scan of fill(s)
// over all of them took ~1 us of host time a call. The splits whose grid
// takes w waves are the s in (floor((w - 1) wave / B), floor(w wave / B)];
// within such a band fill(s) = B s / (w wave) grows with s, so the best
// fill is that of a band's last s, and the smallest s within 2% of it is
// found by bisection in the first band that holds one: the same s as the
// scan (tests/test_waves.cu compares the two), in a few dozen steps.
inline int64_t wave_splits(int64_t blocks, int64_t wave, int64_t max_splits)
{
    if (blocks <= 0 || wave <= 0 || blocks >= wave || max_splits <= 1)
        return 1;
    const int64_t last = std::min<int64_t>(max_splits, 4 * wave / blocks);
    const auto fill = [&](int64_t s) {
        const int64_t b = blocks * s;
        return double(b) / double((b + wave - 1) / wave * wave);
    };
    const auto band_end = [&](int64_t w) { return std::min<int64_t>(last, w * wave / blocks); };
    double best = 0.0;
    for (int64_t w = 1; w <= 4; ++w)  // every band ends at 1 or more: blocks < wave, last >= 2
        best = std::max(best, fill(band_end(w)));
    for (int64_t w = 1; w <= 4; ++w) {
        int64_t lo = (w - 1) * wave / blocks + 1, hi = band_end(w);
        if (lo > hi || fill(hi) < 0.98 * best)
            continue;
        while (lo < hi) {  // the first s of [lo, hi] within 2% of the best
            const int64_t mid = lo + (hi - lo) / 2;
            if (fill(mid) >= 0.98 * best)
                hi = mid;
            else
                lo = mid + 1;
        }
        return lo;
    }
    return 1;
}

}  // namespace mv
