/* The registry of named GEMV variants: the default path first, then the
 * kernels of the source documents (the baselines and the teaching material).
 * Reached from the tests and from mvbench through src/gemv/gemv_variants.h; the stable
 * API (include/matvec.h) only ever runs "default". */
#include <string.h>

#include "gemv/gemv_kernels.h"

extern const mv_gemv_variant mv_variant_default;
extern const mv_gemv_variant mv_variant_tiled;
extern const mv_gemv_variant mv_variant_tiled_n_scalar;
extern const mv_gemv_variant mv_variant_naive;
extern const mv_gemv_variant mv_variant_warp_per_row;
extern const mv_gemv_variant mv_variant_block_reduce;
extern const mv_gemv_variant mv_variant_reduce_per_row;
extern const mv_gemv_variant mv_variant_large_tz;
extern const mv_gemv_variant mv_variants_block_multiply[6];                /* BLOCK_WIDTH 8, 16, ..., 256 */
extern const mv_gemv_variant mv_variants_transposed_block_multiply[6];     /* the same widths */
extern const mv_gemv_variant mv_variants_transpose_then_block_multiply[6]; /* the same widths */
extern const mv_gemv_variant mv_variant_vector4;

static const mv_gemv_variant *const variants[] = {
    &mv_variant_default,
    &mv_variant_tiled,
    &mv_variant_tiled_n_scalar,
    &mv_variant_naive,
    &mv_variant_reduce_per_row,
    &mv_variant_large_tz,
    &mv_variant_warp_per_row,
    &mv_variant_block_reduce,
    &mv_variants_block_multiply[0],
    &mv_variants_block_multiply[1],
    &mv_variants_block_multiply[2],
    &mv_variants_block_multiply[3],
    &mv_variants_block_multiply[4],
    &mv_variants_block_multiply[5],
    &mv_variants_transposed_block_multiply[0],
    &mv_variants_transposed_block_multiply[1],
    &mv_variants_transposed_block_multiply[2],
    &mv_variants_transposed_block_multiply[3],
    &mv_variants_transposed_block_multiply[4],
    &mv_variants_transposed_block_multiply[5],
    &mv_variants_transpose_then_block_multiply[0],
    &mv_variants_transpose_then_block_multiply[1],
    &mv_variants_transpose_then_block_multiply[2],
    &mv_variants_transpose_then_block_multiply[3],
    &mv_variants_transpose_then_block_multiply[4],
    &mv_variants_transpose_then_block_multiply[5],
    &mv_variant_vector4,
};

size_t mv_gemv_variant_count(void)
{
    return sizeof variants / sizeof variants[0];
}

const mv_gemv_variant *mv_gemv_variant_at(size_t index)
{
    return index < mv_gemv_variant_count() ? variants[index] : NULL;
}

const mv_gemv_variant *mv_gemv_variant_find(const char *name)
{
    for (size_t i = 0; name && i < mv_gemv_variant_count(); ++i)
        if (strcmp(variants[i]->name, name) == 0)
            return variants[i];
    return NULL;
}
