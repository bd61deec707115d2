/* Named GEMM kernels: the variants of the source documents (naive,
 * cache-friendly, blocked, shared-tile-N), the SIMT configurations of the
 * default FP32 path (simt-*), the DMMA configurations of the default FP64
 * path (dmma-*), and the default path itself. The registry lives
 * in src/gemm/gemm_registry.c; tests and mvbench reach it through
 * src/gemm/gemm_variants.h. Like gemm/gemm_kernels.h this knows nothing of handles or
 * mv_status. */
#ifndef MATVEC_KERNELS_GEMM_VARIANTS_H
#define MATVEC_KERNELS_GEMM_VARIANTS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gemm/gemm_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MV_GEMM_VARIANT_S 1u /* offers float */
#define MV_GEMM_VARIANT_D 2u /* offers double */

/* A named GEMM kernel. Every variant computes the full BLAS semantics for the
 * types it lists in dtypes: all four transpose combinations, any m, n, k and
 * leading dimensions, the alpha = 0, k = 0 and beta = 0 rules, both pointer
 * modes. */
typedef struct {
    const char *name;   /* e.g. "shared-tile-16" */
    const char *idea;   /* one line: what the kernel does */
    const char *source; /* the document it comes from */
    const char *napkin; /* one line: what it should reach on an H100/H200, and why */
    unsigned dtypes;    /* MV_GEMM_VARIANT_S | MV_GEMM_VARIANT_D */
    int deterministic;  /* 1: the same bits on every run (every variant here) */
    int tile_dim;       /* TILE_DIM of the shared-tile family, else 0 */
    int slow;           /* 1: a teaching baseline; mvbench skips it above 4096 */
    cudaError_t (*launch)(mv_dtype dtype, const mv_gemm_args *args);
} mv_gemm_variant;

/* The registry, "default" first. */
size_t mv_gemm_variant_count(void);
const mv_gemm_variant *mv_gemm_variant_at(size_t index);
const mv_gemm_variant *mv_gemm_variant_find(const char *name);

/* The SIMT FP32 kernel of the default path in one fixed tile configuration
 * (src/gemm/gemm_fast.cu), for the simt-* variants and the tile sweep.
 * Float only. */
typedef enum {
    MV_SIMT_128x128x8_T128 = 0, /* 128 threads, 8x16 outputs each (the default for large shapes) */
    MV_SIMT_64x64x16,           /* 128 threads, 8x4 each (the default for small shapes) */
    MV_SIMT_128x128x8,          /* 256 threads, 8x8 each */
    MV_SIMT_128x256x8,          /* 256 threads, 8x16 each */
    MV_SIMT_256x128x8,          /* 256 threads, 16x8 each */
    MV_SIMT_CONFIG_COUNT
} mv_simt_config;

/* Any configuration (src/gemm/gemm_variants.cu). */
cudaError_t mv_sgemm_simt_launch(mv_simt_config config, const mv_gemm_args *args);
/* The default path's two configurations only (src/gemm/gemm_fast.cu);
 * cudaErrorInvalidValue for the others. */
cudaError_t mv_sgemm_simt_fast_launch(mv_simt_config config, const mv_gemm_args *args);

/* The DMMA FP64 kernel of the default path (src/gemm/gemm_dmma.cu) in one
 * fixed configuration, for the dmma-* variants and the tile sweep: block
 * tile BM x BN x BK, cp.async stages (s), blocks per SM (2b), il: copies
 * interleaved with the MMAs. Double only. */
typedef enum {
    MV_DMMA_128x128x16_S4 = 0,     /* the default for large shapes: 8 warps of 64x32, 1 block/SM */
    MV_DMMA_64x64x16_S3,           /* the default for small shapes: 4 warps of 32x32, 3 blocks/SM */
    MV_DMMA_128x128x16_S4_IL,      /* the default's tile, copies interleaved with the MMAs */
    MV_DMMA_128x128x32_S3_IL,      /* BK = 32: a barrier per 32 k, 216 KiB */
    MV_DMMA_128x64x16_S3_2B_IL,    /* 4 warps of 64x32, 2 blocks/SM */
    MV_DMMA_64x128x16_S3_2B_IL,    /* 4 warps of 64x32 (1 x 4), 2 blocks/SM */
    MV_DMMA_128x32x16_S4_2B_IL,    /* 4 warps of 32x32 (4 x 1), 2 blocks/SM: C of <= 32 columns */
    MV_DMMA_CONFIG_COUNT
} mv_dmma_config;


#ifdef __cplusplus
}
#endif

#endif
