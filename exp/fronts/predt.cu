// notes-gemv entry 61: the plans of gemv_tiled_t's predicated-tail instance
// (three blocks an SM, rounds of eight) on issue 18's draws, cold, beside
// cuBLAS. The library's two instances and lab forms on the same grid:
//   pred  gemv_tiled_t<T, V, true>  (the default's kernel for these plans)
//   four  gemv_tiled_t<T, V, false> (rounds_of_four, four blocks an SM)
//   fourw four on a grid of up to 528 blocks (a wave of it) where the
//         plan's grid loops
//   pipe3 rounds of four with the next round's loads of A issued before
//         this round's FMAs (up to eight vectors of A in flight, x's four
//         all out before the FMAs), three blocks an SM (at four it spills).
// Input lines "s|d m n log_p grid" (lda = m); out: us per call, cold (L2
// flushed before each of 9 timed calls, median), and the largest relative
// difference of each form's y from pred's. Built standalone (the command
// in exp/fronts/run-predt.sh), the skinny kernels' launcher stubbed.
#include "gemv/gemv_fast.cu"

extern "C" int mv_gemv_skinny_launch(mv_dtype, const mv_gemv_args *, cudaError_t *) { return 0; }

#include <cmath>
#include <cstdio>
#include <vector>
#include <algorithm>

#include <cublas_v2.h>

#include "timing.h"

namespace {

__global__ void fill(float *p, size_t n)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
        p[i] = float((i * 2654435761u) % 1000) * 1e-3f - 0.5f;
}

__global__ void fill_d(double *p, size_t n)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
        p[i] = double((i * 2654435761u) % 1000) * 1e-3 - 0.5;
}

// A round of four is possible at i when its last vector ends in the
// column (rows [0, m): the lab kernel reads whole columns) and, x off 16
// bytes (s), its second aligned load of x stays before m.
__device__ __forceinline__ bool round_ok(int64_t i, int64_t step, int V, int s, int64_t m)
{
    return i + 3 * step + (V - 1) < m && (s == 0 || i + 3 * step + 2 * V - 1 - s < m);
}

template <typename T, int V, int MinB>
__global__ void __launch_bounds__(mv::kThreads, MinB)
    pipe_t(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, T *__restrict__ y,
           int log_p)
{
    constexpr int K = 4;
    __shared__ T red[mv::kThreads / 32 + 1][mv::kWarps];
    const int P = 1 << log_p, C = mv::kThreads >> log_p;
    const int c = threadIdx.x >> log_p, l = threadIdx.x & (P - 1);
    const int64_t blocks_n = (n + C - 1) / C;
    for (int64_t cb = blockIdx.x; cb < blocks_n; cb += gridDim.x) {
        const int64_t col = cb * C + c;
        T acc = T(0);
        if (col < n) {
            const T *a = A + col * lda;
            const int r = int((16 - reinterpret_cast<uintptr_t>(a) % 16) % 16 / sizeof(T));
            for (int64_t h = l; h < r && h < m; h += P)
                acc += a[h] * x[h];
            const int s = V > 1 ? int(reinterpret_cast<uintptr_t>(x + r) % 16 / sizeof(T)) : 0;
            int64_t i = r + int64_t(l) * V;
            const int64_t step = int64_t(P) * V;
            if (s != 0 && i < s && i + (V - 1) < m) {  // x before x[0]: this vector alone
                T v[V];
                mv::load_v<T, V>(a + i, v);
#pragma unroll
                for (int k = 0; k < V; ++k)
                    acc += v[k] * x[i + k];
                i += step;
            }
            if (round_ok(i, step, V, s, m)) {
                T v[K][V];
#pragma unroll
                for (int u = 0; u < K; ++u)
                    mv::load_v<T, V>(a + i + u * step, v[u]);
                for (;;) {
                    T xv[K][V], vn[K][V];
                    if (s == 0) {
#pragma unroll
                        for (int u = 0; u < K; ++u)
                            mv::load_v<T, V>(x + i + u * step, xv[u]);
                    } else {
#pragma unroll
                        for (int u = 0; u < K; ++u)
                            mv::load_x_shifted<T, V>(x, i + u * step, s, xv[u]);
                    }
                    const int64_t inext = i + K * step;
                    const bool more = round_ok(inext, step, V, s, m);
                    if (more) {
#pragma unroll
                        for (int u = 0; u < K; ++u)
                            mv::load_v<T, V>(a + inext + u * step, vn[u]);
                    }
#pragma unroll
                    for (int u = 0; u < K; ++u)
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            acc += v[u][k] * xv[u][k];
                    i = inext;
                    if (!more)
                        break;
#pragma unroll
                    for (int u = 0; u < K; ++u)
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            v[u][k] = vn[u][k];
                }
            }
            // What is left: rounds_of_four's predicated round (its full
            // rounds stop at once: the same bound), then one at a time.
            mv::rounds_of_four<T, V>(a, x, 1, m, r, m, step, i, acc);
            for (; i + (V - 1) < m; i += step) {
                T v[V];
                mv::load_v<T, V>(a + i, v);
#pragma unroll
                for (int k = 0; k < V; ++k)
                    acc += v[k] * x[i + k];
            }
            for (; i < m; i += step)
#pragma unroll
                for (int k = 0; k < V; ++k)
                    if (i + k < m)
                        acc += a[i + k] * x[i + k];
        }
        for (int off = 1; off < P && off < 32; off *= 2)
            acc += __shfl_xor_sync(0xffffffffu, acc, off);
        if (P > 32) {
            if (threadIdx.x % 32 == 0)
                red[c][l / 32] = acc;
            __syncthreads();
            if (l == 0)
                for (int w = 1; w < P / 32; ++w)
                    acc += red[c][w];
            __syncthreads();
        }
        if (l == 0 && col < n)
            y[col] = acc;
    }
}

template <typename T>
double max_rel(const std::vector<T> &a, const std::vector<T> &b)
{
    double e = 0, s = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        e = std::max(e, std::fabs(double(a[i]) - double(b[i])));
        s = std::max(s, std::fabs(double(b[i])));
    }
    return e / (s > 0 ? s : 1);
}

template <typename T>
void row(cublasHandle_t h, int64_t m, int64_t n, int log_p, unsigned grid, void *A, void *X, void *Y)
{
    constexpr int V = 16 / sizeof(T);
    const T *a = static_cast<const T *>(A), *x = static_cast<const T *>(X);
    T *y = static_cast<T *>(Y);
    const mv::Split sp{1, m, 0, nullptr, nullptr};
    const mv_scalar one = {nullptr, 1.0}, zero = {nullptr, 0.0};
    const int64_t blocks_n = (n + (mv::kThreads >> log_p) - 1) / (mv::kThreads >> log_p);
    const unsigned grid4 = unsigned(std::min<int64_t>(blocks_n, 528));
    std::vector<T> ref(n), got(n);
    float t[5];
    double err[4] = {0, 0, 0, 0};
    const auto run = [&](int k, auto launch) {
        cudaMemset(y, 0xff, n * sizeof(T));
        t[k] = time_cold(launch);
        cudaMemcpy(k == 0 ? ref.data() : got.data(), y, n * sizeof(T), cudaMemcpyDeviceToHost);
        if (k > 0)
            err[k] = max_rel(got, ref);
    };
    run(0, [&] { mv::gemv_tiled_t<T, V, true><<<grid, mv::kThreads>>>(m, n, a, m, x, 1, y, 1, one, zero, log_p, sp); });
    run(1, [&] { mv::gemv_tiled_t<T, V, false><<<grid, mv::kThreads>>>(m, n, a, m, x, 1, y, 1, one, zero, log_p, sp); });
    run(2, [&] { mv::gemv_tiled_t<T, V, false><<<grid4, mv::kThreads>>>(m, n, a, m, x, 1, y, 1, one, zero, log_p, sp); });
    run(3, [&] { pipe_t<T, V, 3><<<grid, mv::kThreads>>>(m, n, a, m, x, y, log_p); });
    const T al = 1, be = 0;
    t[4] = time_cold([&] {
        if constexpr (sizeof(T) == 4)
            cublasSgemv(h, CUBLAS_OP_T, int(m), int(n), &al, a, int(m), x, 1, &be, y, 1);
        else
            cublasDgemv(h, CUBLAS_OP_T, int(m), int(n), &al, a, int(m), x, 1, &be, y, 1);
    });
    cudaMemcpy(got.data(), y, n * sizeof(T), cudaMemcpyDeviceToHost);
    const double ecub = max_rel(got, ref);
    const double mib = double(m) * n * sizeof(T) / 1048576.0;
    printf("%c %7lld x %-6lld P%-3d grid %4u %7.1f MiB | pred %7.2f | four %5.3f fourw %5.3f pipe3 %5.3f cublas %5.3f"
           " | err %.1e %.1e %.1e cub %.1e %s\n",
           sizeof(T) == 4 ? 's' : 'd', (long long)m, (long long)n, 1 << log_p, grid, mib, t[0], t[1] / t[0],
           t[2] / t[0], t[3] / t[0], t[4] / t[0], err[1], err[2], err[3], ecub,
           cudaGetErrorString(cudaGetLastError()));
    fflush(stdout);
}

}  // namespace

int main()
{
    const size_t cap = size_t(512) << 20;
    char *a, *x, *y;
    if (cudaMalloc(&a, cap + 64) || cudaMalloc(&x, size_t(8) << 20) || cudaMalloc(&y, 8 << 20) || !flush_buffer())
        return 1;
    cublasHandle_t h;
    cublasCreate(&h);
    char t;
    long long m, n;
    int log_p;
    unsigned grid;
    while (scanf(" %c %lld %lld %d %u", &t, &m, &n, &log_p, &grid) == 5) {
        const size_t es = t == 'd' ? 8 : 4;
        if (size_t(m) * n * es > cap || size_t(m) * es > (size_t(8) << 20))
            continue;
        if (t == 'd') {
            fill_d<<<1024, 256>>>(reinterpret_cast<double *>(a), size_t(m) * n);
            fill_d<<<1024, 256>>>(reinterpret_cast<double *>(x), size_t(m));
            row<double>(h, m, n, log_p, grid, a, x, y);
        } else {
            fill<<<1024, 256>>>(reinterpret_cast<float *>(a), size_t(m) * n);
            fill<<<1024, 256>>>(reinterpret_cast<float *>(x), size_t(m));
            row<float>(h, m, n, log_p, grid, a, x, y);
        }
    }
    const cudaError_t err = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(err));
    cublasDestroy(h);
    return err != cudaSuccess;
}
