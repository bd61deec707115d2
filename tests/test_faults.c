/* GPU: failures that do not come from the arguments (docs/semantics.md,
 * "Errors"; include/matvec.h).
 *
 * - mv_create with the device's memory exhausted returns MV_ERR_ALLOC,
 *   sets the handle to NULL, says why (mv_last_error(NULL), with CUDA's
 *   "out of memory") and leaks no device memory: with no room at all (its
 *   first allocation fails), and with room for its 8 MiB workspace but not
 *   for cuBLAS's 32 MiB (its failure path must free the first). Once the
 *   memory is back, mv_create works.
 * - A handle bound to a device that is not the current one: every call
 *   returns MV_ERR_INVALID_VALUE with a message naming both devices, and
 *   changes nothing; with the device restored, the calls work. Once by
 *   setting the handle's device field (core/internal.h), once for real
 *   where there are two GPUs.
 * - A context poisoned by a kernel fault (tests/support/fault_kernel.cu):
 *   every call returns MV_ERR_EXECUTION with CUDA's error name, mv_create
 *   fails with CUDA's error text, mv_destroy returns. The context stays
 *   dead, so this runs in a process of its own: this program started again
 *   with FAULT_CHILD as its argument.
 *
 * Not under compute-sanitizer (label NO_SANITIZE): the fault is deliberate.
 * MATVEC_TEST_SMALL changes nothing: the program makes a few dozen calls. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <cuda_runtime_api.h>

#include "core/internal.h"
#include "gemv_check.h"

extern char **environ;

cudaError_t matvec_test_launch_fault(cudaStream_t s);

#define FAULT_CHILD "--fault-child"

static size_t device_free_bytes(void)
{
    size_t free_b = 0, total = 0;
    CHECK_CUDA(cudaMemGetInfo(&free_b, &total));
    return free_b;
}

/* ---- one call of every family, on small operands ---------------------------- */

enum { M = 40, N = 40, FAMILIES = 10, IN = 4 * M * N };

static const char *const family_names[FAMILIES] = {
    "mv_sgemv", "mv_dgemv", "mv_sgemv_nt", "mv_dgemv_strided_batched", "mv_sgemv_batched", "mv_gemv_ex",
    "mv_stranspose", "mv_dtranspose_inplace", "mv_sgemm (matvec's narrow kernel)", "mv_dgemm (cuBLAS)"};
static const struct {
    int dtype;
    size_t len;
} family_out[FAMILIES] = {{DT_S, M},     {DT_D, N},     {DT_S, M + N}, {DT_D, 3 * M}, {DT_S, 2 * M},
                          {DT_S, M},     {DT_S, M * N}, {DT_D, N * N}, {DT_S, M * 4}, {DT_D, M * N}};

typedef struct {
    double *host_in[2];  /* random inputs, float and double */
    double *host_out0;   /* mv_sgemv's output as uploaded */
    void *in[2], *bf16, *ptrs;
    void *out[FAMILIES]; /* each family's output, random to begin with */
} operands;

/* Allocated while the context is sound: nothing can be after a fault. */
static void operands_make(operands *o, rng_t *r)
{
    memset(o, 0, sizeof *o);
    double *tmp = malloc(sizeof(double) * M * N);
    assert_non_null(tmp);
    for (int d = DT_S; d <= DT_D; ++d) {
        o->host_in[d] = malloc(sizeof(double) * IN);
        assert_non_null(o->host_in[d]);
        fill_random(r, d, o->host_in[d], IN);
        o->in[d] = dev_upload(d, o->host_in[d], IN);
    }
    for (int f = 0; f < FAMILIES; ++f) {
        fill_random(r, family_out[f].dtype, tmp, family_out[f].len);
        o->out[f] = dev_upload(family_out[f].dtype, tmp, family_out[f].len);
        if (f == 0) {
            o->host_out0 = malloc(sizeof(double) * M);
            assert_non_null(o->host_out0);
            memcpy(o->host_out0, tmp, sizeof(double) * M);
        }
    }
    free(tmp);
    CHECK_CUDA(cudaMalloc(&o->bf16, 2 * M * N));
    CHECK_CUDA(cudaMemset(o->bf16, 0, 2 * M * N));
    /* The pointer form: A[2], x[2], y[2]. */
    const float *fin = o->in[DT_S];
    const void *ptrs[6] = {fin, fin + 1, fin + M * N, fin + M * N + 1, o->out[4], (float *)o->out[4] + M};
    CHECK_CUDA(cudaMalloc(&o->ptrs, sizeof ptrs));
    CHECK_CUDA(cudaMemcpy(o->ptrs, ptrs, sizeof ptrs, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaDeviceSynchronize());
}

/* checked = 0: after a fault, when cudaFree fails too. */
static void operands_free(operands *o, int checked)
{
    void *dev[] = {o->in[0], o->in[1], o->bf16, o->ptrs};
    for (size_t i = 0; i < sizeof dev / sizeof dev[0] + FAMILIES; ++i) {
        void *p = i < sizeof dev / sizeof dev[0] ? dev[i] : o->out[i - sizeof dev / sizeof dev[0]];
        const cudaError_t e = cudaFree(p);
        if (checked)
            CHECK_CUDA(e);
    }
    free(o->host_in[0]);
    free(o->host_in[1]);
    free(o->host_out0);
}

/* Family f's call: valid arguments, host scalars, its own output. */
static mv_status call_family(mv_handle h, const operands *o, int f)
{
    const float fa = 1.5f, fb = 0.0f;
    const double da = -0.5, db = 0.0;
    const float *fin = o->in[DT_S];
    const double *din = o->in[DT_D];
    const void *const *p = o->ptrs;
    switch (f) {
    case 0: return mv_sgemv(h, MV_OP_N, M, N, &fa, fin, M, fin + M * N, 1, &fb, o->out[0], 1);
    case 1: return mv_dgemv(h, MV_OP_T, M, N, &da, din, M, din + M * N, 1, &db, o->out[1], 1);
    case 2:
        return mv_sgemv_nt(h, M, N, &fa, fin, M, fin + M * N, 1, &fb, o->out[2], 1, &fa, fin + 2 * M * N, 1, &fb,
                           (float *)o->out[2] + M, 1);
    case 3: return mv_dgemv_strided_batched(h, MV_OP_N, M, N, &da, din, M, 0, din + M * N, 1, N, &db, o->out[3], 1, M, 3);
    case 4:
        return mv_sgemv_batched(h, MV_OP_N, M, N, &fa, (const float *const *)p, M, (const float *const *)(p + 2), 1,
                                &fb, (float *const *)(p + 4), 1, 2);
    case 5:
        return mv_gemv_ex(h, MV_OP_N, M, N, &fa, o->bf16, MV_R_16BF, M, fin + M * N, MV_R_32F, 1, &fb, o->out[5],
                          MV_R_32F, 1);
    case 6: return mv_stranspose(h, M, N, fin, M, o->out[6], N);
    case 7: return mv_dtranspose_inplace(h, N, o->out[7], N);
    case 8: return mv_sgemm(h, MV_OP_N, MV_OP_N, M, 4, N, &fa, fin, M, fin + M * N, N, &fb, o->out[8], M);
    default: return mv_dgemm(h, MV_OP_N, MV_OP_N, M, N, N, &da, din, M, din + M * N, N, &db, o->out[9], M);
    }
}

/* Every family succeeds, and mv_sgemv's result is right. */
static void expect_all_work(mv_handle h, const operands *o)
{
    for (int f = 0; f < FAMILIES; ++f)
        CHECK_MV(h, call_family(h, o, f));
    CHECK_CUDA(cudaDeviceSynchronize());
    const gemv_case c = {DT_S, MV_OP_N, M, N, M, 1, 1, 1.5, 0.0, 0, NULL, 0, 0};
    double y[M];
    dev_download(DT_S, o->out[0], y, M);
    check_gemv_result(&c, o->host_in[DT_S], o->host_in[DT_S] + M * N, o->host_out0, y);
}

/* Appends a line to a report of what went wrong. */
static void report_add(char *report, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void report_add(char *report, size_t len, const char *fmt, ...)
{
    const size_t used = strlen(report);
    va_list args;
    va_start(args, fmt);
    vsnprintf(report + used, len - used, fmt, args);
    va_end(args);
}

/* ---- the handle's device ---------------------------------------------------------- */

/* The decimal number v stands in text on its own (not inside another number). */
static int names_number(const char *text, int v)
{
    char digits[16];
    snprintf(digits, sizeof digits, "%d", v);
    for (const char *p = strstr(text, digits); p; p = strstr(p + 1, digits)) {
        const char after = p[strlen(digits)];
        if ((p == text || p[-1] < '0' || p[-1] > '9') && (after < '0' || after > '9'))
            return 1;
    }
    return 0;
}

/* Every family on h while device current is current and h is bound to
 * device bound: MV_ERR_INVALID_VALUE naming both, outputs unchanged. What
 * went wrong goes into report (the caller fails after restoring state). */
static void expect_wrong_device(mv_handle h, const operands *o, int bound, int current, char *report, size_t len)
{
    unsigned char *before[FAMILIES], *after = malloc(sizeof(double) * M * N);
    assert_non_null(after);
    for (int f = 0; f < FAMILIES; ++f) {
        const size_t bytes = family_out[f].len * dtype_size(family_out[f].dtype);
        before[f] = malloc(bytes);
        assert_non_null(before[f]);
        CHECK_CUDA(cudaMemcpy(before[f], o->out[f], bytes, cudaMemcpyDeviceToHost));
    }
    for (int f = 0; f < FAMILIES; ++f) {
        const mv_status st = call_family(h, o, f);
        const char *msg = mv_last_error(h);
        if (st != MV_ERR_INVALID_VALUE || !strstr(msg, "device") || !names_number(msg, bound) ||
            !names_number(msg, current))
            report_add(report, len, "\n  %s returned %s: \"%s\"", family_names[f], mv_status_string(st), msg);
    }
    CHECK_CUDA(cudaDeviceSynchronize());
    for (int f = 0; f < FAMILIES; ++f) {
        const size_t bytes = family_out[f].len * dtype_size(family_out[f].dtype);
        CHECK_CUDA(cudaMemcpy(after, o->out[f], bytes, cudaMemcpyDeviceToHost));
        if (memcmp(before[f], after, bytes) != 0)
            report_add(report, len, "\n  %s changed its output", family_names[f]);
        free(before[f]);
    }
    free(after);
}

/* The handle's device field set to one that is not current (it need not
 * exist): the rule is checked against the field, not a real second GPU. */
static void test_handle_bound_to_another_device(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(30);
    int current = -1;
    CHECK_CUDA(cudaGetDevice(&current));
    assert_int_equal(h->device, current);
    operands o;
    operands_make(&o, &r);
    char report[4096] = "";
    h->device = current + 1;
    expect_wrong_device(h, &o, current + 1, current, report, sizeof report);
    h->device = current;
    if (report[0])
        fail_msg("calls on a handle bound to device %d while device %d is current (want MV_ERR_INVALID_VALUE "
                 "naming both devices, outputs unchanged):%s", current + 1, current, report);
    expect_all_work(h, &o);
    operands_free(&o, 1);
}

/* Two GPUs: a handle made on device 0, called while device 1 is current. */
static void test_calls_while_another_device_is_current(void **state)
{
    (void)state;
    int count = 0;
    CHECK_CUDA(cudaGetDeviceCount(&count));
    if (count < 2) {
        printf("# one CUDA device: the two-device case is skipped\n");
        skip();
    }
    rng_t r = rng_make(31);
    CHECK_CUDA(cudaSetDevice(0));
    mv_handle h = NULL;
    CHECK_MV(NULL, mv_create(&h));
    operands o;
    operands_make(&o, &r);
    char report[4096] = "";
    CHECK_CUDA(cudaSetDevice(1));
    expect_wrong_device(h, &o, 0, 1, report, sizeof report);
    CHECK_CUDA(cudaSetDevice(0));
    if (report[0])
        fail_msg("calls on a handle of device 0 while device 1 is current (want MV_ERR_INVALID_VALUE naming "
                 "both devices, outputs unchanged):%s", report);
    expect_all_work(h, &o);
    operands_free(&o, 1);
    CHECK_MV(h, mv_destroy(h));
}

/* ---- device memory exhausted ------------------------------------------------------ */

/* Device memory taken by the test, in chunks. */
typedef struct {
    void *chunk[256];
    int count;
} filler;

/* Takes the device's memory in chunks from its free size down, halving
 * after each failure, until even 64 KiB cannot be had: what remains is
 * less than that, far below the 8 MiB that mv_create allocates first. */
static void fill_device(filler *f)
{
    size_t chunk = device_free_bytes();
    while (chunk >= ((size_t)64 << 10) && f->count < 256) {
        void *p = NULL;
        if (cudaMalloc(&p, chunk) == cudaSuccess) {
            f->chunk[f->count++] = p;
        } else {
            (void)cudaGetLastError();
            chunk /= 2;
        }
    }
}

static void release(filler *f)
{
    while (f->count > 0)
        CHECK_CUDA(cudaFree(f->chunk[--f->count]));
}

/* A handle made and destroyed first, so that nothing of the context or of
 * cuBLAS is still to be loaded when the memory is full. */
static int filler_setup(void **state)
{
    mv_handle h = NULL;
    if (mv_create(&h) != MV_SUCCESS || mv_destroy(h) != MV_SUCCESS)
        return -1;
    filler *f = calloc(1, sizeof *f);
    *state = f;
    return f ? 0 : -1;
}

/* Gives the memory back even when the test failed half-way. */
static int filler_teardown(void **state)
{
    filler *f = *state;
    int failed = 0;
    while (f->count > 0)
        failed |= cudaFree(f->chunk[--f->count]) != cudaSuccess;
    free(f);
    return failed ? -1 : 0;
}

/* mv_create must fail with MV_ERR_ALLOC and a NULL handle, say why (stage:
 * a word of its message, and CUDA's "out of memory"), and leave the free
 * device memory as it was, to the byte: a failed cudaMalloc takes nothing,
 * and what mv_create got before must be freed. */
static void expect_create_fails(const char *stage)
{
    const size_t before = device_free_bytes();
    struct mv_context junk;
    mv_handle h = &junk; /* must come back NULL */
    const mv_status st = mv_create(&h);
    const char *msg = mv_last_error(NULL);
    const size_t after = device_free_bytes();
    printf("# mv_create with %zu bytes free: %s: %s\n", before, mv_status_string(st), msg);
    if (st == MV_SUCCESS && h != &junk)
        mv_destroy(h);
    assert_int_equal(st, MV_ERR_ALLOC);
    assert_null(h);
    assert_non_null(strstr(msg, stage));
    assert_non_null(strstr(msg, cudaGetErrorString(cudaErrorMemoryAllocation)));
    if (after != before)
        fail_msg("mv_create's failure leaked device memory: %zu bytes free before, %zu after", before, after);
}

/* After the filler is released: a handle again, and a call that is right. */
static void expect_create_works(filler *f)
{
    release(f);
    rng_t r = rng_make(20);
    mv_handle h = NULL;
    CHECK_MV(NULL, mv_create(&h));
    const gemv_case c = {DT_S, MV_OP_T, 33, 17, 35, 1, 1, 1.5, 0.5, 0, NULL, 0, 0};
    run_gemv_case(h, &c, &r);
    CHECK_MV(h, mv_destroy(h));
}

static void test_create_with_device_memory_exhausted(void **state)
{
    filler *f = *state;
    fill_device(f);
    expect_create_fails("device workspace");
    expect_create_works(f);
}

/* A 16 MiB hole left in a full device: the 8 MiB workspace and its
 * counters fit, cuBLAS's 32 MiB workspace does not. */
static void test_create_fails_after_its_first_allocation(void **state)
{
    filler *f = *state;
    void *hole = NULL;
    CHECK_CUDA(cudaMalloc(&hole, (size_t)16 << 20));
    fill_device(f);
    CHECK_CUDA(cudaFree(hole));
    expect_create_fails("cuBLAS");
    expect_create_works(f);
}

/* ---- a faulted context (in the child process) ------------------------------------- */

static void test_calls_after_a_fault(void **state)
{
    (void)state;
    rng_t r = rng_make(40);
    mv_handle h = NULL;
    CHECK_MV(NULL, mv_create(&h));
    operands o;
    operands_make(&o, &r);
    expect_all_work(h, &o);

    CHECK_CUDA(matvec_test_launch_fault(0));
    const cudaError_t fault = cudaDeviceSynchronize();
    printf("# the fault: %s: %s\n", cudaGetErrorName(fault), cudaGetErrorString(fault));
    assert_int_not_equal(fault, cudaSuccess);

    /* Every call: MV_ERR_EXECUTION and CUDA's error name (all are listed
     * before the test fails). */
    char report[4096] = "";
    for (int f = 0; f < FAMILIES; ++f) {
        const mv_status st = call_family(h, &o, f);
        const char *msg = mv_last_error(h);
        printf("# %s after the fault: %s: %s\n", family_names[f], mv_status_string(st), msg);
        if (st != MV_ERR_EXECUTION || !strstr(msg, cudaGetErrorName(fault)))
            report_add(report, sizeof report, "\n  %s returned %s: \"%s\"", family_names[f], mv_status_string(st),
                       msg);
    }
    /* A new handle cannot be made on the dead context: an error that says
     * why (ALLOC today: its first cudaMalloc fails), never a handle. */
    struct mv_context junk;
    mv_handle other = &junk;
    const mv_status created = mv_create(&other);
    printf("# mv_create after the fault: %s: %s\n", mv_status_string(created), mv_last_error(NULL));
    if ((created != MV_ERR_ALLOC && created != MV_ERR_EXECUTION) || other != NULL ||
        !strstr(mv_last_error(NULL), cudaGetErrorString(fault)))
        report_add(report, sizeof report, "\n  mv_create returned %s: \"%s\"%s", mv_status_string(created),
                   mv_last_error(NULL), other ? " and a handle" : "");
    /* mv_destroy returns (its cudaFree calls fail). */
    const mv_status destroyed = mv_destroy(h);
    if (destroyed != MV_SUCCESS && destroyed != MV_ERR_EXECUTION)
        report_add(report, sizeof report, "\n  mv_destroy returned %s", mv_status_string(destroyed));
    operands_free(&o, 0);
    if (report[0])
        fail_msg("after %s (want MV_ERR_EXECUTION naming it):%s", cudaGetErrorName(fault), report);
}

/* The fault in a process of its own: this program again, as a child, from
 * exec (a forked copy of a process that uses CUDA cannot use CUDA). Its
 * output appears in this one's; its exit status is its failures. */
static void test_fault_in_a_child_process(void **state)
{
    (void)state;
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)test_seed());
    assert_int_equal(setenv("MATVEC_TEST_SEED", seed, 1), 0);
    fflush(stdout);
    fflush(stderr);
    char *const argv[] = {"test_faults", FAULT_CHILD, NULL};
    const pid_t pid = fork();
    if (pid == 0) {
        execve("/proc/self/exe", argv, environ);
        _exit(127);
    }
    assert_true(pid > 0);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFSIGNALED(status))
        fail_msg("the process whose context faulted died of signal %d", WTERMSIG(status));
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) != 0)
        fail_msg("the process whose context faulted failed (exit status %d; its output is above)",
                 WEXITSTATUS(status));
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* the child's lines in order with the parent's and cmocka's */
    if (argc > 1 && strcmp(argv[1], FAULT_CHILD) == 0) {
        test_seed();
        const struct CMUnitTest child[] = {cmocka_unit_test(test_calls_after_a_fault)};
        return cmocka_run_group_tests_name("faults (child process: the context faulted)", child, NULL, NULL);
    }
    SKIP_WITHOUT_GPU();
    test_seed();
    apply_test_filters();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_create_with_device_memory_exhausted, filler_setup, filler_teardown),
        cmocka_unit_test_setup_teardown(test_create_fails_after_its_first_allocation, filler_setup, filler_teardown),
        HANDLE_TEST(test_handle_bound_to_another_device),
        cmocka_unit_test(test_calls_while_another_device_is_current),
        cmocka_unit_test(test_fault_in_a_child_process),
    };
    return cmocka_run_group_tests_name("faults", tests, NULL, NULL);
}
