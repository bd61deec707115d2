// Device helpers shared by the GEMM kernels of this family (gemm_fast.cu,
// gemm_variants.cu, gemm_narrow.cuh): the scalars, the BLAS output rule,
// element access to op(A) and op(B) through strides, cp.async groups.
// Generic over float and double.
#pragma once

#include <cstdint>

#include "gemm/gemm_kernels.h"

namespace mv {
namespace gemm {

template <typename T>
__device__ __forceinline__ T load_scalar(const mv_scalar &s)
{
    return s.dev ? *static_cast<const T *>(s.dev) : static_cast<T>(s.value);
}

// The two scalars as a kernel sees them, and what they imply. Reference BLAS
// computes C = beta*C without touching A, B or alpha when alpha == 0 or
// k == 0 (so an Inf alpha with k == 0 gives no NaN), and returns at once when
// moreover beta == 1: in device pointer mode the kernel finds that out
// itself and leaves C bitwise alone.
template <typename T>
struct Scalars {
    T alpha, beta;
    bool use_ab;   // alpha != 0 and k > 0: the product is computed
    bool nothing;  // !use_ab and beta == 1: C stays as it is

    __device__ __forceinline__ Scalars(const mv_scalar &a, const mv_scalar &b, int64_t k)
        : alpha(load_scalar<T>(a)), beta(load_scalar<T>(b))
    {
        use_ab = alpha != T(0) && k > 0;
        nothing = !use_ab && beta == T(1);
    }

    // The BLAS output rule for one element: beta == 0 never reads C (NaN in
    // C does not propagate), !use_ab never uses acc.
    __device__ __forceinline__ T out(T acc, const T *c) const
    {
        if (!use_ab)
            return beta == T(0) ? T(0) : beta * *c;
        return beta == T(0) ? alpha * acc : alpha * acc + beta * *c;
    }
};

// Element (r, c) of op(X) is X[r*row + c*col]: for op(A) (m x k) N gives
// (1, lda), T gives (lda, 1); for op(B) (k x n) N gives (1, ldb), T (ldb, 1).
// Kernels written against these strides serve all four transpose pairs.
struct OpStrides {
    int64_t row, col;
};

inline OpStrides op_strides(int trans, int64_t ld)
{
    return trans ? OpStrides{ld, 1} : OpStrides{1, ld};
}

// gridDim.y and gridDim.z stop at 65535 and gridDim.x at 2^31 - 1: kernels
// loop over tiles with the grid as stride, so a capped grid covers any size.
constexpr int64_t kMaxGridX = 0x7fffffff;
constexpr int64_t kMaxGridY = 65535;

inline unsigned grid_cap(int64_t blocks, int64_t cap)
{
    return unsigned(blocks < cap ? blocks : cap);
}

__host__ __device__ inline int64_t ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

// cp.async groups (sm_80 and later): close the group of copies issued so
// far; wait until at most N groups are still in flight.
__device__ __forceinline__ void cp_async_commit()
{
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}

template <int N>
__device__ __forceinline__ void cp_async_wait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

// Instantiates launch<float> or launch<double> from the run-time dtype.
#define MV_GEMM_DISPATCH_DTYPE(dtype, fn, ...) \
    ((dtype) == MV_DTYPE_S ? fn<float>(__VA_ARGS__) : fn<double>(__VA_ARGS__))

}  // namespace gemm
}  // namespace mv
