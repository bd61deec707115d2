// bfloat16 for the emulator: __nv_bfloat16 is its 16 bits (storage only),
// __bfloat162float exact (the high half of a float), __float2bfloat16_rn
// rounding to nearest, ties to even (subnormals as float's, overflow to
// infinity, NaN as 0x7fff). test_half.cpp checks both against references.
#pragma once
#include <cstdint>
#include <cstring>

struct __nv_bfloat16 {
    uint16_t __x;
};

inline float __bfloat162float(__nv_bfloat16 b)
{
    const uint32_t u = uint32_t(b.__x) << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

inline __nv_bfloat16 __float2bfloat16_rn(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    __nv_bfloat16 b;
    if ((u & 0x7fffffffu) > 0x7f800000u)
        b.__x = 0x7fff;
    else  // the low 16 bits rounded away; a carry moves up the exponent (to infinity past the largest)
        b.__x = uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
    return b;
}
