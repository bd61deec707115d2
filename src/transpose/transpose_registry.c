/* The registry of named transpose variants: the default path first, then the
 * kernels of the source document (the baselines and the teaching material),
 * then the configuration sweep of the default kernel.
 * Reached from the tests and from mvbench through src/transpose/transpose_variants.h;
 * the stable API (include/matvec.h) only ever runs "default". */
#include <string.h>

#include "transpose/transpose_kernels.h"

extern const mv_transpose_variant mv_transpose_variant_default;
extern const mv_transpose_variant mv_transpose_variant_naive;
extern const mv_transpose_variant mv_transpose_variant_shared_tile;
extern const mv_transpose_variant mv_transpose_variant_shared_tile_unrolled;
extern const mv_transpose_variant mv_transpose_variant_tiled_64x64_acols;
extern const mv_transpose_variant mv_transpose_variant_tiled_64x64_bands;
extern const mv_transpose_variant mv_transpose_variant_tiled_64x64_cs;
extern const mv_transpose_variant mv_transpose_variant_tiled_64x64_pipelined;
extern const mv_transpose_variant mv_transpose_variant_tiled_32x128_bands;
extern const mv_transpose_variant mv_transpose_variant_tiled_64x64_bands_pipe;
extern const mv_transpose_variant mv_transpose_variant_tiled_64x64_bands_pipe_cs;

static const mv_transpose_variant *const variants[] = {
    &mv_transpose_variant_default,
    &mv_transpose_variant_naive,
    &mv_transpose_variant_shared_tile,
    &mv_transpose_variant_shared_tile_unrolled,
    /* The configuration sweep of the default out-of-place kernel
     * (transpose_fast.cu): candidates for the next default. */
    &mv_transpose_variant_tiled_64x64_acols,
    &mv_transpose_variant_tiled_64x64_bands,
    &mv_transpose_variant_tiled_64x64_cs,
    &mv_transpose_variant_tiled_64x64_pipelined,
    &mv_transpose_variant_tiled_32x128_bands,
    &mv_transpose_variant_tiled_64x64_bands_pipe,
    &mv_transpose_variant_tiled_64x64_bands_pipe_cs,
};

size_t mv_transpose_variant_count(void)
{
    return sizeof variants / sizeof variants[0];
}

const mv_transpose_variant *mv_transpose_variant_at(size_t index)
{
    return index < mv_transpose_variant_count() ? variants[index] : NULL;
}

const mv_transpose_variant *mv_transpose_variant_find(const char *name)
{
    for (size_t i = 0; name && i < mv_transpose_variant_count(); ++i)
        if (strcmp(variants[i]->name, name) == 0)
            return variants[i];
    return NULL;
}
