/* mvbench checked: what checked mode (mv_set_checked) costs a call. For a
 * few small calls of each family, the host time to issue a run of calls
 * (no synchronization inside the run) and the wall time of the run until
 * the stream is done, checked mode off and on, in interleaved rounds;
 * medians per call. Small shapes, so that the calls' host side is what is
 * measured: a large call's time is its kernel's, and the checks' few
 * microseconds are lost in it.
 *
 *   mvbench checked [--calls N] [--rounds R] [--out DIR] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_ops.h"

typedef struct {
    const char *name;
    mv_status (*call)(mv_handle h, float *buf);
} checked_case;

/* Operands inside one 4 MiB buffer of floats (valid, no overlaps). */
static mv_status case_sgemv(mv_handle h, float *b)
{
    const float one = 1.0f, zero = 0.0f;
    return mv_sgemv(h, MV_OP_N, 64, 64, &one, b, 64, b + 8192, 1, &zero, b + 16384, 1);
}

static mv_status case_strided(mv_handle h, float *b)
{
    const float one = 1.0f, zero = 0.0f;
    return mv_sgemv_strided_batched(h, MV_OP_T, 16, 16, &one, b, 16, 256, b + 65536, 1, 16, &zero, b + 131072, 1, 16,
                                    64);
}

static mv_status case_nt(mv_handle h, float *b)
{
    const float one = 1.0f, zero = 0.0f;
    return mv_sgemv_nt(h, 64, 64, &one, b, 64, b + 8192, 1, &zero, b + 16384, 1, &one, b + 24576, 1, &zero,
                       b + 32768, 1);
}

static mv_status case_sgemm(mv_handle h, float *b)
{
    const float one = 1.0f, zero = 0.0f;
    return mv_sgemm(h, MV_OP_N, MV_OP_N, 32, 32, 32, &one, b, 32, b + 4096, 32, &zero, b + 8192, 32);
}

static mv_status case_transpose(mv_handle h, float *b)
{
    return mv_stranspose(h, 64, 64, b, 64, b + 8192, 64);
}

static const checked_case cases[] = {
    {"sgemv 64x64", case_sgemv},
    {"sgemv_strided_batched 16x16 x64", case_strided},
    {"sgemv_nt 64x64", case_nt},
    {"sgemm 32x32x32", case_sgemm},
    {"stranspose 64x64", case_transpose},
};

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int mvbench_checked(int argc, char **argv)
{
    int calls = 2000, rounds = 9;
    const char *out = "mvbench-out";
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--calls") && i + 1 < argc)
            calls = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else
            die("checked: unknown option \"%s\" (usage: mvbench checked [--calls N] [--rounds R] [--out DIR])",
                argv[i]);
    }
    if (calls < 1 || rounds < 1 || rounds > 99)
        die("checked: --calls wants a positive count and --rounds 1 to 99");
    cudaStream_t stream;
    cublasHandle_t cublas;
    mv_handle h;
    gpu_open(&stream, &cublas, &h);
    float *buf = NULL;
    CUDA_OK(cudaMalloc((void **)&buf, (size_t)4 << 20));
    CUDA_OK(cudaMemset(buf, 0, (size_t)4 << 20));
    struct cudaDeviceProp prop;
    CUDA_OK(cudaGetDeviceProperties(&prop, 0));
    char path[1024];
    FILE *csv = open_csv(out, "measurements-checked.csv", "suite,call,checked,issue_us_per_call,wall_us_per_call\n",
                         path, sizeof path);
    printf("mvbench checked: device %s, %d calls a run, %d rounds, medians per call (us)\n", prop.name, calls, rounds);
    printf("%-34s %12s %12s %12s %12s %12s\n", "call", "issue off", "issue on", "cost", "wall off", "wall on");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        double issue[2][99], wall[2][99];
        for (int r = 0; r < rounds; ++r) {
            for (int on = 0; on < 2; ++on) {
                if (mv_set_checked(h, on) != MV_SUCCESS)
                    die("checked: mv_set_checked: %s", mv_last_error(h));
                CUDA_OK(cudaStreamSynchronize(stream));
                const double t0 = now_s();
                for (int i = 0; i < calls; ++i) {
                    const mv_status st = cases[c].call(h, buf);
                    if (st != MV_SUCCESS)
                        die("checked: %s: %s", cases[c].name, mv_last_error(h));
                }
                const double t1 = now_s();
                CUDA_OK(cudaStreamSynchronize(stream));
                const double t2 = now_s();
                issue[on][r] = (t1 - t0) / calls * 1e6;
                wall[on][r] = (t2 - t0) / calls * 1e6;
            }
        }
        double med[4];
        for (int on = 0; on < 2; ++on) {
            qsort(issue[on], (size_t)rounds, sizeof(double), cmp_double);
            qsort(wall[on], (size_t)rounds, sizeof(double), cmp_double);
            med[on] = issue[on][rounds / 2];
            med[2 + on] = wall[on][rounds / 2];
            fprintf(csv, "checked,%s,%d,%.3f,%.3f\n", cases[c].name, on, med[on], med[2 + on]);
        }
        printf("%-34s %12.2f %12.2f %12.2f %12.2f %12.2f\n", cases[c].name, med[0], med[1], med[1] - med[0], med[2],
               med[3]);
    }
    fclose(csv);
    printf("csv: %s\n", path);
    CUDA_OK(cudaFree(buf));
    cublasDestroy(cublas);
    mv_destroy(h);
    CUDA_OK(cudaStreamDestroy(stream));
    return 0;
}
