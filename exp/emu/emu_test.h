// What the emulator's test drivers share: the seeded generator, the NaN
// with a payload that marks the guards around every operand, the arena
// that holds the operands, and the runs in five block orders.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "emu.h"

static std::mt19937_64 rng(12345);

static double urand() { return std::uniform_real_distribution<double>(-1, 1)(rng); }

// NaN with a payload, to tell a guard from a kernel's NaN.
template <typename T>
static T guard_nan()
{
    if constexpr (sizeof(T) == 4) {
        uint32_t u = 0x7fc0beefu;
        float f;
        memcpy(&f, &u, 4);
        return f;
    } else {
        uint64_t u = 0x7ff8deadbeef0001ull;
        double d;
        memcpy(&d, &u, 8);
        return d;
    }
}

// One allocation holding every operand, NaN between them (test_nt,
// test_fast, test_batched; test_ex keeps a form of its own).
template <typename T>
struct GuardArena {
    std::vector<T> mem;
    size_t used = 64;
    explicit GuardArena(size_t n) : mem(n, guard_nan<T>()) {}
    // n elements from a 16-byte boundary plus align_off elements.
    T *take(size_t n, int align_off)
    {
        used = (used + 16) & ~size_t(3);
        return at(used + size_t(align_off), n);
    }
    // n elements 8 past the last operand, whatever their alignment (the
    // batched tests' layout).
    T *take_packed(size_t n) { return at(used + 8, n); }

  private:
    T *at(size_t start, size_t n)
    {
        T *p = mem.data() + start;
        used = start + n + 8;
        if (used > mem.size()) {
            fprintf(stderr, "arena too small\n");
            exit(2);
        }
        return p;
    }
};

// A vector of len elements inc apart in the arena (inc < 0: element 0 at
// the high end), random or NaN (nanfill), registered as readable; returns
// its logical element 0.
template <typename T>
static T *arena_vector(GuardArena<T> &ar, int64_t len, int64_t inc, const char *name, bool nanfill)
{
    const int64_t st = inc < 0 ? -inc : inc;
    T *lo = ar.take(size_t((len - 1) * st + 1), 0);
    for (int64_t i = 0; i < len; ++i)
        lo[i * st] = nanfill ? std::numeric_limits<T>::quiet_NaN() : T(urand());
    g_regions.push_back({reinterpret_cast<const char *>(lo), sizeof(T), st, 1, len, name});
    return inc < 0 ? lo + (len - 1) * st : lo;
}

// A column-major m x n matrix at A (lda apart) filled at random and its
// readable span registered: from the 16-byte line that holds A[0] to its
// last element, padding rows included (the shifted forms' aligned vectors
// read across them and across columns). Everything there but A's own
// elements is the arena's NaN, so any such value that reaches an output
// shows.
template <typename T>
static void fill_matrix(T *A, int64_t m, int64_t n, int64_t lda)
{
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < m; ++i)
            A[i + j * lda] = T(urand());
    const int64_t s0 = int64_t(reinterpret_cast<uintptr_t>(A) % 16 / sizeof(T));
    const int64_t span = (n - 1) * lda + m + s0;
    g_regions.push_back({reinterpret_cast<const char *>(A - s0), sizeof(T), span, span, 1, "A"});
}

// launch() from the same memory (mem0 copied into mem) in five block
// orders (forward, reverse, random, and two more; cp.async landing late in
// three of them), mem after each kept in outs. False, with why set, where
// the emulator reported an error or two orders' outputs differ.
template <typename T, class F>
static bool run_orders(std::vector<T> &mem, const std::vector<T> &mem0, F launch,
                       std::vector<std::vector<T>> &outs, char *why, size_t why_len)
{
    const long e0 = g_errors;
    for (int sched = 0; sched < 5; ++sched) {
        mem = mem0;
        g_order = sched;
        g_late = sched != 0 && sched != 4;
        g_rng.seed(99 + sched);
        launch();
        outs.push_back(mem);
    }
    if (g_errors != e0) {
        snprintf(why, why_len, "emulator errors");
        return false;
    }
    for (int s = 1; s < 5; ++s)
        if (memcmp(outs[s].data(), outs[0].data(), outs[0].size() * sizeof(T))) {
            snprintf(why, why_len, "schedule %d differs", s);
            return false;
        }
    return true;
}
