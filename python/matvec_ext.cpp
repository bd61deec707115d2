// The nanobind module behind the Python package (python/matvec): the C API
// of include/matvec.h one to one, on raw device addresses and sizes, and a
// description of any array that speaks DLPack or the buffer protocol
// (nanobind's ndarray imports it without a copy). The pure-Python layer
// (python/matvec/__init__.py) checks the arguments, picks the layout and
// the stream, and raises the errors; this file only calls.
#include <cstdint>

#include <cuda_runtime_api.h>
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "matvec.h"

namespace nb = nanobind;

namespace {

using Addr = std::uintptr_t;

mv_handle H(Addr h) { return reinterpret_cast<mv_handle>(h); }
template <typename T>
T *P(Addr p) { return reinterpret_cast<T *>(p); }
mv_operation Op(bool t) { return t ? MV_OP_T : MV_OP_N; }

// (address, shape, strides in elements, dtype code, bits, lanes, DLPack
// device type, device id) of an array.
nb::tuple describe(nb::ndarray<nb::ro> a)
{
    std::vector<int64_t> shape(a.ndim()), strides(a.ndim());
    for (size_t i = 0; i < a.ndim(); ++i) {
        shape[i] = int64_t(a.shape(i));
        strides[i] = a.stride(i);
    }
    const auto dt = a.dtype();
    return nb::make_tuple(Addr(a.data()), shape, strides, int(dt.code), int(dt.bits), int(dt.lanes),
                          a.device_type(), a.device_id());
}

// The device that holds address p: -1 for host memory that CUDA does not
// know, -2 when CUDA cannot tell (an error, cleared).
int pointer_device(Addr p)
{
    cudaPointerAttributes attr{};
    if (cudaPointerGetAttributes(&attr, reinterpret_cast<const void *>(p)) != cudaSuccess) {
        (void)cudaGetLastError();
        return -2;
    }
    return attr.type == cudaMemoryTypeDevice || attr.type == cudaMemoryTypeManaged ? attr.device : -1;
}

int device_count()
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return n;
}

int current_device()
{
    int d = -1;
    if (cudaGetDevice(&d) != cudaSuccess) {
        (void)cudaGetLastError();
        return -1;
    }
    return d;
}

// (status, handle address); on failure the address is 0 and
// mv_last_error(NULL) says why.
nb::tuple create()
{
    mv_handle h = nullptr;
    const mv_status s = mv_create(&h);
    return nb::make_tuple(int(s), Addr(h));
}

std::string last_error(Addr h) { return mv_last_error(H(h)); }

// B (n x m, column-major, ldb) = A (m x n, lda) as a plain copy of m x n
// column-major elements (a transpose whose layouts make it a copy).
int copy_matrix(Addr h, bool dbl, int64_t m, int64_t n, Addr A, int64_t lda, Addr B, int64_t ldb)
{
    cudaStream_t s = nullptr;
    if (const mv_status st = mv_get_stream(H(h), &s))
        return int(st);
    const size_t e = dbl ? 8 : 4;
    nb::gil_scoped_release release;
    const cudaError_t err = cudaMemcpy2DAsync(P<void>(B), size_t(ldb) * e, P<const void>(A), size_t(lda) * e,
                                              size_t(m) * e, size_t(n), cudaMemcpyDeviceToDevice, s);
    return err == cudaSuccess ? 0 : -int(err);
}

// A new row-major device array of `shape` with the DLPack dtype (code,
// bits) on the current device, for a result handed to JAX (whose arrays are
// immutable, so matvec makes its outputs): (CUDA error, nanobind array whose
// owner frees the memory). cudaFree when the last owner lets go (JAX, once
// it has taken the array through DLPack): it waits for the device's pending
// work, so no stream that reads the array can still be running.
nb::tuple device_empty(std::vector<size_t> shape, int code, int bits)
{
    size_t count = 1;
    for (size_t d : shape)
        count *= d;
    void *p = nullptr;
    const cudaError_t err = cudaMalloc(&p, count * size_t(bits / 8) + 16);  // + 16: never a null pointer
    if (err != cudaSuccess) {
        (void)cudaGetLastError();
        return nb::make_tuple(int(err), nb::none());
    }
    nb::capsule owner(p, [](void *q) noexcept { (void)cudaFree(q); });
    const nb::dlpack::dtype dt{uint8_t(code), uint8_t(bits), 1};
    nb::ndarray<nb::array_api> a(p, shape.size(), shape.data(), owner, nullptr, dt, nb::device::cuda::value,
                                 current_device());
    return nb::make_tuple(0, nb::cast(a));
}

// Work later enqueued on stream `consumer` waits for what is on stream
// `producer` now (an event between them; nothing when they are the same
// stream). 0, or the negated CUDA error.
int stream_wait(Addr consumer, Addr producer)
{
    if (consumer == producer)
        return 0;
    cudaEvent_t ev = nullptr;
    cudaError_t err = cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
    if (err == cudaSuccess) {
        err = cudaEventRecord(ev, reinterpret_cast<cudaStream_t>(producer));
        if (err == cudaSuccess)
            err = cudaStreamWaitEvent(reinterpret_cast<cudaStream_t>(consumer), ev, 0);
        const cudaError_t d = cudaEventDestroy(ev);  // released once the wait is done
        if (err == cudaSuccess)
            err = d;
    }
    return err == cudaSuccess ? 0 : -int(err);
}

// nbytes from src to dst on the handle's stream (a JAX array's old value
// into the new array that becomes the result), or zeros where src is 0.
// 0, a positive mv_status, or the negated CUDA error.
int copy_bytes(Addr h, Addr dst, Addr src, size_t nbytes)
{
    cudaStream_t s = nullptr;
    if (const mv_status st = mv_get_stream(H(h), &s))
        return int(st);
    const cudaError_t err = src ? cudaMemcpyAsync(P<void>(dst), P<const void>(src), nbytes, cudaMemcpyDeviceToDevice, s)
                                : cudaMemsetAsync(P<void>(dst), 0, nbytes, s);
    return err == cudaSuccess ? 0 : -int(err);
}

}  // namespace

NB_MODULE(_matvec, m)
{
    m.doc() = "matvec's C API (include/matvec.h) on raw device addresses; use the matvec package";
    m.def("describe", &describe, nb::arg("array"));
    m.def("pointer_device", &pointer_device);
    m.def("device_count", &device_count);
    m.def("current_device", &current_device);
    m.def("cuda_error_string", [](int e) { return std::string(cudaGetErrorString(cudaError_t(e))); });
    m.def("create", &create);
    m.def("destroy", [](Addr h) { return int(mv_destroy(H(h))); });
    m.def("set_stream", [](Addr h, Addr s) { return int(mv_set_stream(H(h), reinterpret_cast<cudaStream_t>(s))); });
    m.def("last_error", &last_error);
    m.def("set_checked", [](Addr h, int on) { return int(mv_set_checked(H(h), on)); });
    m.def("get_checked", [](Addr h) {
        int on = 0;
        const mv_status s = mv_get_checked(H(h), &on);
        return nb::make_tuple(int(s), on);
    });
    m.def("status_string", [](int s) { return std::string(mv_status_string(mv_status(s))); });
    m.def("gemv", [](Addr h, bool dbl, bool trans, int64_t m_, int64_t n, double alpha, Addr A, int64_t lda, Addr x,
                     int64_t incx, double beta, Addr y, int64_t incy) {
        nb::gil_scoped_release release;
        if (dbl)
            return int(mv_dgemv(H(h), Op(trans), m_, n, &alpha, P<const double>(A), lda, P<const double>(x), incx,
                                &beta, P<double>(y), incy));
        const float a = float(alpha), b = float(beta);
        return int(mv_sgemv(H(h), Op(trans), m_, n, &a, P<const float>(A), lda, P<const float>(x), incx, &b,
                            P<float>(y), incy));
    });
    m.def("gemv_strided_batched", [](Addr h, bool dbl, bool trans, int64_t m_, int64_t n, double alpha, Addr A,
                                     int64_t lda, int64_t stride_a, Addr x, int64_t incx, int64_t stride_x,
                                     double beta, Addr y, int64_t incy, int64_t stride_y, int64_t batch) {
        nb::gil_scoped_release release;
        if (dbl)
            return int(mv_dgemv_strided_batched(H(h), Op(trans), m_, n, &alpha, P<const double>(A), lda, stride_a,
                                                P<const double>(x), incx, stride_x, &beta, P<double>(y), incy,
                                                stride_y, batch));
        const float a = float(alpha), b = float(beta);
        return int(mv_sgemv_strided_batched(H(h), Op(trans), m_, n, &a, P<const float>(A), lda, stride_a,
                                            P<const float>(x), incx, stride_x, &b, P<float>(y), incy, stride_y,
                                            batch));
    });
    // mv_gemv_ex: the types are mv_datatype values; alpha and beta go as float.
    m.def("gemv_ex", [](Addr h, bool trans, int64_t m_, int64_t n, double alpha, Addr A, int a_type, int64_t lda,
                        Addr x, int x_type, int64_t incx, double beta, Addr y, int y_type, int64_t incy) {
        nb::gil_scoped_release release;
        const float a = float(alpha), b = float(beta);
        return int(mv_gemv_ex(H(h), Op(trans), m_, n, &a, P<const void>(A), mv_datatype(a_type), lda,
                              P<const void>(x), mv_datatype(x_type), incx, &b, P<void>(y), mv_datatype(y_type),
                              incy));
    });
    // The pointer form: A, x and y are the addresses of device arrays of
    // batch device pointers.
    m.def("gemv_batched", [](Addr h, bool dbl, bool trans, int64_t m_, int64_t n, double alpha, Addr A, int64_t lda,
                             Addr x, int64_t incx, double beta, Addr y, int64_t incy, int64_t batch) {
        nb::gil_scoped_release release;
        if (dbl)
            return int(mv_dgemv_batched(H(h), Op(trans), m_, n, &alpha, P<const double *const>(A), lda,
                                        P<const double *const>(x), incx, &beta, P<double *const>(y), incy, batch));
        const float a = float(alpha), b = float(beta);
        return int(mv_sgemv_batched(H(h), Op(trans), m_, n, &a, P<const float *const>(A), lda,
                                    P<const float *const>(x), incx, &b, P<float *const>(y), incy, batch));
    });
    m.def("gemm", [](Addr h, bool dbl, bool ta, bool tb, int64_t m_, int64_t n, int64_t k, double alpha, Addr A,
                     int64_t lda, Addr B, int64_t ldb, double beta, Addr C, int64_t ldc) {
        nb::gil_scoped_release release;
        if (dbl)
            return int(mv_dgemm(H(h), Op(ta), Op(tb), m_, n, k, &alpha, P<const double>(A), lda, P<const double>(B),
                                ldb, &beta, P<double>(C), ldc));
        const float a = float(alpha), b = float(beta);
        return int(mv_sgemm(H(h), Op(ta), Op(tb), m_, n, k, &a, P<const float>(A), lda, P<const float>(B), ldb, &b,
                            P<float>(C), ldc));
    });
    m.def("gemv_nt", [](Addr h, bool dbl, int64_t m_, int64_t n, double alpha, Addr A, int64_t lda, Addr x,
                        int64_t incx, double beta, Addr y, int64_t incy, double gamma, Addr w, int64_t incw,
                        double delta, Addr z, int64_t incz) {
        nb::gil_scoped_release release;
        if (dbl)
            return int(mv_dgemv_nt(H(h), m_, n, &alpha, P<const double>(A), lda, P<const double>(x), incx, &beta,
                                   P<double>(y), incy, &gamma, P<const double>(w), incw, &delta, P<double>(z), incz));
        const float a = float(alpha), b = float(beta), g = float(gamma), d = float(delta);
        return int(mv_sgemv_nt(H(h), m_, n, &a, P<const float>(A), lda, P<const float>(x), incx, &b, P<float>(y),
                               incy, &g, P<const float>(w), incw, &d, P<float>(z), incz));
    });
    m.def("transpose", [](Addr h, bool dbl, int64_t m_, int64_t n, Addr A, int64_t lda, Addr B, int64_t ldb) {
        nb::gil_scoped_release release;
        return dbl ? int(mv_dtranspose(H(h), m_, n, P<const double>(A), lda, P<double>(B), ldb))
                   : int(mv_stranspose(H(h), m_, n, P<const float>(A), lda, P<float>(B), ldb));
    });
    m.def("transpose_inplace", [](Addr h, bool dbl, int64_t n, Addr A, int64_t lda) {
        nb::gil_scoped_release release;
        return dbl ? int(mv_dtranspose_inplace(H(h), n, P<double>(A), lda))
                   : int(mv_stranspose_inplace(H(h), n, P<float>(A), lda));
    });
    m.def("copy_matrix", &copy_matrix);
    m.def("device_empty", &device_empty);
    m.def("stream_wait", &stream_wait);
    m.def("copy_bytes", &copy_bytes);
}
