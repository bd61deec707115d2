/* What every mvbench command shares: fatal-error checks with file and line,
 * option lists and option parsing, the CSV file and its measured columns,
 * the stream and handles, random fills, the generator of random shapes,
 * host clocks and medians, CUDA-event timing of interleaved rounds, cold
 * copies, the check of a result on the device, the device's measured
 * ceilings, table cells and summary helpers, and a progress line on stderr.
 * Device templates the commands' .cu files share: bench_common.cuh. */
#ifndef MVBENCH_COMMON_H
#define MVBENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <curand.h>

#include "matvec.h"

/* The tool (not the library) exits on a broken CUDA, cuBLAS or cuRAND call. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#define CUDA_OK(call)                                                                                   \
    do {                                                                                                \
        cudaError_t e_ = (call);                                                                        \
        if (e_ != cudaSuccess)                                                                          \
            die("%s:%d: %s: %s", __FILE__, __LINE__, #call, cudaGetErrorString(e_));                    \
    } while (0)
#define CUBLAS_OK(call)                                                                                 \
    do {                                                                                                \
        cublasStatus_t s_ = (call);                                                                     \
        if (s_ != CUBLAS_STATUS_SUCCESS)                                                                \
            die("%s:%d: %s: cuBLAS status %d", __FILE__, __LINE__, #call, (int)s_);                     \
    } while (0)
#define CURAND_OK(call)                                                                                 \
    do {                                                                                                \
        curandStatus_t s_ = (call);                                                                     \
        if (s_ != CURAND_STATUS_SUCCESS)                                                                \
            die("%s:%d: %s: cuRAND status %d", __FILE__, __LINE__, #call, (int)s_);                     \
    } while (0)

/* 1 if name is in the comma-separated list (--variants a,b,c); 1 for every
 * name when list is NULL. */
int wanted(const char *list, const char *name);

/* --sizes a,b,c: reads positive integers into sizes[0..max-1]. Returns how
 * many it read, stopping after max with *rest at what is left ("" when
 * nothing is); -1 when an entry is not a positive integer (*rest at it), -2
 * when one is followed by anything but a comma (*rest at that). */
int parse_sizes(const char *arg, int64_t *sizes, int max, const char **rest);

/* Creates dir (if need be) and dir/name, writes header to it and leaves the
 * file's path in path; exits when the file cannot be written. */
FILE *open_csv(const char *dir, const char *name, const char *header, char *path, size_t path_size);

/* A non-blocking stream with a cuBLAS handle and a matvec handle on it. */
void gpu_open(cudaStream_t *stream, cublasHandle_t *cublas, mv_handle *mvh);
/* cuRAND's Philox generator on stream, for fill_uniform. */
void rng_open(curandGenerator_t *gen, cudaStream_t stream);
/* Destroys the generator, the handles and the stream. */
void gpu_close(curandGenerator_t gen, cublasHandle_t cublas, mv_handle mvh, cudaStream_t stream);
/* count uniform values in (-1, 1] (float, or double if dbl) from seed. */
void fill_uniform(curandGenerator_t gen, void *p, size_t count, int dbl, uint64_t seed, cudaStream_t stream);

/* The next value in (-1, 1) of the host's generator (a 64-bit LCG) at
 * *state, for the CPU rows. */
double host_uniform(uint64_t *state);

/* splitmix64 (Steele, Lea and Flood, 2014): the generator of the random
 * shapes (mvbench random, mvbench gemm --random), one stream per shape so
 * that a seed replays its shapes; mix64 is its output function, also the
 * mixer of a stream's starting state. */
uint64_t mix64(uint64_t z);
uint64_t splitmix64(uint64_t *state);
/* Uniform in [lo, hi]. */
int64_t uniform_int(uint64_t *state, int64_t lo, int64_t hi);
/* Log-uniform in [lo, hi] (lo >= 1). */
int64_t log_uniform(uint64_t *state, int64_t lo, int64_t hi);

double now_s(void);                     /* monotonic clock, seconds */
double median(double *v, int n);        /* sorts v */
double event_ms(cudaEvent_t a, cudaEvent_t b); /* waits for b */

typedef struct {
    double med, min, max; /* microseconds per call */
    int ok;
} timing;

/* How time_interleaved sizes the batches: per contender, warmup calls, then
 * estimate calls timed; est = their time in ms * per_ms / estimate, and a
 * batch is target / max(est, min_est) calls, clamped to 1..max_batch. */
typedef struct {
    int warmup, estimate;
    double per_ms, target, min_est;
    int max_batch;
} batching;

/* What time_interleaved times: enqueues calls calls of contender c on the
 * stream; round is TIME_WARMUP, TIME_ESTIMATE or the timed round (from 0). */
enum { TIME_WARMUP = -2, TIME_ESTIMATE = -1 };
typedef void (*enqueue_calls)(void *ctx, int c, int round, int calls);

/* Times the nc contenders whose out[c].ok is set, interleaved: in each of
 * rounds rounds every contender runs one batch (the order rotating from
 * round to round); out[c].med is the median over rounds of batch time /
 * batch size in microseconds, min and max the extremes. */
void time_interleaved(int nc, int rounds, const batching *b, enqueue_calls run, void *ctx, cudaStream_t stream,
                      timing *out);

/* The check-then-time sequence of a command whose contenders all take one
 * problem ctx: t[c].ok = check(ctx, c) for each of the nc contenders (check
 * says what was wrong), then time_interleaved times those that passed, a
 * batch being calls calls of enqueue(ctx, c). Contenders 0 and 1 are cuBLAS
 * and the same call again: returns their A/A spread (aa_spread). */
typedef int (*check_call)(void *ctx, int c);
typedef void (*enqueue_call)(void *ctx, int c);
double check_and_time(int nc, int rounds, const batching *b, check_call check, enqueue_call enqueue, void *ctx,
                      cudaStream_t stream, timing *t);

typedef struct {
    int have_gpu;
    char device[256];
    int sm_count;
    size_t l2_bytes;
    double read_gbps, copy_gbps, launch_us;
    int read_blocks, read_threads; /* the read kernel's grid that gave read_gbps */
} ceilings;

/* Fills have_gpu, device, sm_count and l2_bytes; have_gpu = 0 without a GPU. */
void probe_device(ceilings *c);
/* Measures read_gbps (best of several sizes and grids), copy_gbps
 * (device-to-device memcpy, bytes read + written) and launch_us (empty
 * kernels back to back) on stream. */
void measure_ceilings(ceilings *c, cudaStream_t stream);

/* What a command's rows run with, one per command (its static g): the
 * stream with a cuBLAS handle and a matvec handle on it, cuRAND, the CSV
 * file and its path, and the count of wrong results (the exit status). */
typedef struct {
    cudaStream_t stream;
    cublasHandle_t cublas;
    mv_handle mvh;
    curandGenerator_t gen;
    FILE *csv;
    char path[4096];
    int failures;
} bench_run;

/* Options every command with its own options shares: --rounds N, --out DIR,
 * --seed N. Returns 1 when argv[*i] was one of them (and moves *i past its
 * value), else 0. */
int bench_common_option(int argc, char **argv, int *i, int *rounds, const char **out, uint64_t *seed);
/* --dtype s|d|both as a mask: bit 0 float, bit 1 double; exits otherwise. */
int bench_dtypes(const char *arg);
/* The start of a command whose rows all need a GPU: its CSV (header), the
 * device, a stream with a cuBLAS handle (FP32 on the CUDA cores) and a
 * matvec handle, cuRAND, the measured ceilings. Returns 0, having said so
 * and closed the CSV, when there is no GPU. */
int bench_begin(const char *command, const char *out, const char *csv_name, const char *header, ceilings *dev,
                bench_run *g);

/* The end of a command's option loop: for -h or --help prints usage and
 * returns 1 (the command then returns 0); for anything else prints usage
 * and exits with "<unknown> <arg>" (e.g. "nt: unknown option"). */
int bench_help_or_die(const char *arg, void (*usage)(void), const char *unknown);
/* --op N|T|both as a mask: bit 0 N, bit 1 T; exits otherwise. */
int bench_ops(const char *arg);
/* How many of the two bits of a --dtype or --op mask are set. */
int mask_count(int mask);
/* A decimal count in [lo, hi] that is the whole of arg, into *v; 0 (the
 * caller says what it wanted) when arg is anything else. */
int parse_count(const char *arg, long long lo, long long hi, long long *v);
/* The next entry of a --sizes or --shapes list at *p: MxN, or with
 * square_ok also N for N x N, followed by a comma or the end; moves *p past
 * it and its comma. Returns 0, the caller saying so, when it is malformed;
 * the values themselves are the caller's to judge. */
int next_shape(const char **p, int square_ok, long long *m, long long *n);

/* A --sizes or --shapes list: each of its next_shape entries goes to
 * add(m, n), which returns 0 for what is not a shape or one shape too many;
 * exits on a malformed entry ("<option> wants N or MxN entries", or MxN
 * without square_ok) or such a shape (naming max). */
void parse_shape_list(const char *arg, const char *option, int square_ok, int max, int (*add)(int64_t m, int64_t n));
/* Appends m x n to the shape arrays ms, ns (*count of them, room for max);
 * 0 when they are full or m or n is below 1. */
int shape_append(int64_t *ms, int64_t *ns, int *count, int max, int64_t m, int64_t n);

/* alpha = 1 and beta = 0 in float or double (dbl), for the calls' host
 * scalars. */
const void *bench_one(int dbl);
const void *bench_zero(int dbl);

/* How many copies of a call's operands (bytes of them) cold timing walks
 * through: enough that together they exceed 4x the L2, 1 where one copy
 * already does, at most max. */
int cold_copies(double bytes, const ceilings *dev, int max);

/* A result checked on the device: check_begin sets counters[0] (wrong
 * elements) to 0 and counters[1] (the first one's index) to ~0 on stream;
 * then a bench_*_check kernel; check_end waits for stream and returns the
 * count, the index in *first. check_result does the three with
 * bench_gemm_check (got in float or double, tolerance 4 (sqrt(k) + 2) u
 * bound, u the type's unit roundoff). */
void check_begin(unsigned long long *counters, cudaStream_t stream);
unsigned long long check_end(const unsigned long long *counters, unsigned long long *first, cudaStream_t stream);
unsigned long long check_result(const void *got, int dbl, const double *ref, const double *bound, size_t count,
                                int64_t k, unsigned long long *counters, unsigned long long *first,
                                cudaStream_t stream);

/* % of the measured read bandwidth of a call moving bytes in us. */
double read_pct(double bytes, double us, const ceilings *dev);
/* cuBLAS's A/A spread: |aa / cublas - 1| when both passed, else 0. */
double aa_spread(const timing *cublas, const timing *aa);
/* 1 when ratio (a time over cuBLAS's) exceeds 1 + the A/A spread. */
int slower_beyond(double ratio, double spread);

/* A table cell on stdout: a contender's time (us), its % read (with_pct)
 * and its time over cuBLAS's (with_ratio; "-" when cublas_us is 0), or
 * FAILED across their width. */
void print_cell(const timing *t, double bytes, double cublas_us, const ceilings *dev, int with_pct, int with_ratio);
/* The end of a table row on stdout: the A/A spread and copies cells; then
 * stdout and the CSV are flushed, so that a run cut short keeps its rows. */
void end_row(FILE *csv, double spread, int copies);
/* The measured columns of a CSV row, from time_us on: time_us, its min and
 * max, gbps and pct_read_bw (all empty when it failed), with_ratio then
 * vs_cublas (empty when it failed or cublas_us is 0), aa_spread_pct, copies
 * when copies >= 0, and check (ok or FAILED) with the line's end. */
void csv_measurement(FILE *csv, const timing *t, double bytes, const ceilings *dev, int with_ratio, double cublas_us,
                     double spread, int copies);

/* A geometric mean gathered value by value; geomean_add leaves out what is
 * not > 0 (NaN included), geomean_of is NaN while it is empty. */
typedef struct {
    double log_sum;
    int n;
} geomean;
void geomean_add(geomean *gm, double v);
double geomean_of(const geomean *gm);

/* "mvbench <command>: device D, read bandwidth B GB/s (measured), seed S,
 * N shapes, R rounds, cold", the first line of a cold-timed command. */
void print_run_line(const char *command, const ceilings *dev, uint64_t seed, int nshapes, int rounds);
/* The end of a command's GPU rows: closes the CSV, prints "wrote PATH
 * (S s)" from t0 (with a note when there were failures), closes the
 * generator, the handles and the stream; returns the exit status. */
int bench_finish(bench_run *g, double t0);

/* "[####....] done/total what, elapsed, left" on stderr: a bar on a terminal,
 * a line per tenth otherwise. The clock starts at progress_reset(). */
void progress_reset(void);
void progress(int done, int total, const char *what);

#endif
