// Standalone check of src/gemm/gemm_dmma.cu (mv_dgemm_dmma_launch) on a GPU,
// without the rest of the library: it includes the kernel file, so it can
// also drive both MMA paths (m16n8k16 on sm_90, and the m8n8k4 path that
// sm_80 builds use, forced on Hopper) and every block configuration
// (mv_dmma_config, the dmma-* variants) on every shape.
//
// Build, from the repository root (add -gencode arch=compute_80,code=sm_80
// for an A100):
//   nvcc -std=c++17 -O3 -arch=sm_90 -Isrc -Iinclude exp/dmma-check/check_dmma.cu -lcublas -o /tmp/check_dmma
// Run:
//   /tmp/check_dmma            correctness: every case prints PASS/FAIL, the last line the total
//   /tmp/check_dmma --quick    the same without the 1000-sized shapes (for compute-sanitizer)
//   /tmp/check_dmma --perf     correctness, then 4096^3 and 8192^3: cuBLAS DGEMM, every configuration, k4
//   compute-sanitizer --tool memcheck /tmp/check_dmma --quick
//   compute-sanitizer --tool racecheck /tmp/check_dmma --quick
#include "gemm/gemm_dmma.cu"

#include <cublas_v2.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#define CUDA_CHECK(call)                                                                                 \
    do {                                                                                                 \
        cudaError_t err_ = (call);                                                                       \
        if (err_ != cudaSuccess) {                                                                       \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(err_)); \
            std::exit(2);                                                                                \
        }                                                                                                \
    } while (0)

#define CUBLAS_CHECK(call)                                                                \
    do {                                                                                  \
        cublasStatus_t st_ = (call);                                                      \
        if (st_ != CUBLAS_STATUS_SUCCESS) {                                               \
            std::fprintf(stderr, "%s:%d: %s: status %d\n", __FILE__, __LINE__, #call, st_); \
            std::exit(2);                                                                 \
        }                                                                                 \
    } while (0)

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kSentinel = 12345.678;  // in the padding rows of C: must survive

uint64_t g_rng = 0x9E3779B97F4A7C15ull;
double urand()  // uniform in [-1, 1)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return double(g_rng >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

struct Case {
    int64_t m, n, k;
    int ta, tb;
    int pad;       // ld = rows + pad
    int misalign;  // matrices start 8 bytes past a 16-byte boundary: the 8-byte copy path
    double alpha, beta;
    bool c_nan;    // C poisoned with NaN (only with beta == 0 or alpha == 0 && beta == 1)
    bool ab_nan;   // A and B poisoned with NaN (only with alpha == 0 or k == 0)
    bool dev_scalars;
    const char *what;
};

struct Variant {
    bool force_k4;
    int config;  // -1 auto, else an mv_dmma_config
    const char *name;
};

// Short names of the mv_dmma_config values, in order.
const char *const kConfigNames[MV_DMMA_CONFIG_COUNT] = {"128x128x16-s4",  "64x64x16-s3",      "128x128x16-s4-il",
                                                        "128x128x32-s3-il", "128x64x16-s3-2b-il", "64x128x16-s3-2b-il"};

// auto and every configuration, each on both MMA paths.
std::vector<Variant> all_variants()
{
    static std::vector<std::string> names;  // keeps the k4- names alive
    std::vector<Variant> v;
    names.reserve(2 * (MV_DMMA_CONFIG_COUNT + 1));
    for (int k4 = 0; k4 < 2; ++k4)
        for (int c = -1; c < MV_DMMA_CONFIG_COUNT; ++c) {
            names.push_back(std::string(k4 ? "k4-" : "") + (c < 0 ? "auto" : kConfigNames[c]));
            v.push_back({k4 != 0, c, names.back().c_str()});
        }
    return v;
}

int g_sm_count = 132;
int g_failures = 0, g_cases = 0;

cudaError_t run_variant(const Variant &v, const mv_gemm_args &a)
{
    return v.force_k4 ? mv::dmma::launch<true>(a, v.config) : mv::dmma::launch<false>(a, v.config);
}

void run_case(const Case &c, const char *desc)
{
    const int64_t rows_a = c.ta ? c.k : c.m, cols_a = c.ta ? c.m : c.k;
    const int64_t rows_b = c.tb ? c.n : c.k, cols_b = c.tb ? c.k : c.n;
    const int64_t lda = std::max<int64_t>(1, rows_a) + c.pad, ldb = std::max<int64_t>(1, rows_b) + c.pad;
    const int64_t ldc = c.m + c.pad;
    const size_t na = size_t(lda * cols_a), nb = size_t(ldb * cols_b), nc = size_t(ldc * c.n);

    std::vector<double> hA(na + 1), hB(nb + 1), hC0(nc), hC(nc), ref(size_t(c.m * c.n)), mag(size_t(c.m * c.n));
    for (double &x : hA)
        x = c.ab_nan ? kNaN : urand();
    for (double &x : hB)
        x = c.ab_nan ? kNaN : urand();
    for (int64_t j = 0; j < c.n; ++j)
        for (int64_t i = 0; i < ldc; ++i)
            hC0[size_t(i + j * ldc)] = i >= c.m ? kSentinel : (c.c_nan ? kNaN : urand());

    // Reference in double with the magnitude sum for the error bound.
    const bool no_product = c.alpha == 0.0 || c.k == 0;
    for (int64_t j = 0; j < c.n; ++j)
        for (int64_t i = 0; i < c.m; ++i) {
            double s = 0.0, sa = 0.0;
            if (!no_product)
                for (int64_t p = 0; p < c.k; ++p) {
                    const double x = c.ta ? hA[size_t(p + i * lda)] : hA[size_t(i + p * lda)];
                    const double y = c.tb ? hB[size_t(j + p * ldb)] : hB[size_t(p + j * ldb)];
                    s += x * y;
                    sa += std::fabs(x * y);
                }
            const double c0 = hC0[size_t(i + j * ldc)];
            double r, mg;
            if (no_product) {
                r = c.beta == 0.0 ? 0.0 : (c.beta == 1.0 ? c0 : c.beta * c0);
                mg = c.beta == 0.0 ? 0.0 : std::fabs(c.beta * c0);
            } else {
                r = c.beta == 0.0 ? c.alpha * s : c.alpha * s + c.beta * c0;
                mg = std::fabs(c.alpha) * sa + (c.beta == 0.0 ? 0.0 : std::fabs(c.beta * c0));
            }
            ref[size_t(i + j * c.m)] = r;
            mag[size_t(i + j * c.m)] = mg;
        }

    double *dA, *dB, *dC, *dScal;
    CUDA_CHECK(cudaMalloc(&dA, (na + 2) * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&dB, (nb + 2) * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&dC, (nc + 1) * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&dScal, 2 * sizeof(double)));
    double *A = dA + c.misalign, *B = dB + c.misalign;
    CUDA_CHECK(cudaMemcpy(A, hA.data(), na * sizeof(double), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(B, hB.data(), nb * sizeof(double), cudaMemcpyHostToDevice));
    const double scal[2] = {c.alpha, c.beta};
    CUDA_CHECK(cudaMemcpy(dScal, scal, sizeof scal, cudaMemcpyHostToDevice));

    mv_gemm_args a;
    std::memset(&a, 0, sizeof a);
    a.transa = c.ta;
    a.transb = c.tb;
    a.m = c.m;
    a.n = c.n;
    a.k = c.k;
    a.A = A;
    a.lda = lda;
    a.B = B;
    a.ldb = ldb;
    a.C = dC;
    a.ldc = ldc;
    a.alpha = c.dev_scalars ? mv_scalar{dScal, 0.0} : mv_scalar{nullptr, c.alpha};
    a.beta = c.dev_scalars ? mv_scalar{dScal + 1, 0.0} : mv_scalar{nullptr, c.beta};
    a.stream = nullptr;
    a.sm_count = g_sm_count;

    static const std::vector<Variant> variants = all_variants();
    const double eps = std::numeric_limits<double>::epsilon();
    for (const Variant &v : variants) {
        CUDA_CHECK(cudaMemcpy(dC, hC0.data(), nc * sizeof(double), cudaMemcpyHostToDevice));
        const cudaError_t err = run_variant(v, a);
        const cudaError_t err2 = cudaDeviceSynchronize();
        ++g_cases;
        if (err != cudaSuccess || err2 != cudaSuccess) {
            std::printf("FAIL %-22s %s: launch %s, sync %s\n", v.name, desc, cudaGetErrorString(err),
                        cudaGetErrorString(err2));
            ++g_failures;
            (void)cudaGetLastError();
            continue;
        }
        CUDA_CHECK(cudaMemcpy(hC.data(), dC, nc * sizeof(double), cudaMemcpyDeviceToHost));
        int64_t bad = 0, first_i = -1, first_j = -1;
        double worst = 0.0;
        for (int64_t j = 0; j < c.n; ++j)
            for (int64_t i = 0; i < ldc; ++i) {
                const double got = hC[size_t(i + j * ldc)];
                bool ok;
                if (i >= c.m) {
                    ok = std::memcmp(&got, &kSentinel, sizeof got) == 0;
                } else if (no_product && c.beta == 1.0) {
                    ok = std::memcmp(&got, &hC0[size_t(i + j * ldc)], sizeof got) == 0;  // untouched, bitwise
                } else {
                    const double r = ref[size_t(i + j * c.m)];
                    const double tol = 2.0 * double(c.k + 2) * eps * mag[size_t(i + j * c.m)] + 1e-300;
                    const double e = std::fabs(got - r);
                    ok = e <= tol;  // NaN fails
                    if (ok && mag[size_t(i + j * c.m)] > 0)
                        worst = std::max(worst, e / mag[size_t(i + j * c.m)]);
                }
                if (!ok) {
                    if (bad == 0) {
                        first_i = i;
                        first_j = j;
                    }
                    ++bad;
                }
            }
        if (bad) {
            ++g_failures;
            const double got = hC[size_t(first_i + first_j * ldc)];
            const double r = first_i < c.m ? ref[size_t(first_i + first_j * c.m)] : kSentinel;
            std::printf("FAIL %-22s %s: %lld bad, first C(%lld,%lld) = %.17g, expected %.17g\n", v.name, desc,
                        (long long)bad, (long long)first_i, (long long)first_j, got, r);
        } else {
            std::printf("PASS %-22s %s (max err/|magnitude| %.2g)\n", v.name, desc, worst);
        }
    }
    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dB));
    CUDA_CHECK(cudaFree(dC));
    CUDA_CHECK(cudaFree(dScal));
}

void correctness(bool quick)
{
    struct Shape {
        int64_t m, n, k;
    };
    std::vector<Shape> shapes = {{1, 1, 1},    {8, 8, 4},     {16, 8, 16},  {37, 41, 29}, {128, 128, 64},
                                 {129, 130, 17}, {64, 200, 33}, {300, 5, 70}, {5, 300, 1},  {17, 3, 100}};
    if (!quick) {
        shapes.push_back({1000, 999, 1001});
        shapes.push_back({520, 1030, 255});
    }
    char what[256];
    std::vector<Case> cases;
    for (const Shape &s : shapes)
        for (int ta = 0; ta < 2; ++ta)
            for (int tb = 0; tb < 2; ++tb)
                for (int layout = 0; layout < 3; ++layout) {
                    // layout 0: tight ld, aligned; 1: ld + 3 (odd or even by shape);
                    // 2: misaligned pointers (8-byte copies everywhere).
                    Case c{s.m, s.n, s.k, ta, tb, layout == 1 ? 3 : 0, layout == 2 ? 1 : 0, 1.5, -0.75,
                           false, false, false, nullptr};
                    cases.push_back(c);
                }
    // BLAS special values, on a shape with tails in m, n and k.
    for (int ta = 0; ta < 2; ++ta)
        for (int tb = 0; tb < 2; ++tb) {
            cases.push_back({37, 41, 29, ta, tb, 0, 0, 1.25, 0.0, true, false, false, "beta=0, NaN in C"});
            cases.push_back({37, 41, 29, ta, tb, 0, 0, 0.0, 2.0, false, true, false, "alpha=0, NaN in A, B"});
            cases.push_back({37, 41, 29, ta, tb, 0, 0, 0.0, 0.0, true, true, false, "alpha=0 beta=0, NaN everywhere"});
            cases.push_back({37, 41, 0, ta, tb, 0, 0, std::numeric_limits<double>::infinity(), 0.5, false, true,
                             false, "k=0, alpha=inf"});
            cases.push_back({37, 41, 29, ta, tb, 0, 0, 1.5, -0.75, false, false, true, "device alpha, beta"});
            cases.push_back({37, 41, 29, ta, tb, 0, 0, 0.0, 1.0, true, true, true, "device alpha=0 beta=1: untouched"});
            cases.push_back({200, 150, 77, ta, tb, 2, 0, -1.0, 1.0, false, false, false, "beta=1"});
        }
    for (const Case &c : cases) {
        std::snprintf(what, sizeof what, "%c%c m=%lld n=%lld k=%lld pad=%d misalign=%d alpha=%g beta=%g%s%s",
                      c.ta ? 'T' : 'N', c.tb ? 'T' : 'N', (long long)c.m, (long long)c.n, (long long)c.k, c.pad,
                      c.misalign, c.alpha, c.beta, c.what ? ": " : "", c.what ? c.what : "");
        run_case(c, what);
    }
}

__global__ void fill_random(double *x, size_t count, uint64_t seed)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < count; i += size_t(gridDim.x) * blockDim.x) {
        uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
        h ^= h >> 31;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 27;
        h *= 0x94D049BB133111EBull;
        h ^= h >> 31;
        x[i] = double(h >> 11) * (2.0 / 9007199254740992.0) - 1.0;
    }
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void perf()
{
    cublasHandle_t handle;
    CUBLAS_CHECK(cublasCreate(&handle));
    const int64_t sizes[] = {4096, 8192};
    for (int64_t n : sizes) {
        const size_t count = size_t(n * n);
        double *A, *B, *C1, *C2;
        CUDA_CHECK(cudaMalloc(&A, count * sizeof(double)));
        CUDA_CHECK(cudaMalloc(&B, count * sizeof(double)));
        CUDA_CHECK(cudaMalloc(&C1, count * sizeof(double)));
        CUDA_CHECK(cudaMalloc(&C2, count * sizeof(double)));
        fill_random<<<1024, 256>>>(A, count, 1);
        fill_random<<<1024, 256>>>(B, count, 2);
        CUDA_CHECK(cudaDeviceSynchronize());
        const int reps = n <= 4096 ? 10 : 3, rounds = 7;
        const double flops = 2.0 * double(n) * double(n) * double(n);
        for (int ta = 0; ta < 2; ++ta)
            for (int tb = 0; tb < 2; ++tb) {
                mv_gemm_args a;
                std::memset(&a, 0, sizeof a);
                a.transa = ta;
                a.transb = tb;
                a.m = a.n = a.k = n;
                a.A = A;
                a.B = B;
                a.lda = a.ldb = a.ldc = n;
                a.C = C1;
                a.alpha = mv_scalar{nullptr, 1.0};
                a.beta = mv_scalar{nullptr, 0.0};
                a.sm_count = g_sm_count;
                const double one = 1.0, zero = 0.0;
                // 0: cuBLAS, 1: the default path, 2 .. : each configuration,
                // last: the default's choice on the m8n8k4 path.
                constexpr int kWho = 3 + MV_DMMA_CONFIG_COUNT;
                auto run = [&](int who) {
                    if (who == 0)
                        CUBLAS_CHECK(cublasDgemm(handle, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N,
                                                 int(n), int(n), int(n), &one, A, int(n), B, int(n), &zero, C2, int(n)));
                    else if (who == 1)
                        CUDA_CHECK(mv_dgemm_dmma_launch(&a));
                    else if (who < kWho - 1)
                        CUDA_CHECK(mv_dgemm_dmma_launch_config(&a, who - 2));
                    else
                        CUDA_CHECK(mv::dmma::launch<true>(a, -1));
                };
                const char *names[kWho];
                names[0] = "cuBLAS";
                names[1] = "dmma";
                for (int c = 0; c < MV_DMMA_CONFIG_COUNT; ++c)
                    names[2 + c] = kConfigNames[c];
                names[kWho - 1] = "dmma-k4";
                std::vector<double> ms[kWho];
                for (int who = 0; who < kWho; ++who)
                    run(who);  // warm-up
                CUDA_CHECK(cudaDeviceSynchronize());
                cudaEvent_t e0, e1;
                CUDA_CHECK(cudaEventCreate(&e0));
                CUDA_CHECK(cudaEventCreate(&e1));
                for (int r = 0; r < rounds; ++r)
                    for (int who = 0; who < kWho; ++who) {
                        CUDA_CHECK(cudaEventRecord(e0));
                        for (int i = 0; i < reps; ++i)
                            run(who);
                        CUDA_CHECK(cudaEventRecord(e1));
                        CUDA_CHECK(cudaEventSynchronize(e1));
                        float t = 0;
                        CUDA_CHECK(cudaEventElapsedTime(&t, e0, e1));
                        ms[who].push_back(double(t) / reps);
                    }
                // Agreement with cuBLAS (C1: one more dmma run, C2: cuBLAS).
                std::vector<double> h1(count), h2(count);
                CUDA_CHECK(mv_dgemm_dmma_launch(&a));
                CUDA_CHECK(cudaMemcpy(h1.data(), C1, count * sizeof(double), cudaMemcpyDeviceToHost));
                CUDA_CHECK(cudaMemcpy(h2.data(), C2, count * sizeof(double), cudaMemcpyDeviceToHost));
                double maxdiff = 0, maxabs = 0;
                for (size_t i = 0; i < count; ++i) {
                    const double d = std::fabs(h1[i] - h2[i]);
                    maxdiff = std::isnan(d) ? INFINITY : std::max(maxdiff, d);
                    maxabs = std::max(maxabs, std::fabs(h2[i]));
                }
                const double base = median(ms[0]);
                std::printf("perf %c%c %lld^3:", ta ? 'T' : 'N', tb ? 'T' : 'N', (long long)n);
                for (int who = 0; who < kWho; ++who) {
                    const double t = median(ms[who]);
                    std::printf("\n    %-20s %.3f ms %5.1f TFLOP/s (%3.0f%% of cuBLAS)", names[who], t,
                                flops / t * 1e-9, 100.0 * base / t);
                }
                std::printf("\n    |dmma - cuBLAS|max / |C|max = %.2g\n", maxdiff / maxabs);
                CUDA_CHECK(cudaEventDestroy(e0));
                CUDA_CHECK(cudaEventDestroy(e1));
            }
        CUDA_CHECK(cudaFree(A));
        CUDA_CHECK(cudaFree(B));
        CUDA_CHECK(cudaFree(C1));
        CUDA_CHECK(cudaFree(C2));
    }
    CUBLAS_CHECK(cublasDestroy(handle));
}

}  // namespace

int main(int argc, char **argv)
{
    bool quick = false, do_perf = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--quick"))
            quick = true;
        else if (!std::strcmp(argv[i], "--perf"))
            do_perf = true;
    }
    int dev = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop;
    CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    g_sm_count = prop.multiProcessorCount;
    std::printf("device %s, sm_%d%d, %d SMs, %zu bytes opt-in shared memory per block\n", prop.name, prop.major,
                prop.minor, prop.multiProcessorCount, prop.sharedMemPerBlockOptin);
    correctness(quick);
    std::printf("%s: %d of %d checks failed\n", g_failures ? "FAIL" : "PASS", g_failures, g_cases);
    if (do_perf)
        perf();
    return g_failures ? 1 : 0;
}
