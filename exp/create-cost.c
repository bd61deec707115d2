/* What mv_create and mv_destroy cost, and the share of it that is the
 * cuBLAS handle and its workspace: the CUDA context made first
 * (cudaFree(0)), then 50 pairs of each, median and max in microseconds.
 * cc -O2 -I include exp/create-cost.c -L BUILD/src -lmatvec -lcublas -lcudart */
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

#include "host-timer.h"
#include "matvec.h"

static void report(const char *what, double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    printf("%-34s median %8.1f us  min %8.1f  max %8.1f\n", what, v[n / 2], v[0], v[n - 1]);
}

int main(void)
{
    enum { N = 50 };
    double c[N], d[N], bc[N], bd[N], wc[N], wd[N];
    cudaFree(0);
    for (int i = 0; i < N; ++i) {
        mv_handle h;
        double t0 = now_us();
        if (mv_create(&h) != MV_SUCCESS) {
            printf("mv_create: %s\n", mv_last_error(NULL));
            return 1;
        }
        double t1 = now_us();
        mv_destroy(h);
        double t2 = now_us();
        c[i] = t1 - t0;
        d[i] = t2 - t1;
        cublasHandle_t b;
        void *w;
        t0 = now_us();
        cublasCreate(&b);
        t1 = now_us();
        cublasDestroy(b);
        t2 = now_us();
        bc[i] = t1 - t0;
        bd[i] = t2 - t1;
        t0 = now_us();
        cudaMalloc(&w, 32u << 20);
        t1 = now_us();
        cudaFree(w);
        t2 = now_us();
        wc[i] = t1 - t0;
        wd[i] = t2 - t1;
    }
    report("mv_create", c, N);
    report("mv_destroy", d, N);
    report("cublasCreate", bc, N);
    report("cublasDestroy", bd, N);
    report("cudaMalloc 32 MiB", wc, N);
    report("cudaFree 32 MiB", wd, N);
    return 0;
}
