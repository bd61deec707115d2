// A CPU emulator of CUDA blocks for desk-checking kernels: every thread of a
// block is a fiber (ucontext); fibers run one at a time, each until it
// reaches a synchronization point (__syncthreads, a warp shuffle), in an
// order chosen per run (forward, reverse, random), so a race between two
// threads of one barrier interval shows as an order-dependent result.
// cp.async copies land at issue (early) or at the wait that retires them
// (late). Shared memory starts as NaN for every block. __ldg and cp.async
// sources are checked against the logical extents of registered arrays.
#pragma once
#include <ucontext.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

using std::fma;

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))

struct alignas(8) float2 { float x, y; };
struct alignas(16) float4 { float x, y, z, w; };
struct alignas(16) double2 { double x, y; };
struct alignas(16) uint4 { unsigned x, y, z, w; };
inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return uint4{x, y, z, w}; }
struct emu_dim3 { unsigned x = 0, y = 0, z = 0; };
// A launch's grid as the kernels' host code writes it (<<<dim3(x, y), ...>>>).
struct dim3 {
    unsigned x, y, z;
    dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

inline long min(long a, long b) { return a < b ? a : b; }
inline int min(int a, int b) { return a < b ? a : b; }
inline long max(long a, long b) { return a > b ? a : b; }

struct EmuCopy {
    char *dst;
    const char *src;
    int size, srcsize;
};

enum { ST_RUN = 0, ST_BAR = 1, ST_WARP = 2, ST_DONE = 3 };

struct EmuFiber {
    ucontext_t ctx;
    emu_dim3 tIdx;
    int state = ST_RUN;
    double shfl_val = 0, shfl_res = 0;
    int shfl_off = 0, shfl_kind = 0;
    unsigned shfl_mask = 0;
    std::vector<std::vector<EmuCopy>> groups;
    std::vector<EmuCopy> cur;
};

struct EmuRegion {
    const char *base;
    size_t elem;
    int64_t ld, rows, cols;  // element (r, c) at base + (r + c*ld)*elem
    std::string name;
};

inline EmuFiber *g_cur = nullptr;
inline ucontext_t g_sched;
inline emu_dim3 g_blockIdx, g_gridDim, g_blockDim;
inline std::function<void()> g_body;
inline int g_order = 0;     // 0 forward, 1 reverse, 2 random
inline bool g_late = false;  // cp.async lands at its wait
inline std::mt19937 g_rng(1);
inline long g_block_epoch = 0, g_shared_epoch = -1;
inline char *g_shared_base = nullptr;
inline size_t g_shared_bytes = 0;
inline std::vector<EmuRegion> g_regions;
inline long g_errors = 0;
inline int g_per_sm = 1;
// Blocks an SM by kernel, for the plan's waves as the GPU counts them
// (device_shim.cuh's blocks_per_sm): an entry's text found in the kernel's
// name gives its count; a kernel found in none takes g_per_sm.
inline std::vector<std::pair<std::string, int>> g_per_sm_table;
inline long g_switches = 0;

#define threadIdx (g_cur->tIdx)
#define blockIdx g_blockIdx
#define gridDim g_gridDim
#define blockDim g_blockDim

#include <cstdarg>
inline void emu_error(const char *fmt, ...)
{
    if (g_errors < 20) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "EMU ERROR: ");
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fprintf(stderr, " [block %u,%u,%u thread %u]\n", g_blockIdx.x, g_blockIdx.y, g_blockIdx.z,
                g_cur ? g_cur->tIdx.x : 9999u);
    }
    ++g_errors;
}

inline void emu_check_global(const void *p, size_t bytes, size_t align, const char *what)
{
    if (reinterpret_cast<uintptr_t>(p) % align)
        emu_error("%s: misaligned address (offset %ld mod %ld)", what, long(reinterpret_cast<uintptr_t>(p) % align),
                  long(align));
    const EmuRegion *best = nullptr;
    int64_t bestd = INT64_MAX;
    for (const EmuRegion &r : g_regions) {
        const char *c = static_cast<const char *>(p);
        const int64_t span = ((r.cols - 1) * r.ld + r.rows) * int64_t(r.elem);
        const int64_t d = c < r.base ? r.base - c : c >= r.base + span ? c - (r.base + span) + 1 : 0;
        if (d < bestd)
            bestd = d, best = &r;
    }
    if (best) {
        const EmuRegion &r = *best;
        const char *c = static_cast<const char *>(p);
        for (size_t b = 0; b < bytes; b += r.elem) {
            const int64_t off = (c + b) - r.base;
            if (off < 0 || off % int64_t(r.elem)) {
                emu_error("%s: read outside %s (byte offset %ld)", what, r.name.c_str(), long(off));
                return;
            }
            const int64_t e = off / int64_t(r.elem), col = e / r.ld, row = e % r.ld;
            if (col >= r.cols || row >= r.rows) {
                emu_error("%s: read outside %s (row %ld col %ld)", what, r.name.c_str(), long(row), long(col));
                return;
            }
        }
        return;
    }
    emu_error("%s: read of an unregistered address", what);
}

template <typename V>
inline V __ldg(const V *p)
{
    emu_check_global(p, sizeof(V), sizeof(V), "__ldg");
    return *p;
}
// A load through L2 only (partial sums other blocks wrote): checked as __ldg.
template <typename V>
inline V __ldcg(const V *p)
{
    emu_check_global(p, sizeof(V), sizeof(V), "__ldcg");
    return *p;
}

// The split counters' acq_rel add (transform.py rewrites the inline asm):
// blocks run one after another, so a plain read-modify-write.
inline unsigned emu_atomic_add(unsigned *p, unsigned v)
{
    const unsigned old = *p;
    *p = old + v;
    return old;
}

// Loads through plain pointers, for kernels that read global memory with
// ordinary dereferences: `transform.py --checked-loads` turns their
// `const T *` into emu_cptr<T>, whose every read is checked. A driver that
// calls emu_readable(base, elem, count, map) allows exactly the elements i
// of [base, base + count*elem) whose map[i] is set (e.g. A and x only where
// alpha != 0); without it the reads are checked against the registered
// regions, as __ldg's are.
inline const char *g_rd_base = nullptr;
inline size_t g_rd_elem = 0, g_rd_count = 0;
inline const char *g_rd_map = nullptr;

inline void emu_readable(const void *base, size_t elem, size_t count, const char *map)
{
    g_rd_base = static_cast<const char *>(base), g_rd_elem = elem, g_rd_count = count, g_rd_map = map;
}

// Whether the load of `bytes` bytes at p may go ahead: aligned to its size
// (a power of two: a vector load such as a uint4 needs 16 bytes), and every
// element it covers readable. A refused one reports an error and reads
// nothing (its bytes are all ones: a NaN in every floating-point type).
inline bool emu_check_load(const void *p, size_t bytes)
{
    // the block's shared memory (a kernel reading its staged data through a
    // `const T *`): within the bytes it registered, aligned
    const char *c = static_cast<const char *>(p);
    if (g_shared_base && c >= g_shared_base && c < g_shared_base + g_shared_bytes) {
        if (c + bytes > g_shared_base + g_shared_bytes || reinterpret_cast<uintptr_t>(p) % bytes) {
            emu_error("load: shared memory out of range or misaligned (offset %ld)", long(c - g_shared_base));
            return false;
        }
        return true;
    }
    if (!g_rd_base) {
        const long e0 = g_errors;
        emu_check_global(p, bytes, bytes, "load");
        return g_errors == e0;
    }
    if (reinterpret_cast<uintptr_t>(p) % bytes) {
        emu_error("load: misaligned %ld-byte load (address offset %ld mod %ld)", long(bytes),
                  long(reinterpret_cast<uintptr_t>(p) % bytes), long(bytes));
        return false;
    }
    const int64_t off = int64_t(reinterpret_cast<uintptr_t>(p) - reinterpret_cast<uintptr_t>(g_rd_base));
    if (off < 0 || off % int64_t(g_rd_elem) || size_t(off) / g_rd_elem + (bytes + g_rd_elem - 1) / g_rd_elem > g_rd_count) {
        emu_error("load: address outside the readable memory (byte offset %ld, %ld bytes)", long(off), long(bytes));
        return false;
    }
    for (size_t e = size_t(off) / g_rd_elem; e < (size_t(off) + bytes + g_rd_elem - 1) / g_rd_elem; ++e)
        if (!g_rd_map[e]) {
            emu_error("load: element %ld is not readable (%ld-byte load at element %ld)", long(e), long(bytes),
                      long(size_t(off) / g_rd_elem));
            return false;
        }
    return true;
}

template <typename T>
struct emu_cptr {
    const T *p = nullptr;
    bool local = false;  // a thread's own registers (emu_cptr::local): never checked
    emu_cptr() = default;
    emu_cptr(std::nullptr_t) {}
    emu_cptr(const T *q) : p(q) {}
    explicit emu_cptr(const void *q) : p(static_cast<const T *>(q)) {}
    // `reinterpret_cast<const T *>(q)` of a checked pointer: still checked,
    // each load as one of sizeof(T) bytes (alignment included)
    template <typename U>
    static emu_cptr cast(emu_cptr<U> q)
    {
        emu_cptr r(static_cast<const void *>(q.p));
        r.local = q.local;
        return r;
    }
    // the same of a plain pointer (a local array, `TA e[8]`): a thread's
    // registers, read as they are
    template <typename U>
    static emu_cptr cast(U *q)
    {
        return local_of(q);
    }
    // `reinterpret_cast<const T *>(&v)` of a local variable (the elements of
    // a vector just loaded): read as it is
    static emu_cptr local_of(const void *q)
    {
        emu_cptr r(q);
        r.local = true;
        return r;
    }
    // addresses as integers: a wrong one (off a NULL pointer too) is the
    // load's to report, not undefined behaviour of the emulator
    static const T *at(const T *q, int64_t k)
    {
        return reinterpret_cast<const T *>(reinterpret_cast<uintptr_t>(q) + uintptr_t(k) * sizeof(T));
    }
    emu_cptr with(const T *q) const
    {
        emu_cptr r(q);
        r.local = local;
        return r;
    }
    emu_cptr operator+(int64_t k) const { return with(at(p, k)); }
    emu_cptr operator-(int64_t k) const { return with(at(p, -k)); }
    // the bytes as they are (memcpy: the memory may hold another type, e.g.
    // halves read as a uint4)
    T operator[](int64_t k) const
    {
        const T *q = at(p, k);
        T v;
        if (local || emu_check_load(q, sizeof(T)))
            memcpy(&v, q, sizeof(T));
        else
            memset(&v, 0xff, sizeof(T));
        return v;
    }
    T operator*() const { return (*this)[0]; }
};

inline void emu_yield(int state)
{
    g_cur->state = state;
    ++g_switches;
    swapcontext(&g_cur->ctx, &g_sched);
}

inline void __syncthreads() { emu_yield(ST_BAR); }
// The 1-based position of x's lowest set bit, 0 for 0 (CUDA's __ffs).
inline int __ffs(int x) { return x ? __builtin_ctz(unsigned(x)) + 1 : 0; }

template <typename T>
inline T __shfl_xor_sync(unsigned mask, T v, int off)
{
    g_cur->shfl_val = double(v);
    g_cur->shfl_off = off;
    g_cur->shfl_mask = mask;
    g_cur->shfl_kind = 1;
    emu_yield(ST_WARP);
    return T(g_cur->shfl_res);
}

// __shfl_down_sync (kind 3): lane l gets lane l + off's value, its own
// where l + off is past the warp.
template <typename T>
inline T __shfl_down_sync(unsigned mask, T v, unsigned off)
{
    g_cur->shfl_val = double(v);
    g_cur->shfl_off = int(off);
    g_cur->shfl_mask = mask;
    g_cur->shfl_kind = 3;
    emu_yield(ST_WARP);
    return T(g_cur->shfl_res);
}

// A warp vote (any): every lane waits at it as at a shuffle (kind 2), the
// result the OR of the lanes' predicates.
inline bool __any_sync(unsigned mask, int pred)
{
    g_cur->shfl_val = pred ? 1.0 : 0.0;
    g_cur->shfl_off = 0;
    g_cur->shfl_mask = mask;
    g_cur->shfl_kind = 2;
    emu_yield(ST_WARP);
    return g_cur->shfl_res != 0.0;
}

// A waiting lane's result: its partner's value (shuffle) or the warp's vote.
inline double emu_warp_result(const EmuFiber *lanes, unsigned l)
{
    if (lanes[l].shfl_kind == 2) {
        for (unsigned k = 0; k < 32; ++k)
            if (lanes[k].shfl_val != 0.0)
                return 1.0;
        return 0.0;
    }
    if (lanes[l].shfl_kind == 3)
        return l + unsigned(lanes[l].shfl_off) < 32 ? lanes[l + unsigned(lanes[l].shfl_off)].shfl_val : lanes[l].shfl_val;
    return lanes[l ^ unsigned(lanes[l].shfl_off)].shfl_val;
}

inline void emu_shared(void *p, size_t bytes)
{
    if (g_shared_epoch != g_block_epoch) {
        memset(p, 0xff, bytes);  // NaN in float and double
        g_shared_base = static_cast<char *>(p);
        g_shared_bytes = bytes;
        g_shared_epoch = g_block_epoch;
    }
}

inline size_t __cvta_generic_to_shared(const void *p) { return size_t(static_cast<const char *>(p) - g_shared_base); }

inline void emu_land(const EmuCopy &c)
{
    if (c.srcsize > 0)
        memcpy(c.dst, c.src, size_t(c.srcsize));
    if (c.size > c.srcsize)
        memset(c.dst + c.srcsize, 0, size_t(c.size - c.srcsize));
}

// checked: the source as the loads of a checked pointer are (emu_check_load:
// the driver's readable elements), else against the registered regions
inline void emu_cp_async(unsigned d, const void *src, int size, int srcsize, bool checked = false)
{
    EmuCopy c{g_shared_base + d, static_cast<const char *>(src), size, srcsize};
    if (d + size_t(size) > g_shared_bytes || d % unsigned(size))
        emu_error("cp.async: shared destination out of range or misaligned (offset %ld)", long(d));
    if (srcsize > 0 && checked && !emu_check_load(src, size_t(srcsize)))
        c.srcsize = 0, c.src = nullptr;  // refused: nothing read, zeros land
    else if (srcsize > 0 && !checked)
        emu_check_global(src, size_t(srcsize), size_t(size), "cp.async source");
    if (g_late)
        g_cur->cur.push_back(c);
    else
        emu_land(c);
}

// `reinterpret_cast<uintptr_t>(p)` (transform.py): a plain pointer's
// address, or a checked pointer's
template <typename P>
inline uintptr_t emu_addr(const P *p)
{
    return reinterpret_cast<uintptr_t>(p);
}
template <typename T>
inline uintptr_t emu_addr(emu_cptr<T> p)
{
    return reinterpret_cast<uintptr_t>(p.p);
}

// A copy from a checked pointer (transform.py --checked-loads): its source
// checked as that pointer's loads are.
template <typename T>
inline void emu_cp_async(unsigned d, emu_cptr<T> src, int size, int srcsize)
{
    emu_cp_async(d, static_cast<const void *>(src.p), size, srcsize, true);
}

inline void emu_commit()
{
    g_cur->groups.push_back(std::move(g_cur->cur));
    g_cur->cur.clear();
}

inline void emu_wait(int n)
{
    while (int(g_cur->groups.size()) > n) {
        for (const EmuCopy &c : g_cur->groups.front())
            emu_land(c);
        g_cur->groups.erase(g_cur->groups.begin());
    }
}

inline void emu_fiber_entry()
{
    g_body();
    size_t pending = g_cur->cur.size();
    for (auto &g : g_cur->groups)
        pending += g.size();
    if (pending)
        emu_error("thread exits with %ld cp.async copies never waited for", long(pending));
    g_cur->state = ST_DONE;
    swapcontext(&g_cur->ctx, &g_sched);
}

inline void emu_run_block(emu_dim3 block, unsigned threads)
{
    static std::vector<EmuFiber> fibers;
    static std::vector<std::vector<char>> stacks;
    constexpr size_t kStack = 256 * 1024;
    fibers.assign(threads, EmuFiber{});
    if (stacks.size() < threads)
        stacks.resize(threads, std::vector<char>(kStack));
    g_blockIdx = block;
    ++g_block_epoch;
    for (unsigned t = 0; t < threads; ++t) {
        EmuFiber &f = fibers[t];
        f.tIdx = {t, 0, 0};
        getcontext(&f.ctx);
        f.ctx.uc_stack.ss_sp = stacks[t].data();
        f.ctx.uc_stack.ss_size = kStack;
        f.ctx.uc_link = nullptr;
        makecontext(&f.ctx, emu_fiber_entry, 0);
    }
    std::vector<unsigned> order(threads);
    for (unsigned t = 0; t < threads; ++t)
        order[t] = t;
    if (g_order == 1)
        std::reverse(order.begin(), order.end());
    for (;;) {
        if (g_order == 2)
            std::shuffle(order.begin(), order.end(), g_rng);
        bool progress = false;
        if (g_order >= 3) {
            // warp skew: one warp at a time, through its shuffles, up to the
            // next block barrier (or its end), warps in random order
            std::vector<unsigned> warps(threads / 32);
            for (unsigned w = 0; w < warps.size(); ++w)
                warps[w] = w;
            std::shuffle(warps.begin(), warps.end(), g_rng);
            for (unsigned w : warps) {
                for (;;) {
                    bool ran = false;
                    for (unsigned l = 0; l < 32; ++l) {
                        EmuFiber &f = fibers[w * 32 + l];
                        if (f.state != ST_RUN)
                            continue;
                        g_cur = &f;
                        swapcontext(&g_sched, &f.ctx);
                        ran = progress = true;
                    }
                    int at = 0;
                    for (unsigned l = 0; l < 32; ++l)
                        at += fibers[w * 32 + l].state == ST_WARP;
                    if (at == 32) {
                        for (unsigned l = 0; l < 32; ++l) {
                            EmuFiber &f = fibers[w * 32 + l];
                            if (f.shfl_off != fibers[w * 32].shfl_off || f.shfl_kind != fibers[w * 32].shfl_kind || f.shfl_mask != 0xffffffffu)
                                emu_error("shuffle: lanes at different offsets or a partial mask (warp %ld)", long(w));
                            f.shfl_res = emu_warp_result(&fibers[w * 32], l);
                        }
                        for (unsigned l = 0; l < 32; ++l)
                            fibers[w * 32 + l].state = ST_RUN;
                        continue;
                    }
                    if (!ran)
                        break;
                }
            }
        } else
        for (unsigned t : order) {
            if (fibers[t].state != ST_RUN)
                continue;
            g_cur = &fibers[t];
            swapcontext(&g_sched, &fibers[t].ctx);
            progress = true;
        }
        // warps whose lanes all wait at a shuffle
        for (unsigned w = 0; w < threads / 32; ++w) {
            int at = 0, done = 0;
            for (int l = 0; l < 32; ++l) {
                at += fibers[w * 32 + l].state == ST_WARP;
                done += fibers[w * 32 + l].state == ST_DONE;
            }
            if (at == 32) {
                const int off = fibers[w * 32].shfl_off;
                for (int l = 0; l < 32; ++l) {
                    EmuFiber &f = fibers[w * 32 + l];
                    if (f.shfl_off != off || f.shfl_kind != fibers[w * 32].shfl_kind || f.shfl_mask != 0xffffffffu)
                        emu_error("shuffle: lanes at different offsets or a partial mask (warp %ld)", long(w));
                }
                for (int l = 0; l < 32; ++l) {
                    EmuFiber &f = fibers[w * 32 + l];
                    f.shfl_res = emu_warp_result(&fibers[w * 32], l);
                }
                for (int l = 0; l < 32; ++l)
                    fibers[w * 32 + l].state = ST_RUN;
                progress = true;
            } else if (at > 0 && at + done == 32) {
                emu_error("shuffle with exited lanes (warp %ld)", long(w));
            }
        }
        unsigned bar = 0, done = 0;
        for (auto &f : fibers) {
            bar += f.state == ST_BAR;
            done += f.state == ST_DONE;
        }
        if (done == threads)
            break;
        if (bar > 0 && bar + done == threads) {
            if (done)
                emu_error("__syncthreads with %ld threads exited", long(done));
            for (auto &f : fibers)
                if (f.state == ST_BAR)
                    f.state = ST_RUN;
            progress = true;
        }
        if (!progress) {
            unsigned run = 0, warp = 0;
            for (auto &f : fibers)
                warp += f.state == ST_WARP, run += f.state == ST_RUN;
            emu_error("deadlock: %ld at barrier, %ld at a shuffle", long(bar), long(warp));
            // abandon the block: fibers are dropped
            g_cur = nullptr;
            return;
        }
    }
    g_cur = nullptr;
}

// Every block of the grid (x fastest, then y, then z), in the run's order:
// forward, reverse or shuffled over all of them.
template <typename K, typename... Args>
inline void emu_launch(K kernel, dim3 grid, long threads, Args... args)
{
    g_gridDim = {grid.x, grid.y, grid.z};
    g_blockDim = {unsigned(threads), 1, 1};
    std::vector<emu_dim3> blocks;
    blocks.reserve(size_t(grid.x) * grid.y * grid.z);
    for (unsigned z = 0; z < grid.z; ++z)
        for (unsigned y = 0; y < grid.y; ++y)
            for (unsigned x = 0; x < grid.x; ++x)
                blocks.push_back({x, y, z});
    if (g_order == 1)
        std::reverse(blocks.begin(), blocks.end());
    else if (g_order == 2)
        std::shuffle(blocks.begin(), blocks.end(), g_rng);
    for (const emu_dim3 &b : blocks) {
        g_body = [&] { kernel(args...); };
        emu_run_block(b, unsigned(threads));
    }
}

// A launch with dynamic shared memory (`extern __shared__` arrays, emu_dyn
// below): the bytes the launch gives, checked by the kernel's accesses
// through emu_shared's range only where cp.async copies.
inline size_t g_dyn_bytes = 0;
template <typename G, typename K, typename... Args>
inline void emu_launch_dyn(K kernel, G grid, long threads, size_t bytes, Args... args)
{
    g_dyn_bytes = bytes;
    emu_launch(kernel, grid, threads, args...);
}

// An `extern __shared__` array: a static buffer, NaN over the launch's bytes
// and twice as many again (the emulator's pointers in shared memory,
// emu_cptr, are larger than a device's).
template <size_t N>
inline void emu_dyn(unsigned char (&buf)[N])
{
    const size_t bytes = 2 * g_dyn_bytes + 4096;
    if (bytes > N)
        emu_error("dynamic shared memory: %ld bytes, the emulator has %ld", long(g_dyn_bytes), long(N));
    emu_shared(buf, bytes < N ? bytes : N);
}

// A one-dimensional grid given as a count (an integer: this overload wins
// over dim3's converting constructor).
template <typename K, typename... Args>
inline void emu_launch(K kernel, long grid, long threads, Args... args)
{
    emu_launch(kernel, dim3(unsigned(grid)), threads, args...);
}
