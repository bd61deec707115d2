// Sums by the lanes of a warp, in an order fixed by the inputs alone.
#pragma once

#include <cstdint>

namespace mv {

// The sum of part[0], part[stride], ..., part[(count - 1) * stride] by the
// 32 lanes of a warp: lane l adds i = l, l + 32, ... in turn, then a
// butterfly, so that every lane ends with the same bits and the order
// depends on count alone (deterministic). Each lane's loads are
// independent: count / 32 of them in flight rather than a chain of count
// (a thread that summed 256 partial sums alone waited on 256 round trips to
// L2, ~75 us: GEMV-NT of 512 x 16384 doubles took 72.7 us against 47.9 for
// two GEMVs).
template <typename T>
__device__ __forceinline__ T warp_sum_strided(const T *part, int64_t count, int64_t stride, int lane)
{
    T sum = T(0);
    for (int64_t i = lane; i < count; i += 32)
        sum += part[i * stride];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        sum += __shfl_xor_sync(0xffffffffu, sum, o);
    return sum;
}

}  // namespace mv
