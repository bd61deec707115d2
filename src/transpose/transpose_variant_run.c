/* Running a named transpose variant (transpose/transpose_variants.h): the
 * tests' and mvbench's way in, built into matvec_variants beside the
 * variants, not into the library. Validation, quick returns and errors are
 * mv_stranspose's and mv_stranspose_inplace's (mv_transpose_prepare,
 * mv_transpose_prepare_inplace). */
#include "transpose/transpose_api.h"
#include "transpose/transpose_variants.h"

static const mv_transpose_variant *variant_for(mv_handle h, const char *fn, const char *name, mv_status *st)
{
    const mv_transpose_variant *v = mv_transpose_variant_find(name);
    *st = MV_SUCCESS;
    if (!v)
        *st = mv_fail(h, MV_ERR_INVALID_VALUE, "%s: variant = \"%s\" is not a transpose variant", fn,
                      name ? name : "(NULL)");
    return v;
}

mv_status mv_transpose_variant_run(mv_handle h, const char *variant, int dtype_double, int64_t m, int64_t n,
                                   const void *A, int64_t lda, void *B, int64_t ldb)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = "mv_transpose_variant_run";
    const mv_dtype dtype = dtype_double ? MV_DTYPE_D : MV_DTYPE_S;
    mv_status st;
    const mv_transpose_variant *v = variant_for(h, fn, variant, &st);
    if (!v)
        return st;
    mv_transpose_args args;
    int quick;
    st = mv_transpose_prepare(h, fn, "mv_transpose_inplace_variant_run", dtype, m, n, A, lda, B, ldb, &args, &quick);
    if (st != MV_SUCCESS || quick)
        return st;
    return mv_launched(h, fn, v->launch(dtype, &args));
}

mv_status mv_transpose_inplace_variant_run(mv_handle h, const char *variant, int dtype_double, int64_t n, void *A,
                                           int64_t lda)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = "mv_transpose_inplace_variant_run";
    const mv_dtype dtype = dtype_double ? MV_DTYPE_D : MV_DTYPE_S;
    mv_status st;
    const mv_transpose_variant *v = variant_for(h, fn, variant, &st);
    if (!v)
        return st;
    if (!v->launch_inplace)
        return mv_fail(h, MV_ERR_NOT_SUPPORTED, "%s: variant \"%s\" has no in-place form", fn, variant);
    mv_transpose_args args;
    int quick;
    st = mv_transpose_prepare_inplace(h, fn, dtype, n, A, lda, &args, &quick);
    if (st != MV_SUCCESS || quick)
        return st;
    return mv_launched(h, fn, v->launch_inplace(dtype, &args));
}
