// The emulator's binary16 and bfloat16 conversions (cuda_fp16.h,
// cuda_bf16.h) against references written another way: the decoders over
// all 65536 patterns against the formats' definition in double (ldexp);
// the encoders against rounding by search, over every value of the format,
// its neighbours, the midpoints between consecutive values and theirs, both
// signs, random floats, NaN and the infinities, and binary16's also against
// the compiler's _Float16 over every 61st float pattern.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

static long fails = 0;

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

// The value of a pattern with `eb` exponent bits and `mb` fraction bits.
static double decode_ref(uint32_t h, int eb, int mb)
{
    const int bias = (1 << (eb - 1)) - 1, emax = (1 << eb) - 1;
    const int s = (h >> (eb + mb)) & 1, e = (h >> mb) & emax;
    const uint32_t m = h & ((1u << mb) - 1);
    double v;
    if (e == emax)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = std::ldexp(double(m), 1 - bias - mb);
    else
        v = std::ldexp(double(m + (1u << mb)), e - bias - mb);
    return s ? -v : v;
}

struct Format {
    const char *name;
    int eb, mb;
    float (*dec)(uint16_t);
    uint16_t (*enc)(float);
    std::vector<double> pos;  // value of positive pattern k (k < the infinity's), increasing
};

static float dec_h(uint16_t b) { return __half2float(emu_half_of_bits(b)); }
static uint16_t enc_h(float f) { return __float2half_rn(f).__x; }
static float dec_b(uint16_t b)
{
    __nv_bfloat16 v;
    v.__x = b;
    return __bfloat162float(v);
}
static uint16_t enc_b(float f) { return __float2bfloat16_rn(f).__x; }

static void check_decoder(Format &F)
{
    for (uint32_t h = 0; h < 65536; ++h) {
        const double r = decode_ref(h, F.eb, F.mb);
        const float g = F.dec(uint16_t(h));
        const bool ok = std::isnan(r) ? std::isnan(g) : (double(g) == r && std::signbit(g) == std::signbit(r));
        if (!ok && fails++ < 20)
            printf("FAIL %s decode 0x%04x: %.9g, expected %.9g\n", F.name, h, double(g), r);
    }
    const uint32_t inf = ((1u << F.eb) - 1) << F.mb;
    for (uint32_t k = 0; k < inf; ++k)
        F.pos.push_back(decode_ref(k, F.eb, F.mb));
}

// Round to nearest by search: the pattern below |f| or the one above
// (the infinity's past the largest finite value), ties to the even one.
static uint16_t encode_ref(const Format &F, float f)
{
    if (std::isnan(f))
        return 0x7fff;
    const uint16_t sign = std::signbit(f) ? uint16_t(1u << (F.eb + F.mb)) : 0;
    const double a = std::fabs(double(f));
    const uint32_t inf = uint32_t(F.pos.size());
    const double top = std::ldexp(1.0, (1 << (F.eb - 1)));  // where the next value would be
    const uint32_t k = uint32_t(std::upper_bound(F.pos.begin(), F.pos.end(), a) - F.pos.begin()) - 1;
    if (std::isinf(a))
        return sign | uint16_t(inf);
    const double lo = F.pos[k], hi = k + 1 < inf ? F.pos[k + 1] : top, mid = (lo + hi) / 2;  // exact
    const uint32_t r = a < mid ? k : a > mid ? k + 1 : (k % 2 ? k + 1 : k);
    return sign | uint16_t(r);
}

static void check_encoder(const Format &F)
{
    long n = 0;
    auto one = [&](float f) {
        ++n;
        const uint16_t g = F.enc(f), r = encode_ref(F, f);
        const bool ok = std::isnan(f) ? std::isnan(F.dec(g)) : g == r;
        if (!ok && fails++ < 20)
            printf("FAIL %s encode %.9g (0x%08x): 0x%04x, expected 0x%04x\n", F.name, double(f), bits_of(f), g, r);
    };
    auto both = [&](float f) { one(f), one(-f); };
    const size_t inf = F.pos.size();
    const double top = std::ldexp(1.0, (1 << (F.eb - 1)));
    for (size_t k = 0; k < inf; ++k) {
        const float v = float(F.pos[k]);
        both(v), both(std::nextafter(v, 0.0f)), both(std::nextafter(v, INFINITY));
        const float mid = float((F.pos[k] + (k + 1 < inf ? F.pos[k + 1] : top)) / 2);
        both(mid), both(std::nextafter(mid, 0.0f)), both(std::nextafter(mid, INFINITY));
    }
    both(INFINITY), both(NAN), both(std::numeric_limits<float>::max()), both(0.0f);
    std::mt19937 g(7);
    for (int t = 0; t < (1 << 24); ++t) {
        uint32_t u = g();
        float f;
        memcpy(&f, &u, 4);
        one(f);
    }
    printf("%s: encoder, %ld values\n", F.name, n);
}

int main()
{
    Format H{"binary16", 5, 10, dec_h, enc_h, {}}, B{"bfloat16", 8, 7, dec_b, enc_b, {}};
    check_decoder(H), check_decoder(B);
    printf("decoders: all 65536 patterns of each\n");
    check_encoder(H), check_encoder(B);
    long n = 0;
    for (uint64_t u = 0; u < (uint64_t(1) << 32); u += 61, ++n) {
        float f;
        const uint32_t b = uint32_t(u);
        memcpy(&f, &b, 4);
        const _Float16 c = (_Float16)f;
        uint16_t r;
        memcpy(&r, &c, 2);
        const uint16_t e = enc_h(f);
        if (std::isnan(f) ? !std::isnan(dec_h(e)) : e != r)
            if (fails++ < 20)
                printf("FAIL binary16 encode 0x%08x: 0x%04x, _Float16 0x%04x\n", b, e, r);
    }
    printf("binary16 encoder against _Float16: %ld floats\n", n);
    printf("half conversions: %ld failed\n", fails);
    return fails != 0;
}
