/* Types shared by the C interfaces between dispatch and every kernel family
 * (gemv.h, transpose.h, gemm.h). */
#ifndef MATVEC_KERNELS_TYPES_H
#define MATVEC_KERNELS_TYPES_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { MV_DTYPE_S = 0, MV_DTYPE_D = 1 } mv_dtype;

/* A scalar that is either a device pointer (read by the kernel, in stream
 * order) or, when dev is NULL, a value read on the host. Floats travel as
 * double, which holds every float exactly. */
typedef struct {
    const void *dev;
    double value;
} mv_scalar;

#ifdef __cplusplus
}
#endif

#endif
