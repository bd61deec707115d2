/* Host test of mv::wave_splits (src/core/waves.h), the split of a summed
 * dimension that the split kernels of every family choose: its banded
 * search against the plain scan of every split it stands for, over grids
 * of 1 to 700 blocks, waves of 66 to 2112 blocks (1-16 blocks an SM on 66-
 * and 132-SM GPUs), and split limits from none to past four waves. Needs
 * no GPU (host code compiled by nvcc). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <algorithm>

extern "C" {  // cmocka 1.1's header declares no C linkage itself
#include <cmocka.h>
}

#include "core/waves.h"

// The definition wave_splits keeps: the smallest S in 1 .. min(max_splits,
// 4 wave / blocks) whose share of filled slots is within 2% of the best.
static int64_t scan_splits(int64_t blocks, int64_t wave, int64_t max_splits)
{
    if (blocks <= 0 || wave <= 0 || blocks >= wave || max_splits <= 1)
        return 1;
    const int64_t last = std::min<int64_t>(max_splits, 4 * wave / blocks);
    const auto fill = [&](int64_t s) {
        const int64_t b = blocks * s;
        return double(b) / double((b + wave - 1) / wave * wave);
    };
    double best = 0.0;
    for (int64_t s = 1; s <= last; ++s)
        best = std::max(best, fill(s));
    for (int64_t s = 1; s <= last; ++s)
        if (fill(s) >= 0.98 * best)
            return s;
    return 1;
}

static void test_same_as_scan(void **state)
{
    (void)state;
    static const int64_t waves[] = {66, 132, 264, 396, 528, 1056, 2112};
    static const int64_t limits[] = {-1, 0, 1, 2, 3, 7, 31, 100, 259, 1000, 4000, 10000};
    long checked = 0;
    for (int64_t wave : waves)
        for (int64_t blocks = 0; blocks <= 700; ++blocks)
            for (int64_t limit : limits) {
                const int64_t got = mv::wave_splits(blocks, wave, limit), want = scan_splits(blocks, wave, limit);
                if (got != want)
                    fail_msg("wave_splits(%lld, %lld, %lld) = %lld, the scan gives %lld", (long long)blocks,
                             (long long)wave, (long long)limit, (long long)got, (long long)want);
                ++checked;
            }
    assert_true(checked > 50000);
}

// What the split means, on cases worked by hand: one block on a wave of
// 264 takes 259 splits (the first within 2% of a full wave), or 98 where
// at most 100 are allowed (within 2% of 100); 100 blocks take 5 (500 blocks
// in 528 slots, 94.7%, the best up to four waves); a grid of a wave or
// more none.
static void test_worked_cases(void **state)
{
    (void)state;
    assert_int_equal(mv::wave_splits(1, 264, 100000), 259);
    assert_int_equal(mv::wave_splits(1, 264, 100), 98);
    assert_int_equal(mv::wave_splits(100, 264, 100), 5);
    assert_int_equal(mv::wave_splits(264, 264, 100), 1);
    assert_int_equal(mv::wave_splits(5, 264, 1), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_as_scan),
        cmocka_unit_test(test_worked_cases),
    };
    return cmocka_run_group_tests_name("waves", tests, NULL, NULL);
}
