/* Issue 23: where a GEMM call through matvec's cuBLAS path spends the
 * 0.15-0.3 us it adds to cuBLAS's own call on small shapes (notes G6). Host
 * time per call of: cublas?gemm_64 alone, mv_?gemm on the cuBLAS path, and
 * the parts matvec adds (cudaGetDevice, cudaGetLastError,
 * mv_gemm_default_path: the validation and the rule without a launch),
 * and matvec's own kernels (the "default" variant, whatever the rule);
 * batches of 200 calls, the stream drained between batches, the median of
 * 60 batches. Then the GPU-paced time per call (events around 2000
 * back-to-back calls, as mvbench times them), median of 9.
 * cc -O2 -I include -I src -I /usr/local/cuda/include exp/gemm-host-cost.c \
 *    -L BUILD/src -lmatvec_variants -lmatvec -L /usr/local/cuda/lib64 -lcublas -lcudart -lstdc++ -lm */
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

#include "gemm/gemm_variants.h"
#include "host-timer.h"
#include "matvec.h"

enum { BATCH = 200, BATCHES = 60 };

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

typedef struct {
    int dbl, ta, tb;
    long long m, n, k;
} shape;

static cublasHandle_t blas;
static mv_handle mvh;
static void *A, *B, *C;
static cudaStream_t stream;
static int sink;

static void call(int what, const shape *s)
{
    const float one = 1.0f, zero = 0.0f;
    const double oned = 1.0, zerod = 0.0;
    const long long lda = s->ta ? s->k : s->m, ldb = s->tb ? s->n : s->k;
    const cublasOperation_t ca = s->ta ? CUBLAS_OP_T : CUBLAS_OP_N, cb = s->tb ? CUBLAS_OP_T : CUBLAS_OP_N;
    const mv_operation ma = s->ta ? MV_OP_T : MV_OP_N, mb = s->tb ? MV_OP_T : MV_OP_N;
    int dev;
    switch (what) {
    case 0:
        if (s->dbl)
            cublasDgemm_64(blas, ca, cb, s->m, s->n, s->k, &oned, A, lda, B, ldb, &zerod, C, s->m);
        else
            cublasSgemm_64(blas, ca, cb, s->m, s->n, s->k, &one, A, lda, B, ldb, &zero, C, s->m);
        break;
    case 1:
        if (s->dbl)
            mv_dgemm(mvh, ma, mb, s->m, s->n, s->k, &oned, A, lda, B, ldb, &zerod, C, s->m);
        else
            mv_sgemm(mvh, ma, mb, s->m, s->n, s->k, &one, A, lda, B, ldb, &zero, C, s->m);
        break;
    case 2:
        cudaGetDevice(&dev);
        sink += dev;
        break;
    case 3:
        sink += (int)cudaGetLastError();
        break;
    case 5:
        if (s->dbl)
            mv_gemm_variant_run(mvh, "default", 1, ma, mb, s->m, s->n, s->k, &oned, A, lda, B, ldb, &zerod, C, s->m);
        else
            mv_gemm_variant_run(mvh, "default", 0, ma, mb, s->m, s->n, s->k, &one, A, lda, B, ldb, &zero, C, s->m);
        break;
    case 4:
        sink += mv_gemm_default_path(mvh, s->dbl, ma, mb, s->m, s->n, s->k, s->dbl ? (const void *)&oned : &one, A,
                                     lda, B, ldb, s->dbl ? (const void *)&zerod : &zero, C, s->m)[0];
        break;
    }
}

int main(void)
{
    static const char *const names[] = {"cublas?gemm_64", "mv_?gemm (cuBLAS path)", "cudaGetDevice",
                                         "cudaGetLastError", "mv_gemm_default_path",
                                         "own kernels (variant default)"};
    static const shape shapes[] = {
        {0, 1, 1, 199, 22, 10}, {0, 0, 1, 69, 884, 103}, {1, 0, 0, 5, 708, 24}, {1, 1, 0, 32, 3, 15},
        {0, 0, 0, 1000, 1000, 1000}, {0, 1, 1, 364, 9, 7}, {1, 1, 0, 504, 11, 11}, {0, 0, 1, 3, 3, 3},
    };
    cudaFree(0);
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    cublasCreate(&blas);
    cublasSetStream(blas, stream);
    void *ws;
    cudaMalloc(&ws, (size_t)32 << 20);
    cublasSetWorkspace(blas, ws, (size_t)32 << 20);
    if (mv_create(&mvh) != MV_SUCCESS || mv_set_stream(mvh, stream) != MV_SUCCESS) {
        fprintf(stderr, "mv_create failed\n");
        return 1;
    }
    cudaMalloc(&A, (size_t)8 << 20);
    cudaMalloc(&B, (size_t)8 << 20);
    cudaMalloc(&C, (size_t)8 << 20);
    cudaMemset(A, 0, (size_t)8 << 20);
    cudaMemset(B, 0, (size_t)8 << 20);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        const shape *s = &shapes[i];
        printf("%s %c%c %lld x %lld x %lld: path %s\n", s->dbl ? "double" : "float", s->ta ? 'T' : 'N',
               s->tb ? 'T' : 'N', s->m, s->n, s->k,
               mv_gemm_default_path(mvh, s->dbl, s->ta ? MV_OP_T : MV_OP_N, s->tb ? MV_OP_T : MV_OP_N, s->m, s->n,
                                    s->k, s->dbl ? (const void *)&(double){1} : (const void *)&(float){1}, A,
                                    s->ta ? s->k : s->m, B, s->tb ? s->n : s->k,
                                    s->dbl ? (const void *)&(double){0} : (const void *)&(float){0}, C, s->m));
        for (int what = 0; what < 6; ++what) {
            double t[BATCHES];
            for (int b = 0; b < BATCHES; ++b) {
                const double t0 = now_us();
                for (int c = 0; c < BATCH; ++c)
                    call(what, s);
                t[b] = (now_us() - t0) / BATCH;
                cudaStreamSynchronize(stream);
            }
            printf("  host per call  %-26s %7.3f us\n", names[what], median(t, BATCHES));
        }
        for (int what = 0; what < 6; what += what == 1 ? 4 : 1) {
            double t[9];
            cudaEvent_t e0, e1;
            cudaEventCreate(&e0);
            cudaEventCreate(&e1);
            for (int r = 0; r < 9; ++r) {
                cudaEventRecord(e0, stream);
                for (int c = 0; c < 2000; ++c)
                    call(what, s);
                cudaEventRecord(e1, stream);
                cudaEventSynchronize(e1);
                float ms;
                cudaEventElapsedTime(&ms, e0, e1);
                t[r] = ms * 1e3 / 2000;
            }
            printf("  GPU-paced      %-26s %7.3f us\n", names[what], median(t, 9));
        }
    }
    printf("(sink %d)\n", sink);
    mv_destroy(mvh);
    cublasDestroy(blas);
    return 0;
}
