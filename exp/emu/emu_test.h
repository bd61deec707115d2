// What the emulator's test drivers share: the seeded generator, the NaN
// with a payload that marks the guards around every operand, the arena
// that holds the operands, and the runs in five block orders.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
// test_fast; test_batched and test_ex keep forms of their own).
template <typename T>
struct GuardArena {
    std::vector<T> mem;
    size_t used = 64;
    explicit GuardArena(size_t n) : mem(n, guard_nan<T>()) {}
    T *take(size_t n, int align_off)
    {
        used = (used + 16) & ~size_t(3);
        used += align_off;
        T *p = mem.data() + used;
        used += n + 8;
        if (used > mem.size()) {
            fprintf(stderr, "arena too small\n");
            exit(2);
        }
        return p;
    }
};

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
