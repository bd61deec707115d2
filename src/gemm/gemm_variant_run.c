/* Running a named GEMM variant (gemm/gemm_variants.h): the tests' and
 * mvbench's way in, built into matvec_variants beside the variants, not
 * into the library. Validation, quick returns and errors are mv_sgemm's
 * (mv_gemm_prepare). */
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
