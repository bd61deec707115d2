// notes-gemv entry 60: the library's own gemv_tiled_t (included from
// src/gemv/gemv_fast.cu, launched here with a chosen grid and split) beside
// the read kernel's front, warm, median of 9, on the tall op T plans of
// issue 18's draws. Question: does tiled-t itself stream at ~2.4 TB/s where
// fronts.cu's tall_x streams at ~2.75, and if so which of its parts costs
// it? The runs of entry 60 had tiled-t before 85dbf36; built now, the
// four-per-SM instance is the rounds-of-four form that came of them. Built
// standalone (the command in exp/fronts/run-tiledt.sh), the skinny
// kernels' launcher stubbed below.
#include "gemv/gemv_fast.cu"

// gemv_fast.cu's dispatch calls the skinny kernels' (not used here).
extern "C" int mv_gemv_skinny_launch(mv_dtype, const mv_gemv_args *, cudaError_t *) { return 0; }

#include <cstdio>

#include "timing.h"

namespace {

constexpr int kT = 256, kU = 8;

__global__ void fill(float *p, size_t n)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
        p[i] = float((i * 2654435761u) % 1000) * 1e-3f;
}

__global__ void front(const float4 *a, size_t n4, float *sink)
{
    float s = 0.f;
    const size_t round = size_t(gridDim.x) * kT * kU;
    for (size_t base = size_t(blockIdx.x) * kT * kU; base < n4; base += round) {
        float4 v[kU];
#pragma unroll
        for (int u = 0; u < kU; ++u) {
            const size_t i = base + size_t(u) * kT + threadIdx.x;
            v[u] = i < n4 ? a[i] : make_float4(0, 0, 0, 0);
        }
#pragma unroll
        for (int u = 0; u < kU; ++u)
            s += v[u].x + v[u].y + v[u].z + v[u].w;
    }
    if (s == 12345.f)
        sink[blockIdx.x] = s;
}


}  // namespace


// tiled-t's plan (P = 256: one column a block, rows [blockIdx.y span, ...)
// of it, odd lda allowed) with a round's loads all out before its first
// FMA: KU 16-byte loads of A from the column's first 16-byte boundary on,
// then x's: one 16-byte load a vector where x + row is aligned too, else
// the two aligned vectors around it and the values picked by the shift s
// (the same in a column). MinBlocks: __launch_bounds__'s second argument.
// The sums go to partial[blockIdx.y n + column] (no finish). (The first
// three runs of entry 60 had earlier forms here: fronts.cu's tall_x, x
// off 16 bytes in scalar, two-load and shuffle forms, and this kernel for
// float only with KU = 8; their output is in exp/results/x4-20261127.)
template <typename T, int KU, int MinBlocks>
__global__ void __launch_bounds__(kT, MinBlocks)
    tt3(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t span,
        T *__restrict__ partial)
{
    constexpr int V = 16 / sizeof(T);
    using W = typename mv::Vec16<T>::type;
    const int64_t col = blockIdx.x;
    const int l = threadIdx.x;
    const T *a = A + col * lda;
    const int r = int((16 - reinterpret_cast<uintptr_t>(a) % 16) % 16 / sizeof(T));
    const int64_t i_begin = int64_t(blockIdx.y) * span;
    const int64_t i_end = i_begin + span < m ? i_begin + span : m;
    T acc = 0;
    for (int64_t h = i_begin + l; h < i_begin + r && h < i_end; h += kT)
        acc += a[h] * x[h];
    const int s = int(reinterpret_cast<uintptr_t>(x + r) % 16 / sizeof(T));
    constexpr int64_t step = int64_t(kT) * V;
    int64_t i = i_begin + r + int64_t(l) * V;
    for (; i + (KU - 1) * step + V - 1 < i_end; i += KU * step) {
        T v[KU][V], xv[KU][V];
#pragma unroll
        for (int u = 0; u < KU; ++u)
            mv::load_v<T, V>(a + i + u * step, v[u]);
        if (s == 0) {
#pragma unroll
            for (int u = 0; u < KU; ++u)
                mv::load_v<T, V>(x + i + u * step, xv[u]);
        } else {
#pragma unroll
            for (int u = 0; u < KU; ++u) {
                T e[2 * V];
                mv::load_v<T, V>(x + i + u * step - s, *reinterpret_cast<T(*)[V]>(e));
                mv::load_v<T, V>(x + i + u * step - s + V, *reinterpret_cast<T(*)[V]>(e + V));
                if constexpr (V == 4) {
                    T t[7];
#pragma unroll
                    for (int k = 0; k < 7; ++k)
                        t[k] = s & 1 ? e[k + 1] : e[k];
#pragma unroll
                    for (int k = 0; k < 4; ++k)
                        xv[u][k] = s & 2 ? t[k + 2] : t[k];
                } else {
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        xv[u][k] = e[k + 1];  // s == 1
                }
            }
        }
#pragma unroll
        for (int u = 0; u < KU; ++u)
#pragma unroll
            for (int k = 0; k < V; ++k)
                acc += v[u][k] * xv[u][k];
    }
    for (; i + V - 1 < i_end; i += step)
        for (int k = 0; k < V; ++k)
            acc += a[i + k] * x[i + k];
    for (; i < i_end; i += step)
        for (int k = 0; k < V; ++k)
            if (i + k < i_end)
                acc += a[i + k] * x[i + k];
    for (int off = 16; off > 0; off /= 2)
        acc += __shfl_xor_sync(0xffffffffu, acc, off);
    __shared__ T red[kT / 32];
    if (l % 32 == 0)
        red[l / 32] = acc;
    __syncthreads();
    if (l == 0) {
        T t = 0;
        for (int w = 0; w < kT / 32; ++w)
            t += red[w];
        partial[blockIdx.y * n + col] = t;
    }
}

// The library's tiled-t (both instances) and tt3's forms on one plan of
// the P = 256 family (grid n x S); a line of GB/s.
template <typename T>
void row(const char *tag, int64_t m, int64_t n, int64_t S, void *A, void *X, void *Y, void *part, unsigned *counters)
{
    const T *a = static_cast<const T *>(A), *x = static_cast<const T *>(X);
    T *y = static_cast<T *>(Y), *partial = static_cast<T *>(part);
    const int64_t lda = m;
    constexpr int V = 16 / sizeof(T);
    const int64_t span = ((m + S - 1) / S + V - 1) / V * V;
    const mv::Split sp{S, span, (n + V - 1) / V * V, part, counters};
    const mv_scalar one = {nullptr, 1.0}, zero = {nullptr, 0.0};
    const dim3 grid{unsigned(n), unsigned(S), 1u};
    float t[7];
    t[0] = time_us([&] { mv::gemv_tiled_t<T, V, false><<<grid, mv::kThreads>>>(m, n, a, lda, x, 1, y, 1, one, zero, 8, sp); });
    t[1] = time_us([&] { mv::gemv_tiled_t<T, V, true><<<grid, mv::kThreads>>>(m, n, a, lda, x, 1, y, 1, one, zero, 8, sp); });
    t[2] = time_us([&] { tt3<T, 8, 2><<<grid, kT>>>(m, n, a, lda, x, span, partial); });
    t[3] = time_us([&] { tt3<T, 6, 3><<<grid, kT>>>(m, n, a, lda, x, span, partial); });
    t[4] = time_us([&] { tt3<T, 4, 4><<<grid, kT>>>(m, n, a, lda, x, span, partial); });
    t[5] = time_us([&] { tt3<T, 4, 3><<<grid, kT>>>(m, n, a, lda, x, span, partial); });
    t[6] = time_us([&] { tt3<T, 5, 3><<<grid, kT>>>(m, n, a, lda, x, span, partial); });
    const double b = double(m) * n * sizeof(T);
    printf("%s %8lld x %-6lld %3lld %5lld |", tag, (long long)m, (long long)n, (long long)S, (long long)(n * S));
    for (float v : t)
        printf(" %5.0f", b / v / 1e3);
    printf(" %s\n", cudaGetErrorString(cudaGetLastError()));
}

int main()
{
    const size_t cap = size_t(256) << 20;
    float *a, *x, *y, *sink, *partial;
    unsigned *counters;
    if (cudaMalloc(&a, cap + 64) || cudaMalloc(&x, size_t(8) << 20) || cudaMalloc(&y, 1 << 20) ||
        cudaMalloc(&sink, 1 << 20) || cudaMalloc(&partial, 16 << 20) || cudaMalloc(&counters, 1 << 16))
        return 1;
    fill<<<1024, 256>>>(a, cap / 4);
    fill<<<1024, 256>>>(x, (size_t(8) << 20) / 4);
    cudaMemset(counters, 0, 1 << 16);
    const mv_scalar one = {nullptr, 1.0}, zero = {nullptr, 0.0};
    const float tf = time_us([&] { front<<<528, kT>>>(reinterpret_cast<const float4 *>(a), cap / 16, sink); });
    printf("front 256 MiB: %.0f GB/s\n", cap / tf / 1e3);
    printf("GB/s: tiled_t, its predicated-tail instance, tt3 KU/blocks an SM 8/2, 6/3, 4/4, 4/3, 5/3\n");
    struct Case {
        char t;
        int64_t m, n, parts;
    } cases[] = {{'s', 641987, 68, 7}, {'s', 641984, 68, 7}, {'s', 109765, 237, 2}, {'s', 41373, 963, 1},
                 {'s', 51386, 1260, 1}, {'s', 41376, 1024, 1}, {'s', 189142, 227, 2}, {'s', 32322, 316, 3},
                 {'s', 20133, 2164, 1}, {'s', 1048576, 64, 8}, {'d', 32322, 158, 3}, {'d', 20133, 1082, 1},
                 {'d', 80982, 806, 1}, {'d', 26626, 2488, 1}, {'d', 128450, 109, 4}, {'d', 641987, 34, 14},
                 {'d', 41373, 481, 1}};
    for (const Case &c : cases) {
        if (size_t(c.m) * c.n * (c.t == 'd' ? 8 : 4) > cap)
            continue;
        if (c.t == 'd')
            row<double>("d", c.m, c.n, c.parts, a, x, y, partial, counters);
        else
            row<float>("s", c.m, c.n, c.parts, a, x, y, partial, counters);
    }
    const cudaError_t err = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(err));
    return err != cudaSuccess;
}
