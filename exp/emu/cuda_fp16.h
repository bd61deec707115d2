// binary16 for the emulator: __half is its 16 bits (storage only, no
// arithmetic, no implicit conversions), converted exactly as the GPU does:
// __half2float exactly (subnormals, infinities, NaN with its payload, quiet),
// __float2half_rn rounding to nearest, ties to even (overflow to infinity
// from 65520 up, results below 2^-14 as subnormals, NaN as 0x7fff).
// test_half.cpp checks both against references.
#pragma once
#include <cstdint>
#include <cstring>

struct __half {
    uint16_t __x;
};

inline __half emu_half_of_bits(uint16_t b)
{
    __half h;
    h.__x = b;
    return h;
}

inline float emu_float_of_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

inline float __half2float(__half h)
{
    const uint32_t sign = uint32_t(h.__x & 0x8000u) << 16;
    int32_t e = (h.__x >> 10) & 0x1f;
    uint32_t m = h.__x & 0x3ffu;
    if (e == 0x1f)  // infinity, or NaN (payload kept, quieted)
        return emu_float_of_bits(sign | 0x7f800000u | (m << 13) | (m ? 0x00400000u : 0u));
    if (e == 0) {
        if (m == 0)
            return emu_float_of_bits(sign);
        // subnormal, m * 2^-24: normalize
        e = 1;
        while (!(m & 0x400u))
            m <<= 1, --e;
        m &= 0x3ffu;
    }
    return emu_float_of_bits(sign | (uint32_t(e + 112) << 23) | (m << 13));
}

inline __half __float2half_rn(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    const uint16_t sign = uint16_t((u >> 16) & 0x8000u);
    const uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u)
        return emu_half_of_bits(0x7fff);
    if (a >= 0x477ff000u)  // 65520 = 65504 + half a step, and up: infinity
        return emu_half_of_bits(sign | 0x7c00);
    if (a >= 0x38800000u) {  // 2^-14 and up: normal; round the 13 dropped bits
        const uint32_t r = a + 0xfffu + ((a >> 13) & 1u);
        return emu_half_of_bits(uint16_t(sign | ((r - 0x38000000u) >> 13)));
    }
    if (a < 0x33000000u)  // below 2^-25 (half the smallest subnormal): zero
        return emu_half_of_bits(sign);
    // subnormal: the 24-bit significand times 2^(e - 150), in units of 2^-24
    const uint32_t e = a >> 23, m = (a & 0x7fffffu) | 0x800000u;
    const int shift = 126 - int(e);  // 14 .. 24
    uint32_t r = m >> shift;
    const uint32_t rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (r & 1u)))
        ++r;  // may carry into the smallest normal, 0x0400: the right bits
    return emu_half_of_bits(uint16_t(sign | r));
}
