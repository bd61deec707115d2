/* Handle lifecycle, stream and pointer mode, status strings and error
 * messages. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "core/internal.h"

static double scalar_value(mv_dtype dtype, const void *p)
{
    return dtype == MV_DTYPE_S ? (double)*(const float *)p : *(const double *)p;
}

mv_status mv_check_operands(mv_handle h, const char *fn, mv_dtype dtype, int empty_product, const mv_operands *ops,
                            const void *alpha, const void *beta, mv_scalar *alpha_s, mv_scalar *beta_s, int *reads,
                            int *unchanged)
{
    const int device_mode = h->pointer_mode == MV_POINTER_MODE_DEVICE;
    const int alpha_may_be_nonzero = device_mode || !alpha || scalar_value(dtype, alpha) != 0.0;
    *reads = alpha_may_be_nonzero && !empty_product;
    *unchanged = 0;
    for (int i = 0; i < 2; ++i)
        if (*reads && !ops->in[i])
            return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = NULL", fn, ops->in_name[i]);
    if (!ops->out)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = NULL", fn, ops->out_name);
    if (!alpha)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = NULL", fn,
                       ops->scalar_name[0] ? ops->scalar_name[0] : "alpha");
    if (!beta)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = NULL", fn, ops->scalar_name[1] ? ops->scalar_name[1] : "beta");
    *alpha_s = (mv_scalar){0};
    *beta_s = (mv_scalar){0};
    if (device_mode) {
        alpha_s->dev = alpha;
        beta_s->dev = beta;
    } else {
        alpha_s->value = scalar_value(dtype, alpha);
        beta_s->value = scalar_value(dtype, beta);
        *unchanged = (alpha_s->value == 0.0 || empty_product) && beta_s->value == 1.0;
    }
    return MV_SUCCESS;
}

/* mv_create has no handle to keep its message in when it fails. */
static _Thread_local char create_error[MV_MESSAGE_CAPACITY];

mv_status mv_fail(mv_handle handle, mv_status status, const char *fmt, ...)
{
    char *buffer = handle ? handle->last_error : create_error;
    va_list args;
    va_start(args, fmt);
    vsnprintf(buffer, MV_MESSAGE_CAPACITY, fmt, args);
    va_end(args);
    return status;
}

mv_status mv_launched(mv_handle handle, const char *fn, cudaError_t err)
{
    if (err != cudaSuccess)
        return mv_fail(handle, MV_ERR_EXECUTION, "%s: kernel launch failed: %s (%s)", fn, cudaGetErrorString(err),
                       cudaGetErrorName(err));
    return MV_SUCCESS;
}

static mv_status new_context(mv_handle *handle, int device)
{
    struct mv_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return mv_fail(NULL, MV_ERR_ALLOC, "mv_create: out of host memory for the handle");
    ctx->device = device;
    ctx->stream = 0;
    ctx->pointer_mode = MV_POINTER_MODE_HOST;
    ctx->checked = mv_checked_from_environment();
    ctx->last_error[0] = '\0';
    *handle = ctx;
    return MV_SUCCESS;
}

mv_status mv_create_detached(mv_handle *handle)
{
    if (!handle)
        return mv_fail(NULL, MV_ERR_INVALID_VALUE, "mv_create: handle = NULL");
    *handle = NULL;
    return new_context(handle, -1);
}

mv_status mv_create(mv_handle *handle)
{
    if (!handle)
        return mv_fail(NULL, MV_ERR_INVALID_VALUE, "mv_create: handle = NULL");
    *handle = NULL;

    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
        (void)cudaGetLastError();
        return mv_fail(NULL, MV_ERR_NO_DEVICE,
                       "mv_create: no CUDA device is available (cudaGetDeviceCount: %s)",
                       err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
    }
    int device = 0, major = 0, minor = 0, sms = 0;
    if ((err = cudaGetDevice(&device)) != cudaSuccess ||
        (err = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device)) != cudaSuccess ||
        (err = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device)) != cudaSuccess ||
        (err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device)) != cudaSuccess) {
        (void)cudaGetLastError();
        return mv_fail(NULL, MV_ERR_NO_DEVICE, "mv_create: cannot query the current CUDA device: %s",
                       cudaGetErrorString(err));
    }
    /* The library ships machine code for sm_80 and sm_90 and PTX for
     * compute_90; anything older than 8.0 has no code to run. */
    if (major < 8)
        return mv_fail(NULL, MV_ERR_ARCH_MISMATCH,
                       "mv_create: device %d has compute capability %d.%d; matvec needs 8.0 or newer",
                       device, major, minor);

    mv_status status = new_context(handle, device);
    if (status != MV_SUCCESS)
        return status;
    struct mv_context *ctx = *handle;
    if ((err = cudaMalloc(&ctx->split_ws, MV_SPLIT_WS_BYTES)) != cudaSuccess ||
        (err = cudaMalloc((void **)&ctx->split_counters, MV_SPLIT_COUNTERS * sizeof(unsigned))) != cudaSuccess ||
        (err = cudaMemset(ctx->split_counters, 0, MV_SPLIT_COUNTERS * sizeof(unsigned))) != cudaSuccess ||
        /* The partial sums too: a split's finish reads them in 16-byte
         * vectors, which may take in a slot no block of the call wrote
         * (past a tile's last output); its value is never used, but it
         * must not be uninitialized memory (compute-sanitizer initcheck). */
        (err = cudaMemset(ctx->split_ws, 0, MV_SPLIT_WS_BYTES)) != cudaSuccess ||
        /* The counters must be zero before the first call, whatever stream it uses. */
        (err = cudaDeviceSynchronize()) != cudaSuccess) {
        (void)cudaGetLastError();
        cudaFree(ctx->split_ws);
        cudaFree(ctx->split_counters);
        free(ctx);
        *handle = NULL;
        /* Out of memory, or a context already broken (a sticky error). */
        return mv_fail(NULL, err == cudaErrorMemoryAllocation ? MV_ERR_ALLOC : MV_ERR_EXECUTION,
                       "mv_create: cannot allocate the %zu-byte device workspace: %s (%s)",
                       MV_SPLIT_WS_BYTES + MV_SPLIT_COUNTERS * sizeof(unsigned), cudaGetErrorString(err),
                       cudaGetErrorName(err));
    }
    ctx->split_ws_bytes = MV_SPLIT_WS_BYTES;
    ctx->split_counter_count = MV_SPLIT_COUNTERS;
    /* cuBLAS for the GEMMs it serves: its handle on the default stream and
     * a workspace of its own (cublasSetStream resets that to cuBLAS's pool,
     * so mv_set_stream gives it again). */
    cublasStatus_t bst = CUBLAS_STATUS_SUCCESS;
    if ((err = cudaMalloc(&ctx->blas_ws, MV_BLAS_WS_BYTES)) != cudaSuccess ||
        (bst = cublasCreate(&ctx->blas)) != CUBLAS_STATUS_SUCCESS ||
        (bst = cublasSetWorkspace(ctx->blas, ctx->blas_ws, MV_BLAS_WS_BYTES)) != CUBLAS_STATUS_SUCCESS) {
        (void)cudaGetLastError();
        const char *why = err != cudaSuccess ? cudaGetErrorString(err) : cublasGetStatusString(bst);
        if (ctx->blas)
            cublasDestroy(ctx->blas);
        cudaFree(ctx->blas_ws);
        cudaFree(ctx->split_ws);
        cudaFree(ctx->split_counters);
        free(ctx);
        *handle = NULL;
        return mv_fail(NULL, MV_ERR_ALLOC, "mv_create: cannot set up cuBLAS and its %zu-byte workspace: %s",
                       MV_BLAS_WS_BYTES, why);
    }
    ctx->blas_ws_bytes = MV_BLAS_WS_BYTES;
    (*handle)->cc_major = major;
    (*handle)->cc_minor = minor;
    (*handle)->sm_count = sms;
    return MV_SUCCESS;
}

mv_status mv_destroy(mv_handle handle)
{
    if (!handle)
        return MV_ERR_NOT_INITIALIZED;
    /* cudaFree waits for work still using the workspace. */
    if (handle->blas)
        cublasDestroy(handle->blas);
    if (handle->blas_ws)
        cudaFree(handle->blas_ws);
    if (handle->split_ws)
        cudaFree(handle->split_ws);
    if (handle->split_counters)
        cudaFree(handle->split_counters);
    free(handle);
    return MV_SUCCESS;
}

mv_status mv_set_stream(mv_handle handle, cudaStream_t stream)
{
    if (!handle)
        return MV_ERR_NOT_INITIALIZED;
    if (handle->blas) {
        cublasStatus_t st = cublasSetStream(handle->blas, stream);
        if (st == CUBLAS_STATUS_SUCCESS)
            st = cublasSetWorkspace(handle->blas, handle->blas_ws, handle->blas_ws_bytes);
        if (st != CUBLAS_STATUS_SUCCESS)
            return mv_fail(handle, MV_ERR_EXECUTION, "mv_set_stream: cuBLAS did not take the stream: %s (%s)",
                           cublasGetStatusString(st), cublasGetStatusName(st));
    }
    handle->stream = stream;
    return MV_SUCCESS;
}

mv_status mv_get_stream(mv_handle handle, cudaStream_t *stream)
{
    if (!handle)
        return MV_ERR_NOT_INITIALIZED;
    if (!stream)
        return mv_fail(handle, MV_ERR_INVALID_VALUE, "mv_get_stream: stream = NULL");
    *stream = handle->stream;
    return MV_SUCCESS;
}

mv_status mv_set_pointer_mode(mv_handle handle, mv_pointer_mode mode)
{
    if (!handle)
        return MV_ERR_NOT_INITIALIZED;
    if (mode != MV_POINTER_MODE_HOST && mode != MV_POINTER_MODE_DEVICE)
        return mv_fail(handle, MV_ERR_INVALID_VALUE,
                       "mv_set_pointer_mode: mode = %d must be MV_POINTER_MODE_HOST (0) or "
                       "MV_POINTER_MODE_DEVICE (1)", (int)mode);
    handle->pointer_mode = mode;
    return MV_SUCCESS;
}

mv_status mv_get_pointer_mode(mv_handle handle, mv_pointer_mode *mode)
{
    if (!handle)
        return MV_ERR_NOT_INITIALIZED;
    if (!mode)
        return mv_fail(handle, MV_ERR_INVALID_VALUE, "mv_get_pointer_mode: mode = NULL");
    *mode = handle->pointer_mode;
    return MV_SUCCESS;
}

const char *mv_status_string(mv_status status)
{
    switch (status) {
    case MV_SUCCESS: return "MV_SUCCESS: the call succeeded";
    case MV_ERR_NOT_INITIALIZED: return "MV_ERR_NOT_INITIALIZED: the handle is NULL";
    case MV_ERR_INVALID_VALUE: return "MV_ERR_INVALID_VALUE: an argument is out of range";
    case MV_ERR_ALLOC: return "MV_ERR_ALLOC: an allocation failed";
    case MV_ERR_NO_DEVICE: return "MV_ERR_NO_DEVICE: no CUDA device or driver is available";
    case MV_ERR_ARCH_MISMATCH: return "MV_ERR_ARCH_MISMATCH: the device's compute capability is not supported";
    case MV_ERR_EXECUTION: return "MV_ERR_EXECUTION: a CUDA launch or call failed";
    case MV_ERR_NOT_SUPPORTED: return "MV_ERR_NOT_SUPPORTED: the operation is not supported";
    }
    return "unknown mv_status value";
}

const char *mv_last_error(mv_handle handle)
{
    return handle ? handle->last_error : create_error;
}
