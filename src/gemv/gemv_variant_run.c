/* Running a named GEMV variant (gemv/gemv_variants.h): the tests' and
 * mvbench's way in, built into matvec_variants beside the variants, not
 * into the library. Validation, quick returns and errors are mv_sgemv's
 * (mv_gemv_prepare). */
#include "gemv/gemv_api.h"
#include "gemv/gemv_variants.h"

static const mv_gemv_variant *variant_for(mv_handle h, const char *fn, const char *name, mv_operation trans,
                                          mv_status *st)
{
    const mv_gemv_variant *v = mv_gemv_variant_find(name);
    *st = MV_SUCCESS;
    if (!v)
        *st = mv_fail(h, MV_ERR_INVALID_VALUE, "%s: variant = \"%s\" is not a GEMV variant", fn,
                      name ? name : "(NULL)");
    else if (!(v->ops & (trans == MV_OP_T ? MV_VARIANT_OP_T : MV_VARIANT_OP_N)))
        *st = mv_fail(h, MV_ERR_NOT_SUPPORTED, "%s: variant \"%s\" has no MV_OP_%c", fn, name,
                      trans == MV_OP_T ? 'T' : 'N');
    return *st == MV_SUCCESS ? v : NULL;
}

mv_status mv_gemv_variant_workspace(mv_handle h, const char *variant, int dtype_double, mv_operation trans,
                                    int64_t m, int64_t n, int64_t lda, size_t *bytes)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = "mv_gemv_variant_workspace";
    mv_status st;
    const mv_gemv_variant *v = variant_for(h, fn, variant, trans, &st);
    if (!v)
        return st;
    if (!bytes)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: bytes = NULL", fn);
    const mv_gemv_args args = {.trans = trans == MV_OP_T, .m = m, .n = n, .lda = lda};
    *bytes = v->workspace_bytes ? v->workspace_bytes(dtype_double ? MV_DTYPE_D : MV_DTYPE_S, &args) : 0;
    return MV_SUCCESS;
}

mv_status mv_gemv_variant_run(mv_handle h, const char *variant, int dtype_double, mv_operation trans, int64_t m,
                              int64_t n, const void *alpha, const void *A, int64_t lda, const void *x,
                              int64_t incx, const void *beta, void *y, int64_t incy, void *workspace,
                              size_t workspace_bytes)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = "mv_gemv_variant_run";
    const mv_dtype dtype = dtype_double ? MV_DTYPE_D : MV_DTYPE_S;
    mv_status st;
    const mv_gemv_variant *v = variant_for(h, fn, variant, trans, &st);
    if (!v)
        return st;
    mv_gemv_args args;
    int quick;
    st = mv_gemv_prepare(h, fn, dtype, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &args, &quick);
    if (st != MV_SUCCESS || quick)
        return st;
    const size_t need = v->workspace_bytes ? v->workspace_bytes(dtype, &args) : 0;
    if (need > 0 && (!workspace || workspace_bytes < need))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: variant \"%s\" needs %zu bytes of workspace, got %zu", fn,
                       variant, need, workspace ? workspace_bytes : (size_t)0);
    return mv_launched(h, fn, v->launch(dtype, &args, workspace));
}
