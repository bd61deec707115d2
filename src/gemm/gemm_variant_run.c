/* Running a named GEMM variant and naming the default's path
 * (gemm/gemm_variants.h): the tests' and mvbench's way in, built into
 * matvec_variants beside the variants, not into the library. Validation,
 * quick returns and errors are mv_sgemm's (mv_gemm_prepare). */
#include "gemm/gemm_api.h"
#include "gemm/gemm_variants.h"

mv_status mv_gemm_variant_run(mv_handle h, const char *variant, int dtype_double, mv_operation transa,
                              mv_operation transb, int64_t m, int64_t n, int64_t k, const void *alpha,
                              const void *A, int64_t lda, const void *B, int64_t ldb, const void *beta, void *C,
                              int64_t ldc)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = "mv_gemm_variant_run";
    const mv_dtype dtype = dtype_double ? MV_DTYPE_D : MV_DTYPE_S;
    const mv_gemm_variant *v = mv_gemm_variant_find(variant);
    if (!v)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: variant = \"%s\" is not a GEMM variant", fn,
                       variant ? variant : "(NULL)");
    if (!(v->dtypes & (dtype_double ? MV_GEMM_VARIANT_D : MV_GEMM_VARIANT_S)))
        return mv_fail(h, MV_ERR_NOT_SUPPORTED, "%s: variant \"%s\" has no %s", fn, variant,
                       dtype_double ? "double" : "float");
    mv_gemm_args args;
    int quick;
    mv_status st = mv_gemm_prepare(h, fn, dtype, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, &args,
                           &quick);
    if (st != MV_SUCCESS || quick)
        return st;
    return mv_launched(h, fn, v->launch(dtype, &args));
}

static const char *kernel_name(mv_gemm_kernel kernel)
{
    switch (kernel) {
    case MV_GEMM_KERNEL_SCALE: return "scale";
    case MV_GEMM_KERNEL_GEMV: return "gemv";
    case MV_GEMM_KERNEL_DMMA_NARROW: return "dmma-narrow";
    case MV_GEMM_KERNEL_NARROW: return "narrow";
    case MV_GEMM_KERNEL_DMMA: return "dmma";
    case MV_GEMM_KERNEL_SIMT: return "simt";
    }
    return NULL;
}

/* The path of a call: the same decisions as gemm.c's gemm() and
 * mv_gemm_launch, in the same order, from the rules they use
 * (mv_gemm_blas_serves unless own_only, mv_gemm_default_kernel). */
static const char *path_of(mv_handle h, const char *fn, int own_only, int dtype_double, mv_operation transa,
                           mv_operation transb, int64_t m, int64_t n, int64_t k, const void *alpha, const void *A,
                           int64_t lda, const void *B, int64_t ldb, const void *beta, void *C, int64_t ldc)
{
    if (!h)
        return NULL;
    const mv_dtype dtype = dtype_double ? MV_DTYPE_D : MV_DTYPE_S;
    mv_gemm_args args;
    int quick;
    if (mv_gemm_prepare(h, fn, dtype, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, &args, &quick) !=
        MV_SUCCESS)
        return NULL;
    if (quick)
        return "quick";
    if (!own_only && mv_gemm_blas_serves(h, dtype, &args))
        return "cublas";
    return kernel_name(mv_gemm_default_kernel(dtype, &args));
}

const char *mv_gemm_default_path(mv_handle h, int dtype_double, mv_operation transa, mv_operation transb, int64_t m,
                                 int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *B,
                                 int64_t ldb, const void *beta, void *C, int64_t ldc)
{
    return path_of(h, "mv_gemm_default_path", 0, dtype_double, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta,
                   C, ldc);
}

const char *mv_gemm_own_path(mv_handle h, int dtype_double, mv_operation transa, mv_operation transb, int64_t m,
                             int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *B,
                             int64_t ldb, const void *beta, void *C, int64_t ldc)
{
    return path_of(h, "mv_gemm_own_path", 1, dtype_double, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,
                   ldc);
}
