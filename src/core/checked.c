/* What every call checks before it launches: the handle's device, and in
 * checked mode the operands' memory. Checked mode asks CUDA, for each
 * operand a call uses, what memory its first byte is (cudaPointerGetAttributes)
 * and which allocation holds it (the driver's cuMemGetAddressRange, found
 * through the runtime, so that the library does not link libcuda), then
 * whether the operand's last byte lies inside that allocation. A few
 * microseconds a call (docs/semantics.md, "Checked mode"); off by default. */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "core/internal.h"

mv_span mv_vector_span(const char *name, const void *p, int64_t len, int64_t inc, size_t size)
{
    const uint64_t step = (uint64_t)(inc < 0 ? -inc : inc);
    const uintptr_t lo = (uintptr_t)p;
    return (mv_span){name, lo, lo + (uintptr_t)(((uint64_t)(len - 1) * step + 1) * size)};
}

mv_span mv_matrix_span(const char *name, const void *p, int64_t rows, int64_t cols, int64_t ld, size_t size)
{
    const uintptr_t lo = (uintptr_t)p;
    return (mv_span){name, lo, lo + (uintptr_t)(((uint64_t)(cols - 1) * (uint64_t)ld + (uint64_t)rows) * size)};
}

mv_span mv_bytes_span(const char *name, const void *p, size_t bytes)
{
    return (mv_span){name, (uintptr_t)p, (uintptr_t)p + bytes};
}

mv_span mv_scalar_span(mv_handle h, const char *name, const void *p, size_t size)
{
    return h->pointer_mode == MV_POINTER_MODE_DEVICE ? mv_bytes_span(name, p, size) : (mv_span){0};
}

typedef CUresult (*address_range_fn)(CUdeviceptr *base, size_t *size, CUdeviceptr ptr);

/* cuMemGetAddressRange from the driver the runtime loaded (NULL if it
 * cannot be had); looked up once, a race only stores the same value. */
static address_range_fn address_range(void)
{
    static address_range_fn fn;
    static int looked;
    if (!__atomic_load_n(&looked, __ATOMIC_ACQUIRE)) {
        void *p = NULL;
        enum cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
        if (cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &p, 12000, cudaEnableDefault, &q) != cudaSuccess ||
            q != cudaDriverEntryPointSuccess)
            p = NULL;
        (void)cudaGetLastError();
        address_range_fn f;
        memcpy(&f, &p, sizeof f); /* ISO C has no cast from void * to a function pointer */
        __atomic_store_n(&fn, f, __ATOMIC_RELAXED);
        __atomic_store_n(&looked, 1, __ATOMIC_RELEASE);
    }
    return __atomic_load_n(&fn, __ATOMIC_RELAXED);
}

static const char *memory_kind(enum cudaMemoryType type)
{
    switch (type) {
    case cudaMemoryTypeHost: return "pinned host memory";
    case cudaMemoryTypeDevice: return "device memory";
    case cudaMemoryTypeManaged: return "managed memory";
    default: return "not memory CUDA knows (host memory or a freed allocation)";
    }
}

static mv_status check_span(mv_handle h, const char *fn, const mv_span *s)
{
    const void *p = (const void *)s->lo;
    struct cudaPointerAttributes attr;
    cudaError_t err = cudaPointerGetAttributes(&attr, p);
    if (err != cudaSuccess) {
        (void)cudaGetLastError();
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = %p is not device memory (checked mode: %s)", fn, s->name,
                       p, cudaGetErrorString(err));
    }
    if (attr.type != cudaMemoryTypeDevice && attr.type != cudaMemoryTypeManaged)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = %p is %s, not device memory (checked mode)", fn, s->name,
                       p, memory_kind(attr.type));
    if (attr.type == cudaMemoryTypeDevice && attr.device != h->device)
        return mv_fail(h, MV_ERR_INVALID_VALUE,
                       "%s: %s = %p is memory of device %d; the handle's device is %d (checked mode)", fn, s->name,
                       p, attr.device, h->device);
    const address_range_fn range = address_range();
    CUdeviceptr base = 0;
    size_t size = 0;
    if (!range || range(&base, &size, (CUdeviceptr)s->lo) != CUDA_SUCCESS)
        return mv_fail(h, MV_ERR_INVALID_VALUE,
                       "%s: %s = %p: the driver does not know its allocation (checked mode, cuMemGetAddressRange)",
                       fn, s->name, p);
    const uint64_t end = (uint64_t)base + size;
    if ((uint64_t)s->hi > end)
        return mv_fail(h, MV_ERR_INVALID_VALUE,
                       "%s: %s covers %" PRIu64 " bytes from %p, %" PRIu64 " bytes past the end of its %zu-byte "
                       "allocation at %#" PRIx64 " (checked mode)",
                       fn, s->name, (uint64_t)(s->hi - s->lo), p, (uint64_t)s->hi - end, size, (uint64_t)base);
    return MV_SUCCESS;
}

mv_status mv_check_ready(mv_handle h, const char *fn, const mv_span *spans, int count)
{
    if (h->device < 0)
        return mv_fail(h, MV_ERR_NO_DEVICE, "%s: the handle is bound to no CUDA device", fn);
    int current = -1;
    const cudaError_t err = cudaGetDevice(&current);
    if (err != cudaSuccess) {
        (void)cudaGetLastError();
        return mv_fail(h, MV_ERR_EXECUTION, "%s: cannot query the current CUDA device: %s (%s)", fn,
                       cudaGetErrorString(err), cudaGetErrorName(err));
    }
    if (current != h->device)
        return mv_fail(h, MV_ERR_INVALID_VALUE,
                       "%s: the handle is bound to device %d but the current device is %d (cudaSetDevice(%d) "
                       "before calling, or a handle made on device %d)",
                       fn, h->device, current, h->device, current);
    if (!h->checked)
        return MV_SUCCESS;
    for (int i = 0; i < count; ++i) {
        if (!spans[i].lo || spans[i].hi <= spans[i].lo)
            continue;
        const mv_status st = check_span(h, fn, &spans[i]);
        if (st != MV_SUCCESS)
            return st;
    }
    return MV_SUCCESS;
}

mv_status mv_set_checked(mv_handle handle, int on)
{
    if (!handle)
        return MV_ERR_NOT_INITIALIZED;
    if (on != 0 && on != 1)
        return mv_fail(handle, MV_ERR_INVALID_VALUE, "mv_set_checked: on = %d must be 0 or 1", on);
    handle->checked = on;
    return MV_SUCCESS;
}

mv_status mv_get_checked(mv_handle handle, int *on)
{
    if (!handle)
        return MV_ERR_NOT_INITIALIZED;
    if (!on)
        return mv_fail(handle, MV_ERR_INVALID_VALUE, "mv_get_checked: on = NULL");
    *on = handle->checked;
    return MV_SUCCESS;
}

int mv_checked_from_environment(void)
{
    const char *v = getenv("MATVEC_CHECKED");
    return v && v[0] == '1' && v[1] == '\0';
}
