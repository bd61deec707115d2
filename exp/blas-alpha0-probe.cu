// Does cuBLAS GEMM in device pointer mode leave A and B unread when
// *alpha == 0 (BLAS: C = beta*C, A and B not referenced)? A and B hold NaN,
// C holds 1, alpha = 0 and beta = 1 on the device: C stays 1 if A and B are
// not read into the product, turns NaN if 0 * NaN is formed.
// nvcc -O2 -arch=sm_90 exp/blas-alpha0-probe.cu -lcublas -o /tmp/probe
#include <cublas_v2.h>
#include <cmath>
#include <cstdio>
#include <vector>

template <typename T>
static int probe(cublasHandle_t h, int m, int n, int k, cublasOperation_t ta, cublasOperation_t tb)
{
    const size_t na = (size_t)m * k, nb = (size_t)k * n, nc = (size_t)m * n;
    T *A, *B, *C, *s;
    cudaMalloc(&A, na * sizeof(T));
    cudaMalloc(&B, nb * sizeof(T));
    cudaMalloc(&C, nc * sizeof(T));
    cudaMalloc(&s, 2 * sizeof(T));
    cudaMemset(A, 0xff, na * sizeof(T)); // all-ones bits: NaN
    cudaMemset(B, 0xff, nb * sizeof(T));
    std::vector<T> c(nc, T(1));
    cudaMemcpy(C, c.data(), nc * sizeof(T), cudaMemcpyHostToDevice);
    const T sc[2] = {T(0), T(1)};
    cudaMemcpy(s, sc, sizeof sc, cudaMemcpyHostToDevice);
    cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
    const int lda = ta == CUBLAS_OP_N ? m : k, ldb = tb == CUBLAS_OP_N ? k : n;
    cublasStatus_t st;
    if (sizeof(T) == 8)
        st = cublasDgemm(h, ta, tb, m, n, k, (const double *)s, (const double *)A, lda, (const double *)B, ldb,
                         (const double *)s + 1, (double *)C, m);
    else
        st = cublasSgemm(h, ta, tb, m, n, k, (const float *)s, (const float *)A, lda, (const float *)B, ldb,
                         (const float *)s + 1, (float *)C, m);
    cudaMemcpy(c.data(), C, nc * sizeof(T), cudaMemcpyDeviceToHost);
    size_t bad = 0;
    for (T v : c)
        bad += !(v == T(1));
    printf("%s %c%c %d x %d x %d: status %d, %zu of %zu elements of C changed%s\n", sizeof(T) == 8 ? "double" : "float",
           ta == CUBLAS_OP_N ? 'N' : 'T', tb == CUBLAS_OP_N ? 'N' : 'T', m, n, k, (int)st, bad, nc,
           bad ? " (A or B read)" : "");
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
    cudaFree(s);
    return bad != 0;
}

int main()
{
    cublasHandle_t h;
    cublasCreate(&h);
    const int shapes[][3] = {{256, 256, 256}, {1000, 1000, 1000}, {4099, 37, 2011}, {37, 4099, 2011}, {4096, 4096, 64}};
    int read = 0;
    for (auto &s : shapes)
        for (int t = 0; t < 4; ++t) {
            const cublasOperation_t ta = t & 1 ? CUBLAS_OP_T : CUBLAS_OP_N, tb = t & 2 ? CUBLAS_OP_T : CUBLAS_OP_N;
            read += probe<float>(h, s[0], s[1], s[2], ta, tb);
            read += probe<double>(h, s[0], s[1], s[2], ta, tb);
        }
    printf("%d of %d products formed 0 * NaN\n", read, 40);
    cublasDestroy(h);
    return 0;
}
