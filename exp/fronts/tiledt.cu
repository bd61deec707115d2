// notes-gemv entry 60: the library's own gemv_tiled_t (included from
// src/gemv/gemv_fast.cu, launched here with a chosen grid and split) beside
// fronts.cu's tall_x<1> (the same order without the library's bookkeeping)
// and the read kernel's front, warm, median of 9, on the tall op T plans of
// issue 18's draws. Question: does tiled-t itself stream at ~2.4 TB/s where
// tall_x streams at ~2.75, and if so which of its parts costs it?
// Built by exp/fronts/run-tiledt.sh (links the library's other objects).
#include "gemv/gemv_fast.cu"

// gemv_fast.cu's dispatch calls the skinny kernels' (not used here).
extern "C" int mv_gemv_skinny_launch(mv_dtype, const mv_gemv_args *, cudaError_t *) { return 0; }

#include <algorithm>
#include <cstdio>
#include <vector>

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

// Column c, row part p (rows [p span, (p+1) span) of m, lda floats apart;
// m, lda and span multiples of 4): the dot with x, grid (cols, parts), the
// sum dropped (tall_x<1> of fronts.cu with the library's grid layout).
__global__ void tall_x(const float *a, const float *x, size_t m, size_t lda, size_t span, float *sink)
{
    float s = 0.f;
    const size_t lo = blockIdx.y * span, hi = lo + span < m ? lo + span : m;
    const float4 *col = reinterpret_cast<const float4 *>(a + blockIdx.x * lda);
    const float4 *x4 = reinterpret_cast<const float4 *>(x);
    for (size_t base = lo / 4; base < hi / 4; base += size_t(kT) * kU) {
        float4 v[kU], xv[kU];
#pragma unroll
        for (int u = 0; u < kU; ++u) {
            const size_t i = base + size_t(u) * kT + threadIdx.x;
            v[u] = i < hi / 4 ? col[i] : make_float4(0, 0, 0, 0);
            xv[u] = i < hi / 4 ? x4[i] : make_float4(0, 0, 0, 0);
        }
#pragma unroll
        for (int u = 0; u < kU; ++u)
            s += v[u].x * xv[u].x + v[u].y * xv[u].y + v[u].z * xv[u].z + v[u].w * xv[u].w;
    }
    if (s == 12345.f)
        sink[blockIdx.x] = s;
}


// tall_x with x off 16 bytes by s = blockIdx.x % 4 elements (as tiled-t's
// columns of odd lda see it: A aligned from the head on, x + row not), A
// aligned: Mode 0 x in scalar loads (tiled-t's incx == 1 branch), 1 two
// aligned 16-byte loads of x and the four values picked out by s, 2 one
// aligned load and the next lane's by shuffles (lane 31 loads its own).
// s = 0 takes the vector path in every mode.
template <int Mode>
__global__ void tall_xs(const float *a, const float *x, size_t m, size_t lda, size_t span, float *sink)
{
    float s_ = 0.f;
    const int s = blockIdx.x % 4;
    const float *xs = x + s;  // row i of the column uses xs[i]
    const size_t lo = blockIdx.y * span, hi = lo + span < m ? lo + span : m;
    const float4 *col = reinterpret_cast<const float4 *>(a + blockIdx.x * lda);
    const float4 *x4 = reinterpret_cast<const float4 *>(x);  // xs[i .. i+3] = x[i+s .. i+s+3]
    const int lane = threadIdx.x % 32;
    for (size_t base = lo / 4; base < hi / 4; base += size_t(kT) * kU) {
        float4 v[kU];
        float xv[kU][4];
#pragma unroll
        for (int u = 0; u < kU; ++u) {
            const size_t i = base + size_t(u) * kT + threadIdx.x;
            v[u] = i < hi / 4 ? col[i] : make_float4(0, 0, 0, 0);
        }
#pragma unroll
        for (int u = 0; u < kU; ++u) {
            const size_t i = base + size_t(u) * kT + threadIdx.x;
            const bool in = i < hi / 4;
            if (s == 0 || Mode == 0) {
                if (s == 0) {
                    const float4 w = in ? x4[i] : make_float4(0, 0, 0, 0);
                    xv[u][0] = w.x, xv[u][1] = w.y, xv[u][2] = w.z, xv[u][3] = w.w;
                } else {
#pragma unroll
                    for (int k = 0; k < 4; ++k)
                        xv[u][k] = in ? xs[4 * i + k] : 0.f;
                }
            } else {
                float4 w0 = in ? x4[i] : make_float4(0, 0, 0, 0), w1;
                if (Mode == 1) {
                    w1 = in ? x4[i + 1] : make_float4(0, 0, 0, 0);
                } else {
                    w1.x = __shfl_down_sync(0xffffffffu, w0.x, 1);
                    w1.y = __shfl_down_sync(0xffffffffu, w0.y, 1);
                    w1.z = __shfl_down_sync(0xffffffffu, w0.z, 1);
                    w1.w = __shfl_down_sync(0xffffffffu, w0.w, 1);
                    if (lane == 31)
                        w1 = in ? x4[i + 1] : make_float4(0, 0, 0, 0);
                }
                const float e[8] = {w0.x, w0.y, w0.z, w0.w, w1.x, w1.y, w1.z, w1.w};
                float t[7];
#pragma unroll
                for (int k = 0; k < 7; ++k)
                    t[k] = s & 1 ? e[k + 1] : e[k];
#pragma unroll
                for (int k = 0; k < 4; ++k)
                    xv[u][k] = s & 2 ? t[k + 2] : t[k];
            }
        }
#pragma unroll
        for (int u = 0; u < kU; ++u)
            s_ += v[u].x * xv[u][0] + v[u].y * xv[u][1] + v[u].z * xv[u][2] + v[u].w * xv[u][3];
    }
    if (s_ == 12345.f)
        sink[blockIdx.x] = s_;
}


// tiled-t's plan (P = 256: one column a block, rows [blockIdx.y span, ...)
// of it, odd lda allowed) with a round's loads all out before its first
// FMA: eight 16-byte loads of A from the column's first 16-byte boundary
// on, then x's: one 16-byte load a vector where x + row is aligned too,
// else the two aligned vectors around it and the four values picked by
// the shift s (uniform in a column). MinBlocks: __launch_bounds__'s second
// argument (the registers the compiler may take). The sums go to
// partial[blockIdx.y n + column] (no finish).
template <int MinBlocks>
__global__ void __launch_bounds__(kT, MinBlocks)
    tt2(int64_t m, int64_t n, const float *__restrict__ A, int64_t lda, const float *__restrict__ x, int64_t span,
        float *__restrict__ partial)
{
    const int64_t col = blockIdx.x;
    const int l = threadIdx.x;
    const float *a = A + col * lda;
    const int r = int((16 - reinterpret_cast<uintptr_t>(a) % 16) % 16 / 4);
    const int64_t i_begin = int64_t(blockIdx.y) * span;
    const int64_t i_end = i_begin + span < m ? i_begin + span : m;
    float acc = 0.f;
    for (int64_t h = i_begin + l; h < i_begin + r && h < i_end; h += kT)
        acc += a[h] * x[h];
    const int s = int(reinterpret_cast<uintptr_t>(x + r) % 16 / 4);
    constexpr int64_t step = int64_t(kT) * 4;
    int64_t i = i_begin + r + int64_t(l) * 4;
    for (; i + (kU - 1) * step + 3 < i_end; i += kU * step) {
        float4 v[kU];
        float xv[kU][4];
#pragma unroll
        for (int u = 0; u < kU; ++u)
            v[u] = __ldg(reinterpret_cast<const float4 *>(a + i + u * step));
        if (s == 0) {
#pragma unroll
            for (int u = 0; u < kU; ++u) {
                const float4 w = __ldg(reinterpret_cast<const float4 *>(x + i + u * step));
                xv[u][0] = w.x, xv[u][1] = w.y, xv[u][2] = w.z, xv[u][3] = w.w;
            }
        } else {
#pragma unroll
            for (int u = 0; u < kU; ++u) {
                const float4 *p = reinterpret_cast<const float4 *>(x + i + u * step - s);
                const float4 w0 = __ldg(p), w1 = __ldg(p + 1);
                const float e[8] = {w0.x, w0.y, w0.z, w0.w, w1.x, w1.y, w1.z, w1.w};
                float t[7];
#pragma unroll
                for (int k = 0; k < 7; ++k)
                    t[k] = s & 1 ? e[k + 1] : e[k];
#pragma unroll
                for (int k = 0; k < 4; ++k)
                    xv[u][k] = s & 2 ? t[k + 2] : t[k];
            }
        }
#pragma unroll
        for (int u = 0; u < kU; ++u)
            acc += v[u].x * xv[u][0] + v[u].y * xv[u][1] + v[u].z * xv[u][2] + v[u].w * xv[u][3];
    }
    for (; i + 3 < i_end; i += step) {
        const float4 w = __ldg(reinterpret_cast<const float4 *>(a + i));
        acc += w.x * x[i] + w.y * x[i + 1] + w.z * x[i + 2] + w.w * x[i + 3];
    }
    for (; i < i_end; i += step)
        for (int k = 0; k < 4; ++k)
            if (i + k < i_end)
                acc += a[i + k] * x[i + k];
    for (int off = 16; off > 0; off /= 2)
        acc += __shfl_xor_sync(0xffffffffu, acc, off);
    __shared__ float red[kT / 32];
    if (l % 32 == 0)
        red[l / 32] = acc;
    __syncthreads();
    if (l == 0) {
        float t = 0.f;
        for (int w = 0; w < kT / 32; ++w)
            t += red[w];
        partial[blockIdx.y * n + col] = t;
    }
}

template <class F>
float time_us(F launch)
{
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    std::vector<float> t;
    launch();
    for (int r = 0; r < 9; ++r) {
        cudaEventRecord(e0);
        launch();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        t.push_back(ms * 1000.f);
    }
    std::sort(t.begin(), t.end());
    return t[4];
}

}  // namespace


// tt2 over float or double (V = 16 / sizeof(T) rows a load), KU loads of A
// a round.
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
