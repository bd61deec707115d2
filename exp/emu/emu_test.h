// What the emulator's test drivers share: the seeded generator and the NaN
// with a payload that marks the guards around every operand.
#pragma once

#include <cstdint>
#include <cstring>
#include <random>

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
