// Sums by the lanes of a warp, in an order fixed by the inputs alone.
#pragma once

#include <cstdint>

namespace mv {

// Lanes that share one sum of `count` partial sums: a power of two, enough
// that each lane adds at most eight of them, at most the whole warp.
__host__ __device__ constexpr int lanes_per_sum(int64_t count)
{
    return count <= 8 ? 1 : count <= 16 ? 2 : count <= 32 ? 4 : count <= 64 ? 8 : count <= 128 ? 16 : 32;
}

// The sum of part[0], part[stride], ..., part[(count - 1) * stride] by a
// group of P = lanes_per_sum(count) lanes (aligned within the warp, every
// lane of the warp calling): lane g of the group adds i = g, g + P, ... in
// turn, then a butterfly over the group, so that every lane of it ends
// with the same bits and the order depends on count alone
// (deterministic). A lane has at most eight loads where the count allows
// (past 256, eight at a time), all independent:
// a thread that summed 256 partial sums alone waited on 256 round trips to
// L2 (~75 us; GEMV-NT of 512 x 16384 doubles took 72.7 us against 47.9 for
// two GEMVs), and a whole warp per sum of three cost the narrow GEMM ~15 us
// on 131072 outputs.
template <typename T>
__device__ __forceinline__ T group_sum_strided(const T *part, int64_t count, int64_t stride, int g, int P)
{
    // Eight loads issued before their adds (in the same order as one at a
    // time: the same bits), so that a lane with many partial sums waits on
    // one round trip per eight.
    T sum = T(0);
    int64_t i = g;
    for (; i + 7 * int64_t(P) < count; i += 8 * int64_t(P)) {
        T v[8];
#pragma unroll
        for (int k = 0; k < 8; ++k)
            v[k] = part[(i + int64_t(k) * P) * stride];
#pragma unroll
        for (int k = 0; k < 8; ++k)
            sum += v[k];
    }
    for (; i < count; i += P)
        sum += part[i * stride];
    for (int o = P >> 1; o > 0; o >>= 1)
        sum += __shfl_xor_sync(0xffffffffu, sum, o);
    return sum;
}

// The sums of `outputs` runs of `count` partial sums (output k's at
// part[k], part[k + stride], ...) by `blocks` blocks (this one `block` of
// them), a group of P lanes per output (P >= lanes_per_sum(count), a power
// of two up to 32), the groups striding over the outputs; emit(k, sum) once
// per output, in its group's first lane. Every lane of a warp runs the same
// trips (the butterfly's shuffles take the whole warp), past the end with
// nothing to add. Blocks of whole warps.
template <typename T, typename Emit>
__device__ __forceinline__ void block_group_sums(const T *part, int64_t outputs, int64_t count, int64_t stride, int P,
                                                 int64_t block, int64_t blocks, Emit emit)
{
    const int64_t tid = block * blockDim.x + threadIdx.x;
    const int64_t groups = blocks * blockDim.x / P;
    const int g = threadIdx.x & (P - 1);
    const int64_t mine = (threadIdx.x & 31) / P;  // this lane's group within its warp
    for (int64_t k0 = (tid & ~int64_t(31)) / P; k0 < outputs; k0 += groups) {
        const int64_t k = k0 + mine;
        const bool in = k < outputs;
        const T sum = group_sum_strided(part + (in ? k : 0), in ? count : 0, stride, g, P);
        if (in && g == 0)
            emit(k, sum);
    }
}

// The same by the whole grid.
template <typename T, typename Emit>
__device__ __forceinline__ void grid_group_sums(const T *part, int64_t outputs, int64_t count, int64_t stride, int P,
                                                Emit emit)
{
    block_group_sums(part, outputs, count, stride, P, blockIdx.x, gridDim.x, emit);
}

}  // namespace mv
