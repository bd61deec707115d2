"""matvec: dense matrix-vector and matrix-matrix products on NVIDIA GPUs.

The functions take GPU arrays of PyTorch, CuPy, JAX or Numba, through
DLPack or the CUDA array interface, without a copy, and run on the caller's
current stream (PyTorch's or CuPy's, or ``stream=``) without
synchronizing::

    import torch, matvec
    A = torch.randn(3000, 2000, device="cuda")
    x = torch.randn(2000, device="cuda")
    y = matvec.gemv(A, x)                   # y = A @ x
    z = matvec.gemv(A, y, trans=True)       # z = A.T @ y
    Y = matvec.gemv_batched(A.view(3, 1000, 2000), x)   # Y[b] = A[1000b:1000b+1000] @ x
    h = matvec.gemv(A.half(), x)            # a float16 A, float32 sums, y float16

A 2-D array of either layout works as it is: a row-major array is the
column-major transpose of itself, so the operation is swapped, never the
data copied. float32 and float64; gemv also takes a float16 or bfloat16 A
(with x and y of A's dtype or float32). gemv_batched_pointers runs a batch
of problems given by their device addresses (arrays of pointers, which
pointer_array makes). An argument matvec cannot take as it is
(another dtype, host memory, another GPU, strides no BLAS layout can
express) raises ``TypeError`` or ``ValueError`` naming it; an error of the
C library raises ``matvec.Error`` with its message.

JAX arrays are immutable: where A is a JAX array and no output is given,
the result is a new JAX array; a JAX array given as the output (gemv's y,
gemm's C) is read as the old value that beta scales and left as it is, and
the result is a new JAX array.
"""

import math
import threading
import weakref

from . import _matvec

__all__ = ["Error", "gemv", "gemv_batched", "gemv_batched_pointers", "pointer_array", "gemv_nt", "gemm",
           "transpose", "device_count", "set_checked", "get_checked"]
__version__ = "0.1.0"

_KDL_CUDA, _KDL_CUDA_MANAGED = 2, 13  # DLPack device types


class Error(RuntimeError):
    """A call of the C library failed: ``status`` is its mv_status value,
    the message is mv_last_error's."""

    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


def device_count():
    """Number of CUDA devices visible to this process (0 without a GPU)."""
    return _matvec.device_count()


# ---- arrays ---------------------------------------------------------------


class _Array:
    """What matvec needs of an array: its address, shape, strides (in
    elements), dtype name, element size in bytes, device and the library it
    comes from."""

    __slots__ = ("obj", "name", "ptr", "shape", "strides", "dtype", "itemsize", "device", "lib")


class _Result:
    """A new array matvec made for a JAX result (device memory of its own,
    freed when the last owner lets go), handed to JAX through DLPack: the
    consumer's stream waits for the stream matvec wrote it on."""

    __slots__ = ("nb", "device", "stream")

    def __init__(self, nb, device):
        self.nb, self.device, self.stream = nb, device, 0

    def __dlpack_device__(self):
        return (_KDL_CUDA, self.device)

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        if stream != -1:  # DLPack: None and 1 are the legacy default stream, -1 asks no ordering
            consumer = 1 if stream is None else int(stream)
            if not (consumer in (0, 1) and self.stream in (0, 1)):
                err = _matvec.stream_wait(consumer, self.stream)
                if err:
                    raise BufferError(f"matvec: cannot order stream {consumer} after the result's: CUDA error: "
                                      f"{_matvec.cuda_error_string(-err)}")
        kw = {}
        if max_version is not None:
            kw["max_version"] = max_version
        if dl_device is not None:
            kw["dl_device"] = dl_device
        if copy is not None:
            kw["copy"] = copy
        return self.nb.__dlpack__(**kw)


def _jax_result(res):
    import jax.dlpack
    return jax.dlpack.from_dlpack(res)


_FLOATS = ("float32", "float64")  # the dtypes of every function
_HALVES = ("float16", "bfloat16")  # and of gemv's A, with mv_gemv_ex
_POINTERS = ("int64", "uint64")  # the pointer form's arrays of addresses
_CAI_DTYPES = {"<f4": "float32", "<f8": "float64", "<f2": "float16", "<i8": "int64", "<u8": "uint64"}
# DLPack's (type code, bits) of the dtypes matvec takes; code 4 is bfloat16.
_DL_DTYPES = {(2, 32): "float32", (2, 64): "float64", (2, 16): "float16", (4, 16): "bfloat16", (0, 64): "int64",
              (1, 64): "uint64"}
_DL_CODES = {name: key for key, name in _DL_DTYPES.items()}


def _library(obj):
    mod = type(obj).__module__.split(".")[0]
    return {"torch": "torch", "cupy": "cupy", "jax": "jax", "jaxlib": "jax", "numba": "numba"}.get(mod, mod)


def _from_cai(a, cai):
    """Fills a from a CUDA array interface dict (strides in bytes)."""
    a.ptr = int(cai["data"][0])
    a.shape = tuple(int(s) for s in cai["shape"])
    typestr = cai["typestr"]
    a.dtype = _CAI_DTYPES.get(typestr.replace("|", "<"), typestr)
    size = int(typestr[2:]) if typestr[2:].isdigit() else 1
    a.itemsize = size
    if cai.get("strides") is None:
        strides, acc = [], 1
        for s in reversed(a.shape):
            strides.append(acc)
            acc *= s
        a.strides = tuple(reversed(strides))
    else:
        if any(int(s) % size for s in cai["strides"]):
            raise ValueError(f"{a.name}: strides {tuple(cai['strides'])} bytes are not whole elements")
        a.strides = tuple(int(s) // size for s in cai["strides"])
    a.device = _matvec.pointer_device(a.ptr) if a.ptr else _matvec.current_device()
    if a.device < 0:
        raise TypeError(f"{a.name}: the array's memory is not GPU memory CUDA knows of")


def _from_dlpack(a, obj):
    """Fills a from obj's DLPack export, read by nanobind's ndarray."""
    try:
        ptr, shape, strides, code, bits, lanes, dev_type, dev_id = _matvec.describe(obj)
    except (TypeError, RuntimeError, BufferError) as e:
        raise TypeError(f"{a.name}: its DLPack export failed ({e})") from None
    if dev_type not in (_KDL_CUDA, _KDL_CUDA_MANAGED):
        raise TypeError(f"{a.name}: the array is in host memory (DLPack device type {dev_type}); "
                        "matvec takes GPU arrays only")
    name = _DL_DTYPES.get((code, bits)) if lanes == 1 else None
    a.dtype = name or f"DLPack code {code}, {bits} bits" + (f" x {lanes}" if lanes != 1 else "")
    a.itemsize = max(1, bits * lanes // 8)
    a.ptr, a.shape, a.strides, a.device = ptr, tuple(shape), tuple(strides), dev_id


_TORCH_DTYPES = {"torch.float32": "float32", "torch.float64": "float64", "torch.float16": "float16",
                 "torch.bfloat16": "bfloat16", "torch.int64": "int64", "torch.uint64": "uint64"}


def _from_torch(a, t):
    """PyTorch's own attributes: cheaper than building its CUDA array
    interface on every call."""
    if not t.is_cuda:
        raise TypeError(f"{a.name}: the tensor is on {t.device}; matvec takes GPU arrays only")
    a.dtype = _TORCH_DTYPES.get(str(t.dtype), str(t.dtype))
    a.itemsize = t.element_size()
    a.ptr, a.shape, a.strides, a.device = t.data_ptr(), tuple(t.shape), t.stride(), t.device.index


def _from_cupy(a, c):
    """CuPy's own attributes (byte strides, negative ones too)."""
    a.dtype = c.dtype.name
    size = a.itemsize = c.dtype.itemsize
    if any(s % size for s in c.strides):
        raise ValueError(f"{a.name}: strides {c.strides} bytes are not whole elements")
    a.ptr, a.shape, a.strides, a.device = c.data.ptr, c.shape, tuple(s // size for s in c.strides), c.device.id


def _describe(obj, name, dtypes=_FLOATS):
    """PyTorch's and CuPy's arrays by their own attributes; else the CUDA
    array interface where the array has one (Numba: byte strides as plain
    Python integers, negative ones too), else DLPack (JAX, and host arrays,
    which are refused). dtypes: those the argument may have (None: any)."""
    if obj is None:
        raise TypeError(f"{name}: expected a GPU array, got None")
    a = _Array()
    a.obj, a.name, a.lib = obj, name, _library(obj)
    if isinstance(obj, _Result):
        a.lib = "matvec"
        _from_dlpack(a, obj.nb)
    elif a.lib == "torch" and hasattr(obj, "data_ptr"):
        _from_torch(a, obj)
    elif a.lib == "cupy" and hasattr(obj, "data") and hasattr(obj, "device"):
        _from_cupy(a, obj)
    else:
        _from_interfaces(a, obj)
    if dtypes is not None and a.dtype not in dtypes:
        raise TypeError(f"{name}: dtype {a.dtype} is not supported ({_one_of(dtypes)})")
    return a


def _one_of(names):
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _from_interfaces(a, obj):
    name = a.name
    try:
        cai = obj.__cuda_array_interface__
    except (AttributeError, RuntimeError, TypeError):  # none, or e.g. a tensor that requires grad
        cai = None
    if cai is not None:
        _from_cai(a, cai)
    elif hasattr(obj, "__dlpack__"):
        _from_dlpack(a, obj)
    else:
        raise TypeError(f"{name}: expected a GPU array (PyTorch, CuPy, JAX or Numba: DLPack or the CUDA "
                        f"array interface), got {type(obj).__module__}.{type(obj).__name__}")


def _check_same(arrays, dtype_of):
    """Every array the dtype of dtype_of and on the current device, which it
    returns."""
    for a in arrays:
        if a.dtype != dtype_of.dtype:
            raise TypeError(f"{a.name}: dtype {a.dtype} differs from {dtype_of.name}'s {dtype_of.dtype}")
    return _check_device(arrays)


def _check_device(arrays):
    """Every array on the current device, which it returns."""
    current = _matvec.current_device()
    for a in arrays:
        if a.device != current:
            raise ValueError(f"{a.name}: the array is on GPU {a.device}, the current device is GPU {current} "
                             "(select it first, e.g. torch.cuda.set_device or cupy.cuda.Device)")
    return current


def _vector(a, length, what):
    """(address of the lowest element, increment) of a 1-D array."""
    if len(a.shape) != 1:
        raise ValueError(f"{a.name}: expected a 1-D array ({what}), got shape {a.shape}")
    if a.shape[0] != length:
        raise ValueError(f"{a.name}: has {a.shape[0]} elements, {what} needs {length}")
    inc = a.strides[0] if length > 1 else 1
    if inc == 0:
        raise ValueError(f"{a.name}: stride 0 (a broadcast view) is not a BLAS vector")
    low = a.ptr + (length - 1) * inc * a.itemsize if inc < 0 else a.ptr
    return low, inc


def _matrix(a):
    """(column-major rows, columns, lda, transposed) of a 2-D array: its memory
    as a column-major matrix, transposed=True when that matrix is the
    array's transpose (a row-major array)."""
    if len(a.shape) != 2:
        raise ValueError(f"{a.name}: expected a 2-D array, got shape {a.shape}")
    r, c = a.shape
    s0, s1 = a.strides
    if r == 0 or c == 0:  # no element: any strides
        return r, c, max(r, 1), False
    if (s0 == 1 or r <= 1) and (s1 >= max(1, r) or c <= 1):
        return r, c, max(s1 if c > 1 else r, 1), False
    if (s1 == 1 or c <= 1) and (s0 >= max(1, c) or r <= 1):
        return c, r, max(s0 if r > 1 else c, 1), True
    raise ValueError(f"{a.name}: strides {a.strides} (elements) for shape {a.shape} are neither column-major "
                     "(stride 1 down a column, leading dimension >= rows) nor row-major; matvec copies "
                     "nothing: pass a contiguous array")


# ---- handles and streams ----------------------------------------------------

_local = threading.local()


class _Handle:
    def __init__(self):
        status, self.addr = _matvec.create()
        if status:
            raise Error(_matvec.last_error(0), status)
        self._finalizer = weakref.finalize(self, _matvec.destroy, self.addr)


def _handle(device=None):
    """The handle of this thread for device (default: the current one), made
    once."""
    handles = getattr(_local, "handles", None)
    if handles is None:
        handles = _local.handles = {}
    if device is None:
        device = _matvec.current_device()
    h = handles.get(device)
    if h is None:
        h = handles[device] = _Handle()
    return h


def set_checked(on=True, device=None):
    """Checked mode of this thread's handle for device (default: the current
    one), mv_set_checked: before any kernel, every operand a call uses must
    be memory of that device inside one allocation, else the call raises
    Error naming the operand, its allocation's size and the bytes past its
    end. The Python functions already check shapes and strides against the
    arrays they are given; checked mode adds CUDA's own view of the memory
    (the pointer arrays of gemv_batched_pointers, arrays that wrap memory
    of another device). Costs a few microseconds a call. MATVEC_CHECKED=1
    in the environment starts every handle in it."""
    _call(_matvec.set_checked, "set_checked", _handle(device), 1 if on else 0)


def get_checked(device=None):
    """Whether this thread's handle for device (default: the current one) is
    in checked mode (mv_get_checked)."""
    h = _handle(device)
    status, on = _matvec.get_checked(h.addr)
    if status:
        raise Error(_matvec.last_error(h.addr), status)
    return bool(on)


def _stream_address(stream, arrays):
    if stream is not None:
        if isinstance(stream, int):
            return stream
        for attr in ("cuda_stream", "ptr"):  # torch.cuda.Stream, cupy.cuda.Stream
            if hasattr(stream, attr):
                return int(getattr(stream, attr))
        if hasattr(stream, "handle"):  # numba
            h = stream.handle
            return int(getattr(h, "value", h) or 0)
        raise TypeError(f"stream: expected an int (cudaStream_t), a torch.cuda.Stream or a cupy Stream, "
                        f"got {type(stream).__name__}")
    libs = {a.lib for a in arrays}
    if "torch" in libs:
        import torch
        return int(torch.cuda.current_stream().cuda_stream)
    if "cupy" in libs:
        import cupy
        return int(cupy.cuda.get_current_stream().ptr)
    return 0  # the legacy default stream (Numba's and JAX's arrays)


def _call(fn, name, h, *args):
    status = fn(h.addr, *args)
    if status > 0:
        raise Error(f"{_matvec.last_error(h.addr)}", status)
    if status < 0:
        raise Error(f"{name}: CUDA error: {_matvec.cuda_error_string(-status)}", -status)


def _prepare(arrays, stream, device):
    h = _handle(device)
    addr = _stream_address(stream, arrays)
    status = _matvec.set_stream(h.addr, addr)
    if status:
        raise Error(_matvec.last_error(h.addr), status)
    for a in arrays:
        if isinstance(a.obj, _Result):
            a.obj.stream = addr
    return h


def _fill(h, out, src=None):
    """out (a _Result) = src's elements (an _Array of the same size, dense),
    or zeros without src, on the handle's stream."""
    nbytes = out.itemsize
    for d in out.shape:
        nbytes *= d
    _call(_matvec.copy_bytes, "copy", h, out.ptr, src.ptr if src is not None else 0, nbytes)


def _immutable_input(obj, name, dtypes=_FLOATS):
    """A JAX array given as an output: its description, read as the old
    value (JAX arrays are immutable); None for any other array."""
    if obj is None or _library(obj) != "jax":
        return None
    return _describe(obj, name, dtypes)


def _empty(like, shape, dtype, zero=False):
    """A new row-major array of the library of `like`, on its device."""
    lib = like.lib
    if lib == "torch":
        import torch
        f = torch.zeros if zero else torch.empty
        return f(shape, dtype=getattr(torch, dtype), device=like.obj.device)
    if lib == "cupy":
        import cupy
        with cupy.cuda.Device(like.device):
            return (cupy.zeros if zero else cupy.empty)(shape, dtype=dtype)
    if lib == "numba":
        from numba import cuda
        import numpy
        out = cuda.device_array(shape, dtype=dtype)
        if zero:
            out.copy_to_device(numpy.zeros(shape, dtype=dtype))
        return out
    if lib == "jax":
        status, nb = _matvec.device_empty(list(shape), *_DL_CODES[dtype])
        if status:
            raise Error(f"{like.name}: cannot allocate the JAX result {shape}: CUDA error: "
                        f"{_matvec.cuda_error_string(status)}", status)
        return _Result(nb, _matvec.current_device())
    raise TypeError(f"{like.name}: matvec cannot make an output array of a {lib} array: pass the output array")


# ---- the operations ---------------------------------------------------------


def _output_vector(a, y, name, length, beta, beta_name, what, dtypes=_FLOATS):
    """The output vector of a product: (the array written, its old value as
    an _Array when y is a JAX array (read, never written), whether it is
    new). A new one is of A's library and zero-filled where zero is set."""
    old = _immutable_input(y, name, dtypes)
    if old is not None:
        _vector(old, length, what)
        if old.strides[0] != 1 and length > 1:
            raise ValueError(f"{name}: a JAX {name} with stride {old.strides[0]}: matvec reads it as dense")
        y = None
    elif y is None and beta != 0:
        raise ValueError(f"{beta_name}: must be 0 when {name} is None (there is no {name} to scale)")
    return y, old


_GEMV_DTYPES = _FLOATS + _HALVES
_MV_DATATYPES = {"float32": 0, "float64": 1, "float16": 2, "bfloat16": 3}  # mv_datatype


def _check_gemv_dtype(v, a):
    """v (x, y, or a JAX y's old value) of a dtype gemv takes with A's: A's
    own, or float32 beside a float16 or bfloat16 A (mv_gemv_ex's rule)."""
    if v.dtype == a.dtype:
        return
    if a.dtype in _HALVES:
        if v.dtype != "float32":
            raise TypeError(f"{v.name}: dtype {v.dtype} with A's {a.dtype} is not supported ({v.name}: "
                            f"{a.dtype} or float32)")
    else:
        raise TypeError(f"{v.name}: dtype {v.dtype} differs from A's {a.dtype}")


def gemv(A, x, y=None, *, alpha=1.0, beta=0.0, trans=False, stream=None):
    """y = alpha * op(A) @ x + beta * y, op(A) = A or A.T (trans=True).

    A: 2-D (m, n), either layout; x: 1-D; y: 1-D or None (a new array of A's
    library and dtype; then beta must be 0). Vectors may be strided, with
    negative strides too. Returns y, or for a JAX y a new JAX array of y's
    dtype (y is left as it is).

    dtypes: A, x and y all float32 or all float64; or A float16 or bfloat16
    with x and y each of A's dtype or float32: then the products and sums
    are in float32, alpha and beta are taken as float32, and y is rounded
    to its dtype once (mv_gemv_ex)."""
    a = _describe(A, "A", _GEMV_DTYPES)
    xa = _describe(x, "x", _GEMV_DTYPES)
    _check_gemv_dtype(xa, a)
    rows, cols, lda, transposed = _matrix(a)
    m, n = a.shape
    len_x, len_y = (m, n) if trans else (n, m)
    y, old = _output_vector(a, y, "y", len_y, beta, "beta", "the output of op(A) @ x", _GEMV_DTYPES)
    if old is not None:
        _check_gemv_dtype(old, a)
    zero = len_x == 0 and old is None
    if y is None:
        y = _empty(a, (len_y,), old.dtype if old is not None else a.dtype, zero=zero)
    ya = _describe(y, "y", _GEMV_DTYPES)
    _check_gemv_dtype(ya, a)
    device = _check_device([a, xa, ya] + ([old] if old is not None else []))
    px, incx = _vector(xa, len_x, "op(A) @ x" if trans else "A @ x")
    py, incy = _vector(ya, len_y, "the output of op(A) @ x")
    h = _prepare([a, xa, ya], stream, device)
    if isinstance(y, _Result) and (old is not None or zero):
        _fill(h, ya, old)
    op = bool(trans) != transposed
    if a.dtype in _HALVES:
        _call(_matvec.gemv_ex, "gemv", h, op, rows, cols, float(alpha), a.ptr, _MV_DATATYPES[a.dtype], lda, px,
              _MV_DATATYPES[xa.dtype], incx, float(beta), py, _MV_DATATYPES[ya.dtype], incy)
    else:
        _call(_matvec.gemv, "gemv", h, a.dtype == "float64", op, rows, cols, float(alpha), a.ptr, lda, px, incx,
              float(beta), py, incy)
    return _jax_result(y) if isinstance(y, _Result) else y


def _entry(a):
    """The description of a[0], one problem of a batched array: a's address
    with the shape and strides less the first (the batch's). Of an empty
    batch, whose strides describe no element (NumPy-style libraries may
    give 0), those of a dense row-major problem."""
    e = _Array()
    e.obj, e.name, e.lib, e.dtype, e.itemsize, e.device = a.obj, a.name, a.lib, a.dtype, a.itemsize, a.device
    e.ptr, e.shape, e.strides = a.ptr, a.shape[1:], a.strides[1:]
    if a.shape[0] == 0:
        e.strides = tuple(math.prod(e.shape[i + 1:]) for i in range(len(e.shape)))
    return e


def _batch_stride(a, count):
    """The batch stride (in elements) of a batched array whose problems have
    count elements each: its first stride, 0 where no two problems are read
    (one problem, or none with an element)."""
    return a.strides[0] if a.shape[0] > 1 and count > 0 else 0


def _dense(a):
    """Whether a's elements lie dense in row-major order."""
    acc = 1
    for d, s in zip(reversed(a.shape), reversed(a.strides)):
        if d > 1 and s != acc:
            return False
        acc *= d
    return True


def _problems_share(batch, length, inc, stride):
    """Whether two of batch vectors of length elements (increment inc),
    each stride elements past the one before, share an element: problems
    d apart meet where d * |stride| = k * |inc| with 0 <= k < length, and
    the smallest such d decides."""
    if batch < 2 or length == 0:
        return False
    g = math.gcd(abs(stride), abs(inc))
    return abs(inc) // g <= batch - 1 and abs(stride) // g <= length - 1


def gemv_batched(A, x, y=None, *, alpha=1.0, beta=0.0, trans=False, stream=None):
    """y[b] = alpha * op(A[b]) @ x[b] + beta * y[b] for every b in one call,
    op(A) = A or A.T (trans=True); the scalars, shapes and op shared by all.

    A: 3-D (batch, m, n), each A[b] in either layout, A's batch stride >= 0
    (0, a broadcast A: one matrix for every problem); x: (batch, len_x), or
    1-D (len_x,) shared by every problem; y: (batch, len_y) or None (a new
    array of A's library; then beta must be 0), no element of it written by
    two problems. Vectors may be strided, with negative strides too; x's
    batch stride >= 0, y's of either sign. Returns y, or for a JAX y a new
    JAX array (y is left as it is)."""
    a = _describe(A, "A")
    xa = _describe(x, "x")
    if len(a.shape) != 3:
        raise ValueError(f"A: expected a 3-D array (batch, m, n), got shape {a.shape}")
    batch, m, n = a.shape
    rows, cols, lda, transposed = _matrix(_entry(a))
    len_x, len_y = (m, n) if trans else (n, m)
    product = "op(A[b]) @ x[b]" if trans else "A[b] @ x[b]"
    old = _immutable_input(y, "y")
    if old is not None:
        if old.shape != (batch, len_y) or not _dense(old):
            raise ValueError(f"y: a JAX y of shape {old.shape} strides {old.strides}: the outputs are "
                             f"({batch}, {len_y}), read as dense row-major")
        y = None
    elif y is None and beta != 0:
        raise ValueError("beta: must be 0 when y is None (there is no y to scale)")
    zero = len_x == 0 and old is None
    if y is None:
        y = _empty(a, (batch, len_y), a.dtype, zero=zero)
    ya = _describe(y, "y")
    device = _check_same([a, xa, ya] + ([old] if old is not None else []), a)
    stride_a = _batch_stride(a, m * n)
    if stride_a < 0:
        raise ValueError(f"A: batch stride {stride_a} (elements) is negative; matvec takes a batch stride >= 0 "
                         "(0: one A for every problem)")
    if len(xa.shape) == 1:
        px, incx = _vector(xa, len_x, product)
        stride_x = 0
    elif len(xa.shape) == 2:
        if xa.shape[0] != batch:
            raise ValueError(f"x: {xa.shape[0]} vectors (shape {xa.shape}), A has {batch} matrices")
        px, incx = _vector(_entry(xa), len_x, product)
        stride_x = _batch_stride(xa, len_x)
        if stride_x < 0:
            raise ValueError(f"x: batch stride {stride_x} (elements) is negative; matvec takes a batch stride "
                             ">= 0 (0: one x for every problem)")
    else:
        raise ValueError(f"x: expected a 2-D array (batch, {len_x}) or a 1-D ({len_x},) shared by every problem, "
                         f"got shape {xa.shape}")
    if len(ya.shape) != 2:
        raise ValueError(f"y: expected a 2-D array (batch, {len_y}), got shape {ya.shape}")
    if ya.shape[0] != batch:
        raise ValueError(f"y: {ya.shape[0]} vectors (shape {ya.shape}), A has {batch} matrices")
    py, incy = _vector(_entry(ya), len_y, f"the output of {product}")
    stride_y = _batch_stride(ya, len_y)
    if _problems_share(batch, len_y, incy, stride_y):
        raise ValueError(f"y: strides {ya.strides} (elements) for shape {ya.shape}: two problems would write "
                         "the same element")
    h = _prepare([a, xa, ya], stream, device)
    if isinstance(y, _Result) and (old is not None or zero):
        _fill(h, ya, old)
    _call(_matvec.gemv_strided_batched, "gemv_batched", h, a.dtype == "float64", bool(trans) != transposed, rows,
          cols, float(alpha), a.ptr, lda, stride_a, px, incx, stride_x, float(beta), py, incy, stride_y, batch)
    return _jax_result(y) if isinstance(y, _Result) else y


def _dtype_name(dtype):
    """The name of a dtype given as a string, a NumPy-style dtype or scalar
    type (NumPy, CuPy, JAX) or a torch.dtype: "float32" for "float32",
    "f4", numpy.float32, cupy.float32, jax.numpy.float32 or torch.float32."""
    if isinstance(dtype, str) and dtype in _GEMV_DTYPES:
        return dtype
    text = str(dtype)
    if text.startswith("torch."):
        return text[len("torch."):]
    try:
        import numpy
        return numpy.dtype(dtype).name
    except (ImportError, TypeError):
        raise TypeError(f"dtype: expected a dtype (a name such as 'float32', a NumPy-style dtype or a "
                        f"torch.dtype), got {dtype!r}") from None


def _count(value, name, low=0):
    """An integer argument >= low."""
    import operator
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}") from None
    if v < low:
        raise ValueError(f"{name}: {v} must be >= {low}")
    return v


def _pointers(obj, name):
    """A 1-D dense device array of int64 or uint64 addresses."""
    p = _describe(obj, name, _POINTERS)
    if len(p.shape) != 1:
        raise ValueError(f"{name}: expected a 1-D array of device addresses, got shape {p.shape}")
    if p.shape[0] > 1 and p.strides[0] != 1:
        raise ValueError(f"{name}: stride {p.strides[0]} (elements); the addresses must be contiguous")
    return p


def gemv_batched_pointers(A_ptrs, x_ptrs, y_ptrs, m, n, *, dtype, lda=None, incx=1, incy=1, alpha=1.0, beta=0.0,
                          trans=False, stream=None):
    """y_b = alpha * op(A_b) @ x_b + beta * y_b for b < batch, with every
    problem's operands given by address (mv_sgemv_batched,
    mv_dgemv_batched): the scalars, shapes, op, lda and increments shared
    by all. Returns None (the y_b are written in place).

    A_ptrs, x_ptrs, y_ptrs: 1-D contiguous device arrays (any framework
    matvec takes) of int64 or uint64, each of batch device addresses, all on
    the current device; pointer_array makes them from lists of arrays.
    Entry b of A_ptrs is the address of the column-major m x n matrix A_b
    (element (i, j) at A_b + i + j * lda, lda >= max(1, m), default max(1, m)); of
    x_ptrs and y_ptrs, the lowest address of x_b (len_x elements, increment
    incx) and y_b (len_y, incy), as in BLAS: a negative increment walks the
    vector from its end. len_x, len_y = n, m (or m, n with trans=True).
    dtype: "float32" or "float64" (or such a dtype object), the elements'
    type. alpha = 0 reads no A_b and no x_b; beta = 0 reads no y_b.

    matvec sees only the addresses, so it checks none of the problems'
    memory: the caller keeps every A_b, x_b and y_b (and the three pointer
    arrays) alive and unchanged until the work on the stream is done
    (the call returns at once), and no two problems' outputs may share an
    element."""
    dt = _dtype_name(dtype)
    if dt not in _FLOATS:
        raise TypeError(f"dtype: {dt} is not supported (float32 or float64)")
    pa, px, py = _pointers(A_ptrs, "A_ptrs"), _pointers(x_ptrs, "x_ptrs"), _pointers(y_ptrs, "y_ptrs")
    batch = pa.shape[0]
    for p in (px, py):
        if p.shape[0] != batch:
            raise ValueError(f"{p.name}: {p.shape[0]} addresses, A_ptrs has {batch}")
    m, n = _count(m, "m"), _count(n, "n")
    lda = max(1, m) if lda is None else _count(lda, "lda")
    if lda < max(1, m):
        raise ValueError(f"lda: {lda} must be >= max(1, m) = {max(1, m)}")
    incx, incy = _count(incx, "incx", -(1 << 63)), _count(incy, "incy", -(1 << 63))
    for v, name in ((incx, "incx"), (incy, "incy")):
        if v == 0:
            raise ValueError(f"{name}: must not be 0")
    device = _check_device([pa, px, py])
    h = _prepare([pa, px, py], stream, device)
    _call(_matvec.gemv_batched, "gemv_batched_pointers", h, dt == "float64", bool(trans), m, n, float(alpha),
          pa.ptr, lda, px.ptr, incx, float(beta), py.ptr, incy, batch)


def pointer_array(arrays):
    """A new 1-D device array of the addresses of arrays (for
    gemv_batched_pointers): each array's lowest element address, in order,
    made by the arrays' framework on their device (PyTorch: an int64 tensor;
    CuPy, Numba: uint64). arrays: a non-empty sequence of GPU arrays of
    PyTorch, CuPy or Numba, all of one framework and on one device.

    Unlike matvec's calls, this allocates and copies a host list to the
    device, with the framework's own call (PyTorch and CuPy on their current
    stream, so a call on another stream must wait for it). The addresses are
    only numbers: the arrays, and the result, must outlive every call that
    uses them (until the work on the stream is done)."""
    if isinstance(arrays, (str, bytes)) or not hasattr(arrays, "__len__"):
        raise TypeError(f"arrays: expected a sequence of GPU arrays, got {type(arrays).__name__}")
    if len(arrays) == 0:
        raise ValueError("arrays: empty; make an empty int64 device array of the framework for a batch of none")
    described = [_describe(obj, f"arrays[{i}]", None) for i, obj in enumerate(arrays)]
    first = described[0]
    for a in described:
        if a.lib != first.lib:
            raise TypeError(f"{a.name}: a {a.lib} array, arrays[0] is a {first.lib} array (one framework for all)")
        if a.device != first.device:
            raise ValueError(f"{a.name}: the array is on GPU {a.device}, arrays[0] on GPU {first.device}")
    addresses = [_span(a)[0] for a in described]
    if first.lib == "torch":
        import torch
        signed = [p - (1 << 64) if p >= 1 << 63 else p for p in addresses]
        return torch.tensor(signed, dtype=torch.int64, device=first.obj.device)
    if first.lib == "cupy":
        import cupy
        with cupy.cuda.Device(first.device):
            return cupy.asarray(addresses, dtype=cupy.uint64)
    if first.lib == "numba":
        import numpy
        from numba import cuda
        return cuda.to_device(numpy.asarray(addresses, dtype=numpy.uint64))
    raise TypeError(f"arrays[0]: matvec makes pointer arrays of PyTorch, CuPy or Numba arrays, not {first.lib} "
                    "(JAX arrays are immutable and may move: give gemv_batched_pointers arrays it may write)")


def _span(a):
    """Bytes [lo, hi) that an array's elements cover."""
    if any(d == 0 for d in a.shape):
        return (a.ptr, a.ptr)
    lo = sum(min(0, s * (d - 1)) for s, d in zip(a.strides, a.shape))
    hi = sum(max(0, s * (d - 1)) for s, d in zip(a.strides, a.shape)) + 1
    return (a.ptr + lo * a.itemsize, a.ptr + hi * a.itemsize)


def _check_nt_overlaps(a, xa, wa, ya, za, alpha, beta, gamma, delta):
    """gemv_nt's outputs that are written share no byte with each other or
    with what the call reads (the C library checks the same, naming its own
    arguments, which for a row-major A are the other product's)."""
    writes = [v for v, s, b in ((ya, alpha, beta), (za, gamma, delta)) if not (s == 0 and b == 1)]
    reads = [v for v, s in ((xa, alpha), (wa, gamma)) if s != 0]
    if alpha != 0 or gamma != 0:
        reads.insert(0, a)
    spans = {id(v): _span(v) for v in [a, xa, wa, ya, za]}

    def meet(u, v):
        (p, q), (r, t) = spans[id(u)], spans[id(v)]
        return p < t and r < q and p < q and r < t

    if len(writes) == 2 and meet(writes[0], writes[1]):
        raise ValueError("y, z: overlap in memory (matvec writes both)")
    for o in writes:
        for i in reads:
            if meet(o, i):
                raise ValueError(f"{o.name}: overlaps {i.name} in memory (an output must not share memory with an "
                                 "input)")


def gemv_nt(A, x, w, y=None, z=None, *, alpha=1.0, beta=0.0, gamma=1.0, delta=0.0, stream=None):
    """y = alpha * A @ x + beta * y and z = gamma * A.T @ w + delta * z with
    one pass over A (each product as gemv would compute it).

    A: 2-D (m, n), either layout; x: (n,), w: (m,); y: (m,), z: (n,) or None
    (new arrays of A's library; then beta / delta must be 0). y and z must
    not overlap each other, A, x or w. Returns (y, z); for JAX outputs new
    JAX arrays."""
    a = _describe(A, "A")
    xa, wa = _describe(x, "x"), _describe(w, "w")
    rows, cols, lda, transposed = _matrix(a)
    m, n = a.shape
    y, old_y = _output_vector(a, y, "y", m, beta, "beta", "the output of A @ x")
    z, old_z = _output_vector(a, z, "z", n, delta, "delta", "the output of A.T @ w")
    zero_y, zero_z = n == 0 and old_y is None, m == 0 and old_z is None
    if y is None:
        y = _empty(a, (m,), a.dtype, zero=zero_y)
    if z is None:
        z = _empty(a, (n,), a.dtype, zero=zero_z)
    ya, za = _describe(y, "y"), _describe(z, "z")
    olds = [o for o in (old_y, old_z) if o is not None]
    device = _check_same([a, xa, wa, ya, za] + olds, a)
    px, incx = _vector(xa, n, "A @ x")
    pw, incw = _vector(wa, m, "A.T @ w")
    py, incy = _vector(ya, m, "the output of A @ x")
    pz, incz = _vector(za, n, "the output of A.T @ w")
    _check_nt_overlaps(a, xa, wa, ya, za, alpha, beta, gamma, delta)
    h = _prepare([a, xa, wa, ya, za], stream, device)
    if isinstance(y, _Result) and (old_y is not None or zero_y):
        _fill(h, ya, old_y)
    if isinstance(z, _Result) and (old_z is not None or zero_z):
        _fill(h, za, old_z)
    dbl = a.dtype == "float64"
    if not transposed:
        _call(_matvec.gemv_nt, "gemv_nt", h, dbl, rows, cols, float(alpha), a.ptr, lda, px, incx, float(beta), py,
              incy, float(gamma), pw, incw, float(delta), pz, incz)
    else:  # A's memory is the column-major A.T (n x m): the two products trade places
        _call(_matvec.gemv_nt, "gemv_nt", h, dbl, rows, cols, float(gamma), a.ptr, lda, pw, incw, float(delta), pz,
              incz, float(alpha), px, incx, float(beta), py, incy)
    out = tuple(_jax_result(v) if isinstance(v, _Result) else v for v in (y, z))
    return out


def gemm(A, B, C=None, *, alpha=1.0, beta=0.0, trans_a=False, trans_b=False, stream=None):
    """C = alpha * op(A) @ op(B) + beta * C, op(X) = X or X.T.

    A, B, C: 2-D, each in either layout; C None: a new row-major array of
    A's library (then beta must be 0). Returns C."""
    a, b = _describe(A, "A"), _describe(B, "B")
    _, _, lda, ta = _matrix(a)
    _, _, ldb, tb = _matrix(b)
    m, k = (a.shape[1], a.shape[0]) if trans_a else a.shape
    kb, n = (b.shape[1], b.shape[0]) if trans_b else b.shape
    if kb != k:
        raise ValueError(f"B: op(B) has {kb} rows, op(A) has {k} columns")
    old = _immutable_input(C, "C")
    if old is not None:
        if old.shape != (m, n) or (m * n > 1 and old.strides != (n, 1)):
            raise ValueError(f"C: a JAX C of shape {old.shape} strides {old.strides}: op(A) @ op(B) is "
                             f"({m}, {n}), read as dense row-major")
        C = None
    elif C is None and beta != 0:
        raise ValueError("beta: must be 0 when C is None (there is no C to scale)")
    if C is None:
        C = _empty(a, (m, n), a.dtype)
    c = _describe(C, "C")
    if len(c.shape) != 2 or c.shape != (m, n):
        raise ValueError(f"C: shape {c.shape}, op(A) @ op(B) is ({m}, {n})")
    device = _check_same([a, b, c] + ([old] if old is not None else []), a)
    _, _, ldc, tc = _matrix(c)
    # The flags that make each memory's column-major matrix the operand.
    op_a = bool(trans_a) != ta
    op_b = bool(trans_b) != tb
    h = _prepare([a, b, c], stream, device)
    if old is not None:
        _fill(h, c, old)
    dbl = a.dtype == "float64"
    if not tc:
        _call(_matvec.gemm, "gemm", h, dbl, op_a, op_b, m, n, k, float(alpha), a.ptr, lda, b.ptr, ldb,
              float(beta), c.ptr, ldc)
    else:  # C's memory holds C.T = op(B).T @ op(A).T
        _call(_matvec.gemm, "gemm", h, dbl, not op_b, not op_a, n, m, k, float(alpha), b.ptr, ldb, a.ptr, lda,
              float(beta), c.ptr, ldc)
    return _jax_result(C) if isinstance(C, _Result) else C


def transpose(A, out=None, *, stream=None):
    """out = A.T. A: 2-D (m, n); out: (n, m) or None (a new array of A's
    library, in A's layout). out may be A itself when A is square: then A is
    transposed in place. Returns out."""
    a = _describe(A, "A")
    ar, ac, lda, ta = _matrix(a)
    m, n = a.shape
    if _library(out) == "jax":
        raise TypeError("out: JAX arrays are immutable: leave out=None, the result is a new JAX array")
    if out is None:  # in A's layout: row-major (n, m), or the transpose of a row-major (m, n)
        out = _empty(a, (n, m), a.dtype) if ta or m * n == 0 or a.lib == "jax" else _empty(a, (m, n), a.dtype).T
    o = _describe(out, "out")
    device = _check_same([a, o], a)
    h = _prepare([a, o], stream, device)
    dbl = a.dtype == "float64"
    if o.ptr == a.ptr and m * n > 0:
        if o.shape != a.shape or o.strides != a.strides or m != n:
            raise ValueError(f"out: is A's memory; in place needs a square A and out the same view "
                             f"(A {a.shape} strides {a.strides}, out {o.shape} strides {o.strides})")
        _call(_matvec.transpose_inplace, "transpose", h, dbl, n, a.ptr, lda)
        return out
    if len(o.shape) != 2 or o.shape != (n, m):
        raise ValueError(f"out: shape {o.shape}, A.T is ({n}, {m})")
    _, _, ldo, to = _matrix(o)
    if m * n == 0:
        return _jax_result(out) if isinstance(out, _Result) else out
    if ta == to:  # both memories column-major views of A and A.T: a transpose
        _call(_matvec.transpose, "transpose", h, dbl, ar, ac, a.ptr, lda, o.ptr, ldo)
    else:  # out's memory holds A's memory's matrix as it is: a copy
        _call(_matvec.copy_matrix, "transpose", h, dbl, ar, ac, a.ptr, lda, o.ptr, ldo)
    return _jax_result(out) if isinstance(out, _Result) else out
