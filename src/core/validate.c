/* Argument checks that several families share, with the same messages. */
#include <stdint.h>

#include "core/internal.h"

int mv_matrix_fits(int64_t rows, int64_t cols, int64_t ld, size_t size)
{
    const int64_t max_elems = INT64_MAX / (int64_t)size;
    if (rows > max_elems)
        return 0;
    return cols <= 1 || ld <= (max_elems - rows) / (cols - 1);
}

mv_status mv_check_matrix(mv_handle h, const char *fn, int64_t m, int64_t n, int64_t lda, size_t size)
{
    if (m < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: m = %lld must be >= 0", fn, (long long)m);
    if (n < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: n = %lld must be >= 0", fn, (long long)n);
    const int64_t min_lda = m > 1 ? m : 1;
    if (lda < min_lda)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: lda = %lld must be >= max(1, m) = %lld", fn, (long long)lda,
                       (long long)min_lda);
    if (!mv_matrix_fits(m, n, lda, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: lda = %lld with m = %lld, n = %lld spans more than 2^63 bytes",
                       fn, (long long)lda, (long long)m, (long long)n);
    return MV_SUCCESS;
}
