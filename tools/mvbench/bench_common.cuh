// Device templates that the .cu files of mvbench's commands share: an
// element of any operand type as a double, the double-precision reference
// of a strided batch of GEMVs and the check of a result against it. Each
// .cu file launches them with its own grid.
#ifndef MVBENCH_COMMON_CUH
#define MVBENCH_COMMON_CUH

#include <cmath>
#include <cstdint>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace {

__device__ inline double to_double(__half v) { return double(__half2float(v)); }
__device__ inline double to_double(__nv_bfloat16 v) { return double(__bfloat162float(v)); }
__device__ inline double to_double(float v) { return double(v); }
__device__ inline double to_double(double v) { return v; }

// For batch_count problems y_b = op(A_b) x_b, A_b m x n column-major with
// leading dimension lda at A + b*stride_a, x_b dense at x + b*len_x (len_x,
// len_y: n and m for op N, m and n for op T): ref[b*len_y + i] = y_b[i] and
// bound[b*len_y + i] = sum |a| |x| over the same terms, in double, one
// thread per element, a plain loop: slow but simple enough to trust.
template <typename TA, typename TX>
__global__ void gemv_reference_kernel(int trans, int64_t m, int64_t n, const TA *A, int64_t lda, int64_t stride_a,
                                      const TX *x, int64_t batch_count, double *ref, double *bound)
{
    const int64_t len_y = trans ? n : m, len_x = trans ? m : n;
    const int64_t count = batch_count * len_y;
    const int64_t stride = int64_t(gridDim.x) * blockDim.x;
    for (int64_t e = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; e < count; e += stride) {
        const int64_t b = e / len_y, i = e % len_y;
        const TA *a = A + b * stride_a;
        const TX *xb = x + b * len_x;
        double sum = 0.0, abs_sum = 0.0;
        for (int64_t k = 0; k < len_x; ++k) {
            // op N: y_i = sum_k A(i, k) x_k; op T: y_i = sum_k A(k, i) x_k.
            const double av = to_double(trans ? a[i * lda + k] : a[k * lda + i]);
            const double xv = to_double(xb[k]);
            sum += av * xv;
            abs_sum += std::fabs(av) * std::fabs(xv);
        }
        ref[e] = sum;
        bound[e] = abs_sum;
    }
}

// Counts the elements of got with !(|got - ref| <= tol) into *bad (zeroed
// first by the caller) and leaves the smallest such index in *first (set to
// ~0 first); NaN never passes. tol = scale bound, plus (Rounded: a result
// rounded to a narrower type) u |ref| + floor_abs.
template <typename T, bool Rounded>
__global__ void check_kernel(const T *got, const double *ref, const double *bound, size_t count, double scale,
                             double u, double floor_abs, unsigned long long *bad, unsigned long long *first)
{
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    unsigned long long mine = 0;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        const double err = std::fabs(to_double(got[i]) - ref[i]);
        const bool ok = Rounded ? err <= scale * bound[i] + u * std::fabs(ref[i]) + floor_abs
                                : err <= scale * bound[i];
        if (!ok) {
            if (!mine)
                atomicMin(first, (unsigned long long)i);
            ++mine;
        }
    }
    if (mine)
        atomicAdd(bad, mine);
}

}  // namespace

#endif
