/* Host timing helpers shared by the exp/ probe programs (create-cost.c,
 * gemm-host-cost.c): a monotonic clock in microseconds and the comparison
 * of doubles that qsort takes for medians. */
#ifndef MATVEC_EXP_HOST_TIMER_H
#define MATVEC_EXP_HOST_TIMER_H

#include <time.h>

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
