/* The registry of named GEMM variants: the default path first, then the
 * kernels of the source documents (the baselines and the teaching material),
 * then the SIMT configurations of the default FP32 kernel (the tile study),
 * then the DMMA configurations of the default FP64 kernel (its tile sweep).
 * Reached from the tests and from mvbench through src/gemm/gemm_variants.h; the
 * stable API (include/matvec.h) only ever runs "default". */
#include <string.h>

#include "gemm/gemm_registry.h"

extern const mv_gemm_variant mv_gemm_variant_naive;
extern const mv_gemm_variant mv_gemm_variant_cache_friendly;
extern const mv_gemm_variant mv_gemm_variant_blocked;
extern const mv_gemm_variant mv_gemm_variant_shared_tile[3]; /* TILE_DIM 8, 16, 32 */
extern const mv_gemm_variant mv_gemm_variant_simt[MV_SIMT_CONFIG_COUNT];
extern const mv_gemm_variant mv_gemm_variant_dmma[MV_DMMA_CONFIG_COUNT];
extern const mv_gemm_variant mv_gemm_variant_narrow[4]; /* narrow, narrow-sync, narrow-pipe, narrow-pipe-occ */

static const mv_gemm_variant default_variant = {
    "default",
    "the library's path: C with <= 32 columns or rows on the narrow kernels (the big operand read once); "
    "else FP32 on the register-tiled SIMT kernel (cp.async pipeline, 8x16 per thread), FP64 on the DMMA "
    "tensor cores",
    "new work",
    "FP32: >= 90% of cuBLAS SGEMM at 4096^3 and 8192^3 (>= 46 TFLOP/s on an H200); FP64: see gemm_dmma.cu",
    MV_GEMM_VARIANT_S | MV_GEMM_VARIANT_D,
    1,
    0,
    0,
    mv_gemm_launch,
};

static const mv_gemm_variant *const variants[] = {
    &default_variant,
    &mv_gemm_variant_naive,
    &mv_gemm_variant_cache_friendly,
    &mv_gemm_variant_blocked,
    &mv_gemm_variant_shared_tile[0],
    &mv_gemm_variant_shared_tile[1],
    &mv_gemm_variant_shared_tile[2],
    &mv_gemm_variant_simt[MV_SIMT_128x128x8_T128],
    &mv_gemm_variant_simt[MV_SIMT_64x64x16],
    &mv_gemm_variant_simt[MV_SIMT_128x128x8],
    &mv_gemm_variant_simt[MV_SIMT_128x256x8],
    &mv_gemm_variant_simt[MV_SIMT_256x128x8],
    &mv_gemm_variant_dmma[MV_DMMA_128x128x16_S4],
    &mv_gemm_variant_dmma[MV_DMMA_64x64x16_S3],
    &mv_gemm_variant_dmma[MV_DMMA_128x128x16_S4_IL],
    &mv_gemm_variant_dmma[MV_DMMA_128x128x32_S3_IL],
    &mv_gemm_variant_dmma[MV_DMMA_128x64x16_S3_2B_IL],
    &mv_gemm_variant_dmma[MV_DMMA_64x128x16_S3_2B_IL],
    &mv_gemm_variant_dmma[MV_DMMA_128x32x16_S4_2B_IL],
    &mv_gemm_variant_narrow[0],
    &mv_gemm_variant_narrow[1],
    &mv_gemm_variant_narrow[2],
    &mv_gemm_variant_narrow[3],
};

size_t mv_gemm_variant_count(void)
{
    return sizeof variants / sizeof variants[0];
}

const mv_gemm_variant *mv_gemm_variant_at(size_t index)
{
    return index < mv_gemm_variant_count() ? variants[index] : NULL;
}

const mv_gemm_variant *mv_gemm_variant_find(const char *name)
{
    for (size_t i = 0; name && i < mv_gemm_variant_count(); ++i)
        if (strcmp(variants[i]->name, name) == 0)
            return variants[i];
    return NULL;
}
