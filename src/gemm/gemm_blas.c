/* mv_sgemm / mv_dgemm on cuBLAS, for the shapes where cuBLAS's GEMM is the
 * faster (gemm.md, "Which path serves which shapes"). The call is validated
 * by gemm.c first (matvec's own rules and messages); here only the rule of
 * the choice and the call itself. */
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <stdint.h>

#include "gemm/gemm_api.h"

/* Which of the two serves a host-mode call whose product exists: a model
 * of both, measured on an H100 (docs/notes-transpose-gemm.md, entry G6:
 * `mvbench gemm --random` with matvec's own kernels timed beside the
 * default and cuBLAS, 400 shapes).
 *
 * cuBLAS: a call costs 6-9 us however small its product (the smallest
 * measured took 5.8 us; products under 10^6 FMAs took 6-12 us, some 40):
 * its host work paces back-to-back calls. Beyond that its GEMMs are
 * faster than matvec's tile kernels, and its narrow products read the big
 * operand at 50-85% of the bandwidth.
 *
 * matvec's kernels: a launch of 3.2-5 us, then a chain of dependent steps
 * per block, each a round trip to memory and a barrier (0.3-1 us on a
 * small grid, more with more vectors to multiply):
 * - the tile kernels (small grids take 64 x 64 tiles, 16 of k a step): a
 *   step of k per wave of tiles (two blocks an SM). Up to 4 steps in all
 *   they took 0.24-0.90x cuBLAS's time (35 shapes); with more, 1.0-21x.
 *   The float kernel's time grows with the bytes (its stores of C, and its
 *   4-byte loads where a leading dimension is odd): from about 4 MiB of
 *   operands and C it lost whatever k was (12558 x 148 x 3: 1.6-2.8x, 22
 *   us). The double kernel held on further: 4-8 MiB in up to 4 steps took
 *   5.7-8.9 us, 0.46-1.02x (25 rows of 13 runs,
 *   exp/results/gemm-lab-20261127*, gemm-nv-20261127); 8-10 MiB 7.8-10.3
 *   us, against cuBLAS calls of 6 us on some (115 x 11197 x 1: 1.48x).
 * - the narrow kernels' block walks its slice of the summed dimension, a
 *   step at a time (stream-n: 32 columns; stream-t: 8 x 16 bytes of each
 *   column, a round of its row teams where the matrix has few columns);
 *   a split adds its finish, a second kernel of 3-4 us. With 2-16
 *   vectors a step of a small grid costs 0.3-2 us, and these took less
 *   than cuBLAS's time on nearly every shape (exp/results/gemm-lab-20261127,
 *   four seeds of 100 shapes a type; own time, then time / cuBLAS's):
 *   - unsplit stream-n up to 4 steps with steps x nb <= 32: 3.3-7.2 us,
 *     0.28-1.00x (64 shapes);
 *   - unsplit stream-t up to 8 steps (or rounds of its row teams), any
 *     vector count: after the reduce-scatter and the teams, 3.9-12.7 us,
 *     0.12-1.01x (104 shapes of four runs of the teams' builds, steps from
 *     the plan at two blocks an SM: exp/results/teams-20261127; 32 vectors
 *     in 1-7 steps 0.12-0.99x; 4-8 steps 0.31-0.99x; 12-15 steps of 32
 *     vectors 0.75-1.28x);
 *   - split into slices of 1-2 steps, up to 8 vectors: 6.8-12.4 us,
 *     0.20-1.28x (45 shapes, 6 above 1.03), where the long sum makes
 *     cuBLAS slow too;
 *   - stream-t split with row teams (few columns over a long sum), up to
 *     16 vectors: slices of 2-10 rounds of the teams took 6.1-22.8 us,
 *     0.14-0.92x (94 shapes: 3-64 columns over 2000-300000 rows, 2-16
 *     vectors, exp/results/next-teams-20261127). cuBLAS's time grows with
 *     the sum (float: 11-15 us at 2000 rows, 75-80 at 300000; double 11-15
 *     and 35-46), the slices' by one round of the teams, about 1 us, per
 *     (splits x the teams' rows) rows. Float takes any number of rounds,
 *     as it does over 16 MiB (below); double up to 20, as there.
 *   Longer chains of one team lose more often (slices of 3-4 steps: 5 of
 *   26 above 1.03; 16 vectors split: 4 of 8). Stream-n with 17-32
 *   vectors runs one block an SM (226-255 registers), so its grid leaves
 *   a wave from 132 blocks (H100: 128 rows a block in float, 64 in
 *   double). Unsplit in one wave (exp/results/nb32-forms-20261127, 192
 *   shapes a type of C with 18 or 30 rows or columns, all four transpose
 *   pairs): double in 1-2 steps took 5.5-8.9 us, 0.30-0.81x (72 shapes;
 *   two waves: 10-18 us, 15 of 24 above 1.0); float in one step where
 *   C's columns are the vectors 0.35-0.94x (32 shapes; the random draws'
 *   1634 x 22 x 13 and 142 x 20 x 5 NT 0.56-0.77x), where C's rows are
 *   (B streamed, the outputs ldc apart) up to 1.45x with 30 vectors, and
 *   in two steps up to 1.16x. Stream-t with 17-32 vectors runs one
 *   block an SM as well, and in double its grid takes two waves from
 *   about 12000 columns of C's other side: its chain is then steps x
 *   waves, whose time the kernel kept to 1-2% over two runs
 *   (exp/results/nb32-forms-20261127, rec-20261127g; 18 or 30 vectors,
 *   12000 columns): 2 (one step) 7.3-9.4 us, 0.48-0.87x of cuBLAS's
 *   time; 4 (two steps) 9.1-12.3 us, 0.68-1.34x around cuBLAS's 9-16;
 *   8 (four steps) 13.2-15.6 us, 0.92-1.56x, 14 of 16 above 1.0: up to
 *   4 in all. A call
 *   sent to cuBLAS costs about 1.04x cuBLAS's own (matvec's validation and
 *   the rule, G6), so a shape that the kernels take at 0.9-1.0x is better
 *   served by them. A stream-n grid of more than one wave (a tall op(A)
 *   with a short sum) writes C, nv elements a row for the k it reads, one
 *   element a thread per pass of its blocks' last sums: where C had 2k or
 *   more a row it lost (300000 x 3 float, 8 and 16 vectors: 1.06x and
 *   2.1x; 60000 x 8, 16 vectors: 1.14x; 2-4 vectors: 0.47-0.95x).
 *   This holds for a big operand under 16 MiB; over more, the grid is
 *   bandwidth-bound, the next case.
 * - in the bandwidth regime (exp/results/teams-20261127: A of 300000 x
 *   3-128 and 10^6 x 32, 2-32 vectors, and 16384^2):
 *   - float stream-n where its chain outlasts its blocks' last sums (about
 *     half a step): cuBLAS SGEMM reads a tall A at 78-85% with 2-4
 *     vectors, the kernel at up to 92-95%, which takes 8 steps or more
 *     (1-4 steps: 1.00-1.54x; 16384^2: 0.87x); with 5-8 vectors cuBLAS
 *     reads at 42-45%, and 2 steps win (0.69-0.82x; one: 1.13-1.42x).
 *   - stream-t on 16-byte-aligned columns: float up to 16 vectors
 *     (0.68-0.83x at 16384^2: cuBLAS SGEMM reads the transposed operand
 *     at 49-58%, at 8-38% where it has few columns) and any count with row
 *     teams (32 vectors on 3-64 columns: 0.23-0.72x; one team: 1.09-1.52x).
 *     Double up to 4 vectors with row teams: 0.61-0.96x (cuBLAS DGEMM
 *     read such an A at 34-78%); with one team (16384^2, 8 vectors)
 *     1.08-1.15x. With 5-16 vectors and teams the chain decides: slices of
 *     10-19 rounds took 0.69-0.96x (300000 x 3-24; next-teams-20261127),
 *     of 37-61 rounds 1.03-1.34x (300000 x 24-64, 10^6 x 32): the kernel's
 *     rate per element of A, no longer the fixed costs of the two calls
 *     (cuBLAS's 12-15 us), decides there, and DGEMM's is as high.
 *   That regime starts where reading the big operand outlasts cuBLAS's
 *   per-call cost: 16 MiB (5 us at 3.3 TB/s); below, the chain decides
 *   (above). From 16 (32) vectors the narrow kernels' FP32 FMAs on the
 *   CUDA cores bound them; stream-t on columns off 16-byte boundaries
 *   reads with 4-byte loads (56-75% of the bandwidth, cuBLAS 80-86% on
 *   some: docs/notes-multi.md, entry 5). Double stream-n: cuBLAS DGEMM
 *   reads A at 92-100% on the FP64 tensor cores, 1.01-1.19x faster. */
enum {
    kTileMaxSteps = 4,                          /* k-steps x waves of 64 x 64 tiles */
    kTileMaxBytesS = 4 << 20,                   /* A, B and C, float */
    kTileMaxBytesD = 8 << 20,                   /* double: the same elements */
    kChainMaxVectors = 16,                      /* nb of a short stream-n chain */
    kChainMaxSteps = 4,                         /* stream-n unsplit: its slice */
    kChainMaxWork = 32,                         /* and its steps x nb */
    kChainMaxStepsT = 8,                        /* stream-t unsplit, any nb */
    kSplitMaxSteps = 2,                         /* a split's slice */
    kSplitMaxVectors = 8,                       /* and its nb */
    kWideStepsD = 2,                            /* stream-n of 17-32 vectors in a wave: double */
    kWideStepsS = 1,                            /* float, C's columns the vectors */
    kWideWorkT = 4,                             /* stream-t of 17-32 vectors: steps x waves */
    kTeamsMaxStepsD = 20,                       /* double stream-t split with row teams: rounds */
    kOutMaxRatio = 2,                           /* stream-n of many waves: nv < 2 k */
    kStreamMinBytes = 16 << 20,                 /* the big operand, the bandwidth regime */
    kStreamMinSteps = 8,                        /* there, float stream-n's chain, 2-4 vectors */
    kStreamMinSteps8 = 2                        /* and with 5-8 */
};

static int64_t ceil_div64(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

static int own_kernels_win(mv_dtype dtype, const mv_gemm_args *a)
{
    const int64_t size = dtype == MV_DTYPE_S ? 4 : 8;
    const mv_gemm_kernel kernel = mv_gemm_default_kernel(dtype, a);
    if (kernel == MV_GEMM_KERNEL_GEMV || kernel == MV_GEMM_KERNEL_SCALE)
        return 1;
    if (kernel != MV_GEMM_KERNEL_NARROW) { /* the tile kernels */
        const int64_t sms = mv_gemm_sm_count(a);
        const int64_t waves = ceil_div64(ceil_div64(a->m, 64) * ceil_div64(a->n, 64), 2 * sms);
        const double bytes = (double)size * ((double)a->m * a->k + (double)a->k * a->n + (double)a->m * a->n);
        return ceil_div64(a->k, 16) * waves <= kTileMaxSteps &&
               bytes <= (dtype == MV_DTYPE_S ? kTileMaxBytesS : kTileMaxBytesD);
    }
    const mv_gemm_narrow_chain c = dtype == MV_DTYPE_S ? mv_sgemm_narrow_chain(a) : mv_dgemm_narrow_chain(a);
    const int cols = mv_gemm_narrow_cols(a->m, a->n);
    const int64_t nv = cols ? a->n : a->m;
    const double big = (double)size * (double)a->k * (double)(cols ? a->m : a->n);
    /* stream-t with row teams, in either regime: float in any number of
     * rounds, double up to kTeamsMaxStepsD (any with up to 4 vectors) */
    const int teams_win = c.stream_t && c.teams > 1 && nv <= kChainMaxVectors &&
                          (dtype == MV_DTYPE_S || nv <= 4 || c.steps <= kTeamsMaxStepsD);
    if (big < kStreamMinBytes) /* a small grid: its chain is its time */
        return c.splits > 1 && c.stream_t && c.teams > 1 ? teams_win
               : c.splits > 1 ? c.nb <= kSplitMaxVectors && c.steps <= kSplitMaxSteps
               : c.stream_t   ? c.steps <= kChainMaxStepsT &&
                                  (c.nb <= kChainMaxVectors || c.steps * c.waves <= kWideWorkT)
               : c.nb > kChainMaxVectors /* 17-32 vectors: one wave, a short chain */
                   ? c.waves <= 1 && c.steps <= (dtype == MV_DTYPE_D ? kWideStepsD : cols ? kWideStepsS : 0)
                   : c.nb <= kChainMaxVectors && c.steps <= kChainMaxSteps && c.steps * c.nb <= kChainMaxWork &&
                         (c.waves <= 1 || nv < kOutMaxRatio * a->k);
    const void *M = cols ? a->A : a->B;
    const int64_t ld = cols ? a->lda : a->ldb;
    const int aligned = ld % (16 / size) == 0 && (uintptr_t)M % 16 == 0;
    if (!c.stream_t)
        return dtype == MV_DTYPE_S && nv <= 8 && c.steps >= (c.nb == 8 ? kStreamMinSteps8 : kStreamMinSteps);
    if (dtype == MV_DTYPE_D)
        return aligned && teams_win;
    return aligned && (nv <= 16 || c.teams > 1);
}

int mv_gemm_blas_serves(mv_handle h, mv_dtype dtype, const mv_gemm_args *a)
{
    /* Device-mode scalars stay on matvec's kernels: they read alpha before
     * A and B and leave them unread when it is 0, as BLAS asks; cuBLAS
     * would multiply (0 * NaN). A vanishing product is matvec's C = beta*C. */
    if (!h->blas || a->alpha.dev || a->beta.dev || a->k == 0 || a->alpha.value == 0.0)
        return 0;
    return !own_kernels_win(dtype, a);
}

/* The CUDA error behind a failed cuBLAS call, found again: cuBLAS clears
 * CUDA's last error itself. A sticky error of the context comes back from
 * any call that needs the context (cudaStreamQuery; not while s captures,
 * where it would end the capture); a launch refused during capture from
 * cudaStreamIsCapturing. cudaSuccess when CUDA knows of none. */
static cudaError_t cuda_reason(cudaStream_t s)
{
    enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    cudaError_t err = cudaStreamIsCapturing(s, &capture);
    if (err == cudaSuccess && capture == cudaStreamCaptureStatusNone) {
        err = cudaStreamQuery(s);
        if (err == cudaErrorNotReady)
            err = cudaSuccess;
    }
    (void)cudaGetLastError();
    return err;
}

mv_status mv_gemm_blas(mv_handle h, const char *fn, mv_dtype dtype, const mv_gemm_args *a)
{
    const cublasOperation_t ta = a->transa ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t tb = a->transb ? CUBLAS_OP_T : CUBLAS_OP_N;
    /* The cuBLAS handle keeps its pointer mode as created (host): only
     * host-mode calls come here (mv_gemm_blas_serves). */
    cublasStatus_t st;
    const char *what;
    if (dtype == MV_DTYPE_D) {
        /* beta = -0 is beta = 0 (C not read): cuBLAS reads C unless beta
         * is +0 (the GPU fuzzer found NaN in C coming through). */
        const double alpha = a->alpha.value, beta = a->beta.value == 0.0 ? 0.0 : a->beta.value;
        what = "cublasDgemm_64";
        st = cublasDgemm_64(h->blas, ta, tb, a->m, a->n, a->k, &alpha, a->A, a->lda, a->B, a->ldb, &beta, a->C,
                            a->ldc);
    } else {
        const float alpha = (float)a->alpha.value, beta = a->beta.value == 0.0 ? 0.0f : (float)a->beta.value;
        what = "cublasSgemm_64";
        st = cublasSgemm_64(h->blas, ta, tb, a->m, a->n, a->k, &alpha, a->A, a->lda, a->B, a->ldb, &beta, a->C,
                            a->ldc);
    }
    if (st != CUBLAS_STATUS_SUCCESS) {
        const cudaError_t err = cuda_reason(h->stream);
        if (err != cudaSuccess)
            return mv_fail(h, MV_ERR_EXECUTION, "%s: %s failed: %s (%s): %s (%s)", fn, what,
                           cublasGetStatusString(st), cublasGetStatusName(st), cudaGetErrorString(err),
                           cudaGetErrorName(err));
        return mv_fail(h, MV_ERR_EXECUTION, "%s: %s failed: %s (%s)", fn, what, cublasGetStatusString(st),
                       cublasGetStatusName(st));
    }
    /* A launch error that cuBLAS did not report is reported as matvec's
     * own kernels' are. */
    return mv_launched(h, fn, cudaGetLastError());
}
