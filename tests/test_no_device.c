/* mv_create where CUDA finds no device: CTest runs this with
 * CUDA_VISIBLE_DEVICES set to nothing, so it means the same on a machine with
 * a GPU as on one without a GPU or driver. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "matvec.h"

static void test_create_without_device(void **state)
{
    (void)state;
    const char *visible = getenv("CUDA_VISIBLE_DEVICES");
    assert_non_null(visible);
    assert_string_equal(visible, "");

    mv_handle h = (mv_handle)(uintptr_t)0x1;
    assert_int_equal(mv_create(&h), MV_ERR_NO_DEVICE);
    assert_null(h);
    const char *message = mv_last_error(NULL);
    assert_non_null(strstr(message, "mv_create: no CUDA device is available"));
    /* CUDA's own reason follows in parentheses. */
    assert_non_null(strstr(message, "(cudaGetDeviceCount: "));
    /* Asking again gives the same answer, no crash, no leak of state. */
    assert_int_equal(mv_create(&h), MV_ERR_NO_DEVICE);
    assert_null(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_create_without_device)};
    return cmocka_run_group_tests_name("no_device", tests, NULL, NULL);
}
