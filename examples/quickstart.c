/* matvec quickstart: y = A*x on the GPU for a random 3000 x 2000 matrix,
 * checked against a plain C loop in double. Exit status: 0 when the result
 * is right, 1 when it is wrong or a call failed, 2 when there is no GPU. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>
#include <matvec.h>

int main(void)
{
    const int64_t m = 3000, n = 2000;
    mv_handle h;
    if (mv_create(&h) != MV_SUCCESS) {
        printf("quickstart: %s\n", mv_last_error(NULL));
        return 2;
    }
    float *A = malloc(sizeof(float) * m * n), *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * m);
    srand(12345);
    for (int64_t k = 0; k < m * n; ++k)
        A[k] = (float)rand() / RAND_MAX - 0.5f;
    for (int64_t j = 0; j < n; ++j)
        x[j] = (float)rand() / RAND_MAX - 0.5f;

    float *dA, *dx, *dy;
    cudaMalloc((void **)&dA, sizeof(float) * m * n);
    cudaMalloc((void **)&dx, sizeof(float) * n);
    cudaMalloc((void **)&dy, sizeof(float) * m);
    cudaMemcpy(dA, A, sizeof(float) * m * n, cudaMemcpyHostToDevice);
    cudaMemcpy(dx, x, sizeof(float) * n, cudaMemcpyHostToDevice);

    const float alpha = 1.0f, beta = 0.0f;  /* y = A*x */
    mv_status st = mv_sgemv(h, MV_OP_N, m, n, &alpha, dA, m, dx, 1, &beta, dy, 1);
    if (st != MV_SUCCESS) {
        printf("quickstart: %s: %s\n", mv_status_string(st), mv_last_error(h));
        return 1;
    }
    if (cudaMemcpy(y, dy, sizeof(float) * m, cudaMemcpyDeviceToHost) != cudaSuccess) {
        printf("quickstart: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }

    double worst = 0.0;  /* relative to the sum of |terms| of each row */
    for (int64_t i = 0; i < m; ++i) {
        double dot = 0.0, mag = 0.0;
        for (int64_t j = 0; j < n; ++j) {
            dot += (double)A[i + j * m] * x[j];
            mag += fabs((double)A[i + j * m] * x[j]);
        }
        const double err = fabs(y[i] - dot) / mag;
        worst = err > worst || isnan(err) ? err : worst;
    }
    const int ok = worst < 1e-5;
    printf("quickstart: y = A*x for a %lld x %lld float matrix on the GPU: max relative error %.2e (%s)\n",
           (long long)m, (long long)n, worst, ok ? "correct" : "WRONG");

    cudaFree(dA);
    cudaFree(dx);
    cudaFree(dy);
    free(A);
    free(x);
    free(y);
    mv_destroy(h);
    return ok ? 0 : 1;
}
