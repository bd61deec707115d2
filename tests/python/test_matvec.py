"""The Python package against PyTorch's float64 results: every function,
both layouts, both operations, odd shapes and strides, each framework's
arrays (PyTorch, CuPy, Numba, JAX), half-precision matrices, the pointer
form of the batched GEMV, the caller's stream, and the errors.
GPU tests are skipped, with the reason shown, where no GPU is present."""

import math
import os
import random

import pytest

# JAX would otherwise take most of the GPU's memory at its first array.
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

import matvec

GPU = matvec.device_count() > 0
needs_gpu = pytest.mark.skipif(not GPU, reason="no CUDA device")

try:
    import torch
except ImportError:  # pragma: no cover - the GPU machine has it
    torch = None
needs_torch = pytest.mark.skipif(not GPU or torch is None, reason="needs a GPU and PyTorch")

DTYPES = ["float32", "float64"]
EPS = {"float32": 2.0**-24, "float64": 2.0**-53}


def tdt(name):
    return getattr(torch, name)


def rand(shape, dtype, gen, layout="row"):
    """Fresh random values in [-1, 1), in row-major or column-major layout."""
    if layout == "col" and len(shape) == 2:
        return (torch.rand(shape[::-1], generator=gen, device="cuda", dtype=tdt(dtype)) * 2 - 1).T
    return torch.rand(shape, generator=gen, device="cuda", dtype=tdt(dtype)) * 2 - 1


def close(got, want, bound, dtype, k):
    """|got - want| within the rounding of k-term dot products of the given
    magnitudes (bound: sum of |terms| per element); NaN never passes."""
    got = got.to(torch.float64)
    tol = 4 * (k + 2) * EPS[dtype] * bound + 1e-300
    err = (got - want).abs()
    assert not torch.isnan(got).any(), "NaN in the result"
    bad = (err > tol).nonzero()
    assert bad.numel() == 0, f"{bad.shape[0]} elements off, first {bad[0].tolist()}: got {got[tuple(bad[0])]}, " \
                             f"want {want[tuple(bad[0])]}, tolerance {tol[tuple(bad[0])]}"


@pytest.fixture
def gen():
    g = torch.Generator(device="cuda")
    g.manual_seed(random.randrange(1 << 62))
    return g


# ---- gemv -------------------------------------------------------------------

GEMV_SHAPES = [(1, 1), (7, 3), (33, 65), (257, 129), (1000, 3), (3, 1001), (2049, 1023), (4099, 261)]


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["row", "col"])
@pytest.mark.parametrize("trans", [False, True])
@pytest.mark.parametrize("shape", GEMV_SHAPES)
def test_gemv(gen, dtype, layout, trans, shape):
    m, n = shape
    A = rand((m, n), dtype, gen, layout)
    lx, ly = (m, n) if trans else (n, m)
    x = rand((lx,), dtype, gen)
    y = torch.full((ly,), float("nan"), device="cuda", dtype=tdt(dtype))  # beta = 0 never reads y
    out = matvec.gemv(A, x, y, alpha=1.5, trans=trans)
    assert out is y
    Ad = A.to(torch.float64)
    op = Ad.T if trans else Ad
    want = 1.5 * (op @ x.to(torch.float64))
    torch.cuda.synchronize()
    close(y, want, 1.5 * (op.abs() @ x.to(torch.float64).abs()), dtype, lx)


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("trans", [False, True])
def test_gemv_strided_vectors_and_beta(gen, dtype, trans):
    m, n = 301, 199
    base = rand((m + 5, n + 3), dtype, gen)
    A = base[2:2 + m, 1:1 + n]  # row-major with a leading dimension past n
    lx, ly = (m, n) if trans else (n, m)
    xs = rand((3 * lx,), dtype, gen)
    ys = rand((2 * ly,), dtype, gen)
    x = xs[::3]
    y = ys[::2]
    y0 = y.to(torch.float64).clone()
    gaps = ys[1::2].clone()
    matvec.gemv(A, x, y, alpha=-0.5, beta=0.75, trans=trans)
    op = A.to(torch.float64).T if trans else A.to(torch.float64)
    want = -0.5 * (op @ x.to(torch.float64)) + 0.75 * y0
    torch.cuda.synchronize()
    close(y, want, 0.5 * (op.abs() @ x.to(torch.float64).abs()) + 0.75 * y0.abs(), dtype, lx)
    assert torch.equal(ys[1::2], gaps), "an element between y's was written"


@needs_torch
def test_gemv_negative_strides_cupy(gen):
    cupy = pytest.importorskip("cupy")
    m, n = 123, 77
    A = cupy.asarray(rand((m, n), "float64", gen))
    x = cupy.asarray(rand((n,), "float64", gen))[::-1]  # a negative stride
    y = cupy.full((2 * m,), cupy.nan)[::-2]
    matvec.gemv(A, x, y)
    want = cupy.asnumpy(A) @ cupy.asnumpy(x)
    got = cupy.asnumpy(y)
    assert abs(got - want).max() <= 1e-12 * max(1.0, abs(want).max())


@needs_torch
def test_gemv_new_output_and_empty_shapes(gen):
    A = rand((50, 40), "float32", gen)
    x = rand((40,), "float32", gen)
    y = matvec.gemv(A, x)
    assert isinstance(y, torch.Tensor) and y.shape == (50,) and y.dtype == torch.float32
    torch.cuda.synchronize()
    close(y, A.double() @ x.double(), A.double().abs() @ x.double().abs(), "float32", 40)
    z = matvec.gemv(torch.empty((5, 0), device="cuda"), torch.empty((0,), device="cuda"))
    torch.cuda.synchronize()
    assert torch.equal(z, torch.zeros(5, device="cuda"))


@needs_torch
def test_gemv_on_the_callers_stream(gen):
    A = rand((3001, 2001), "float32", gen)
    x = rand((2001,), "float32", gen)
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        y = matvec.gemv(A, x)
        y2 = matvec.gemv(A, x, stream=s)  # the same stream, given
    s.synchronize()
    want = A.double() @ x.double()
    close(y, want, A.double().abs() @ x.double().abs(), "float32", 2001)
    assert torch.equal(y, y2)


@needs_torch
def test_checked_mode(gen):
    """set_checked / get_checked on this thread's handle: calls give the
    same bits checked and unchecked, including the pointer form, whose
    pointer arrays checked mode inspects."""
    assert matvec.get_checked() == (os.environ.get("MATVEC_CHECKED") == "1")
    A = rand((517, 263), "float64", gen)
    x = rand((517,), "float64", gen)
    As = [rand((17, 33), "float32", gen) for _ in range(5)]  # row-major 17 x 33: column-major 33 x 17
    xs = [rand((17,), "float32", gen) for _ in range(5)]
    results = []
    try:
        for on in (False, True):
            matvec.set_checked(on)
            assert matvec.get_checked() is on
            ys = [torch.full((33,), float("nan"), device="cuda") for _ in range(5)]
            ptrs = [matvec.pointer_array(As), matvec.pointer_array(xs), matvec.pointer_array(ys)]
            matvec.gemv_batched_pointers(*ptrs, 33, 17, dtype="float32")
            torch.cuda.synchronize()
            results.append((matvec.gemv(A, x, trans=True), torch.stack(ys)))
    finally:
        matvec.set_checked(False)
    assert torch.equal(results[0][0], results[1][0])
    assert torch.equal(results[0][1], results[1][1])
    want = A.double().T @ x.double()
    close(results[1][0], want, A.double().abs().T @ x.double().abs(), "float64", 517)
    for b in range(5):
        Ab, xb = As[b].T.double(), xs[b].double()
        close(results[1][1][b], Ab @ xb, Ab.abs() @ xb.abs(), "float32", 17)


@needs_torch
def test_gemv_numba_and_jax_arrays(gen):
    A = rand((130, 70), "float64", gen)
    x = rand((70,), "float64", gen)
    want = A @ x
    numba_cuda = pytest.importorskip("numba.cuda")
    An, xn = numba_cuda.as_cuda_array(A), numba_cuda.as_cuda_array(x)
    yn = matvec.gemv(An, xn)  # a Numba array out, through the CUDA array interface
    torch.cuda.synchronize()
    assert torch.allclose(torch.as_tensor(yn, device="cuda"), want, rtol=1e-12, atol=1e-12)
    jnp = pytest.importorskip("jax.numpy")
    Aj = jnp.asarray(A.float().cpu().numpy())  # float32: JAX's default
    xj = jnp.asarray(x.float().cpu().numpy())
    if Aj.devices().pop().platform != "gpu":
        pytest.skip("JAX has no GPU here")
    Aj.block_until_ready()
    xj.block_until_ready()
    y = torch.full((130,), float("nan"), device="cuda")
    matvec.gemv(Aj, xj, y)  # JAX inputs, a PyTorch output
    torch.cuda.synchronize()
    close(y, want, A.abs() @ x.abs(), "float32", 70)


def jax_gpu():
    """jax.numpy where JAX has a GPU, else the test is skipped."""
    jnp = pytest.importorskip("jax.numpy")
    import jax
    if not any(d.platform == "gpu" for d in jax.devices()):
        pytest.skip("JAX has no GPU here")
    return jnp


def from_jax(a):
    """A JAX result as a float64 PyTorch tensor (through the host)."""
    import numpy
    return torch.as_tensor(numpy.asarray(a), dtype=torch.float64, device="cuda")


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
def test_jax_results(gen, dtype):
    """JAX arrays in, new JAX arrays out: a JAX output argument is read as the
    old value and left as it is."""
    jnp = jax_gpu()
    import jax
    jax.config.update("jax_enable_x64", True)  # float64 arrays stay float64
    m, n, k = 301, 77, 45
    A, B = rand((m, k), dtype, gen), rand((k, n), dtype, gen)
    x, w = rand((k,), dtype, gen), rand((m,), dtype, gen)
    y0, C0 = rand((m,), dtype, gen), rand((m, n), dtype, gen)
    Aj, Bj, xj, wj, y0j, C0j = (jnp.asarray(t.cpu().numpy()) for t in (A, B, x, w, y0, C0))
    Ad, Bd, xd, wd, y0d, C0d = (t.double() for t in (A, B, x, w, y0, C0))
    for v in (Aj, Bj, xj, wj, y0j, C0j):
        v.block_until_ready()

    y = matvec.gemv(Aj, xj, alpha=2.0)
    assert isinstance(y, jax.Array) and y.shape == (m,) and y.dtype == Aj.dtype
    close(from_jax(y + 0), 2.0 * (Ad @ xd), 2.0 * (Ad.abs() @ xd.abs()), dtype, k)  # JAX computes on it
    z = matvec.gemv(Aj, wj, trans=True)
    close(from_jax(z), Ad.T @ wd, Ad.abs().T @ wd.abs(), dtype, m)
    y = matvec.gemv(Aj, xj, y0j, alpha=1.5, beta=-0.5)
    close(from_jax(y), 1.5 * (Ad @ xd) - 0.5 * y0d, 1.5 * (Ad.abs() @ xd.abs()) + 0.5 * y0d.abs(), dtype, k)
    assert torch.equal(from_jax(y0j), y0d), "the JAX y given was written"
    e = matvec.gemv(jnp.zeros((m, 0), dtype=Aj.dtype), jnp.zeros((0,), dtype=Aj.dtype))
    assert torch.equal(from_jax(e), torch.zeros(m, dtype=torch.float64, device="cuda"))

    yn, zn = matvec.gemv_nt(Aj, xj, wj)
    assert isinstance(yn, jax.Array) and isinstance(zn, jax.Array)
    close(from_jax(yn), Ad @ xd, Ad.abs() @ xd.abs(), dtype, k)
    close(from_jax(zn), Ad.T @ wd, Ad.abs().T @ wd.abs(), dtype, m)

    C = matvec.gemm(Aj, Bj)
    assert isinstance(C, jax.Array) and C.shape == (m, n)
    close(from_jax(C), Ad @ Bd, Ad.abs() @ Bd.abs(), dtype, k)
    C = matvec.gemm(Aj, Bj, C0j, alpha=-1.0, beta=2.0)
    close(from_jax(C), -(Ad @ Bd) + 2.0 * C0d, Ad.abs() @ Bd.abs() + 2.0 * C0d.abs(), dtype, k)
    assert torch.equal(from_jax(C0j), C0d), "the JAX C given was written"

    T = matvec.transpose(Aj)
    assert isinstance(T, jax.Array) and T.shape == (k, m)
    assert torch.equal(from_jax(T), Ad.T)
    with pytest.raises(TypeError, match="out: JAX arrays are immutable"):
        matvec.transpose(Aj, out=jnp.zeros((k, m), dtype=Aj.dtype))
    with pytest.raises(ValueError, match="y: has 5 elements"):
        matvec.gemv(Aj, xj, jnp.zeros((5,), dtype=Aj.dtype))
    with pytest.raises(ValueError, match="C: a JAX C of shape"):
        matvec.gemm(Aj, Bj, jnp.zeros((n, m), dtype=Aj.dtype))


# ---- gemv with half-precision matrices (mv_gemv_ex) ----------------------------

HALVES = ["float16", "bfloat16"]
ROUND = {"float16": 2.0**-11, "bfloat16": 2.0**-8, "float32": 2.0**-24}  # one rounding to y's dtype
HALF_SHAPES = [(1, 1), (37, 53), (5, 1000), (1000, 5), (257, 129)]


def close_ex(got, want, bound, ydtype, k):
    """|got - want| within float accumulation of k terms (bound: the sum of
    their magnitudes, and of beta * y's) and one rounding to y's dtype
    (relative, plus float16's subnormal spacing); NaN never passes."""
    got = got.to(torch.float64)
    acc = 4 * (math.sqrt(k) + 2) * 2.0**-24 * bound
    tol = acc + ROUND[ydtype] * (want.abs() + acc) + (2.0**-24 if ydtype == "float16" else 0.0) + 1e-300
    err = (got - want).abs()
    assert not torch.isnan(got).any(), "NaN in the result"
    bad = (err > tol).nonzero()
    assert bad.numel() == 0, f"{bad.shape[0]} elements off, first {bad[0].tolist()}: got {got[tuple(bad[0])]}, " \
                             f"want {want[tuple(bad[0])]}, tolerance {tol[tuple(bad[0])]}"


@needs_torch
@pytest.mark.parametrize("adtype", HALVES)
@pytest.mark.parametrize("xdtype", ["A", "float32"])
@pytest.mark.parametrize("ydtype", ["A", "float32"])
@pytest.mark.parametrize("layout", ["row", "col"])
@pytest.mark.parametrize("trans", [False, True])
@pytest.mark.parametrize("shape", HALF_SHAPES)
def test_gemv_half(gen, adtype, xdtype, ydtype, layout, trans, shape):
    """float16 / bfloat16 A with x and y of A's dtype or float32: strided
    x and y, beta != 0, and a new y (A's dtype) against float64 math on the
    exact inputs."""
    xdtype = adtype if xdtype == "A" else xdtype
    ydtype = adtype if ydtype == "A" else ydtype
    m, n = shape
    A = rand((m, n), adtype, gen, layout)
    lx, ly = (m, n) if trans else (n, m)
    x = rand((2 * lx,), xdtype, gen)[::2]
    ybuf = rand((3 * ly,), ydtype, gen)
    y = ybuf[1::3]
    y0 = y.double().clone()
    gaps = ybuf[0::3].clone()
    assert matvec.gemv(A, x, y, alpha=1.5, beta=-0.75, trans=trans) is y
    op = A.double().T if trans else A.double()
    xd = x.double()
    torch.cuda.synchronize()
    close_ex(y, 1.5 * (op @ xd) - 0.75 * y0, 1.5 * (op.abs() @ xd.abs()) + 0.75 * y0.abs(), ydtype, lx)
    assert torch.equal(ybuf[0::3], gaps), "an element between y's was written"
    y2 = matvec.gemv(A, x, trans=trans)  # a new y, of A's dtype
    assert isinstance(y2, torch.Tensor) and y2.shape == (ly,) and y2.dtype == tdt(adtype)
    torch.cuda.synchronize()
    close_ex(y2, op @ xd, op.abs() @ xd.abs(), adtype, lx)


@needs_torch
@pytest.mark.parametrize("adtype", HALVES)
def test_gemv_half_scalar_rules_and_empty_shapes(gen, adtype):
    m, n = 41, 29
    A = rand((m, n), adtype, gen, "col")
    y = rand((m,), "float32", gen)
    y0 = y.clone()
    xnan = torch.full((n,), float("nan"), device="cuda", dtype=tdt(adtype))
    matvec.gemv(A, xnan, y, alpha=0.0, beta=2.0)  # alpha = 0 reads no x
    torch.cuda.synchronize()
    assert torch.equal(y, 2.0 * y0)
    ynan = torch.full((m,), float("nan"), device="cuda", dtype=tdt(adtype))
    x = rand((n,), adtype, gen)
    matvec.gemv(A, x, ynan)  # beta = 0 reads no y
    torch.cuda.synchronize()
    close_ex(ynan, A.double() @ x.double(), A.double().abs() @ x.double().abs(), adtype, n)
    e = matvec.gemv(torch.empty((5, 0), device="cuda", dtype=tdt(adtype)),
                    torch.empty((0,), device="cuda", dtype=tdt(adtype)))
    torch.cuda.synchronize()
    assert e.dtype == tdt(adtype) and torch.equal(e, torch.zeros(5, device="cuda", dtype=tdt(adtype)))


@needs_torch
@pytest.mark.parametrize("xdtype", ["float16", "float32"])
def test_gemv_half_cupy(gen, xdtype):
    cupy = pytest.importorskip("cupy")
    m, n = 123, 77
    A = cupy.asfortranarray(cupy.asarray(rand((m, n), "float16", gen)))
    x = cupy.asarray(rand((2 * n,), xdtype, gen))[::-2]  # a negative stride
    y = matvec.gemv(A, x, trans=False)
    assert isinstance(y, cupy.ndarray) and y.dtype == cupy.float16
    y32 = cupy.full((m,), cupy.nan, dtype=cupy.float32)
    matvec.gemv(A, x, y32)
    Ad, xd = cupy.asnumpy(A).astype("float64"), cupy.asnumpy(x).astype("float64")
    want = torch.as_tensor(Ad @ xd, device="cuda")
    bound = torch.as_tensor(abs(Ad) @ abs(xd), device="cuda")
    close_ex(torch.as_tensor(cupy.asnumpy(y).astype("float64"), device="cuda"), want, bound, "float16", n)
    close_ex(torch.as_tensor(cupy.asnumpy(y32), device="cuda"), want, bound, "float32", n)


@needs_torch
@pytest.mark.parametrize("adtype", HALVES)
def test_gemv_half_jax(gen, adtype):
    """JAX float16 / bfloat16 arrays through DLPack: a new JAX result of A's
    dtype, and a float32 JAX y read as the old value and left as it is."""
    jnp = jax_gpu()
    import jax
    import numpy
    m, n = 37, 53
    A, x, y0 = rand((m, n), adtype, gen), rand((n,), adtype, gen), rand((m,), "float32", gen)
    Aj = jnp.asarray(A.float().cpu().numpy(), dtype=getattr(jnp, adtype))  # exact: A's values are A's dtype
    xj = jnp.asarray(x.float().cpu().numpy(), dtype=getattr(jnp, adtype))
    y0j = jnp.asarray(y0.cpu().numpy())
    for v in (Aj, xj, y0j):
        v.block_until_ready()

    def back(a):
        return torch.as_tensor(numpy.asarray(a).astype("float64"), device="cuda")

    Ad, xd = A.double(), x.double()
    y = matvec.gemv(Aj, xj)
    assert isinstance(y, jax.Array) and y.dtype == Aj.dtype and y.shape == (m,)
    close_ex(back(y), Ad @ xd, Ad.abs() @ xd.abs(), adtype, n)
    y = matvec.gemv(Aj, xj, y0j, alpha=2.0, beta=-0.5)
    assert isinstance(y, jax.Array) and y.dtype == jnp.float32
    close_ex(back(y), 2.0 * (Ad @ xd) - 0.5 * y0.double(), 2.0 * (Ad.abs() @ xd.abs()) + 0.5 * y0.double().abs(),
             "float32", n)
    assert torch.equal(back(y0j), y0.double()), "the JAX y given was written"


@needs_torch
def test_gemv_half_bad_arguments(gen):
    A16, Abf = rand((6, 4), "float16", gen), rand((6, 4), "bfloat16", gen)
    x16, xbf, x32 = rand((4,), "float16", gen), rand((4,), "bfloat16", gen), rand((4,), "float32", gen)
    with pytest.raises(TypeError, match="x: dtype bfloat16 with A's float16 is not supported"):
        matvec.gemv(A16, xbf)
    with pytest.raises(TypeError, match="x: dtype float64 with A's bfloat16 is not supported"):
        matvec.gemv(Abf, x32.double())
    with pytest.raises(TypeError, match="y: dtype float16 with A's bfloat16 is not supported"):
        matvec.gemv(Abf, xbf, rand((6,), "float16", gen))
    with pytest.raises(TypeError, match="y: dtype float64 with A's float16 is not supported"):
        matvec.gemv(A16, x32, rand((6,), "float64", gen))
    with pytest.raises(TypeError, match="x: dtype float16 differs from A's float64"):
        matvec.gemv(A16.double(), x16)
    with pytest.raises(TypeError, match="x: dtype float16 differs from A's float32"):
        matvec.gemv(A16.float(), x16)
    with pytest.raises(TypeError, match="y: dtype bfloat16 differs from A's float32"):
        matvec.gemv(A16.float(), x32, rand((6,), "bfloat16", gen))
    with pytest.raises(ValueError, match="x: has 6 elements"):
        matvec.gemv(A16, rand((6,), "float16", gen))
    with pytest.raises(ValueError, match="beta: must be 0 when y is None"):
        matvec.gemv(A16, x16, beta=1.0)
    with pytest.raises(TypeError, match="A: dtype .* is not supported"):
        matvec.gemv_nt(A16, x16, rand((6,), "float16", gen))


# ---- gemv_nt ----------------------------------------------------------------

NT_SHAPES = [(1, 1), (7, 3), (257, 129), (1000, 3), (3, 1000), (4099, 261), (50001, 7), (9, 40001)]


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["row", "col"])
@pytest.mark.parametrize("shape", NT_SHAPES)
def test_gemv_nt(gen, dtype, layout, shape):
    m, n = shape
    A = rand((m, n), dtype, gen, layout)
    x, w = rand((n,), dtype, gen), rand((m,), dtype, gen)
    y0, z0 = rand((m,), dtype, gen), rand((n,), dtype, gen)
    y, z = y0.clone(), z0.clone()
    out = matvec.gemv_nt(A, x, w, y, z, alpha=1.5, beta=-0.5, gamma=0.75, delta=2.0)
    assert out[0] is y and out[1] is z
    Ad, xd, wd = A.double(), x.double(), w.double()
    torch.cuda.synchronize()
    close(y, 1.5 * (Ad @ xd) - 0.5 * y0.double(), 1.5 * (Ad.abs() @ xd.abs()) + 0.5 * y0.double().abs(), dtype, n)
    close(z, 0.75 * (Ad.T @ wd) + 2.0 * z0.double(), 0.75 * (Ad.abs().T @ wd.abs()) + 2.0 * z0.double().abs(),
          dtype, m)
    y2, z2 = matvec.gemv_nt(A, x, w)  # new outputs
    torch.cuda.synchronize()
    close(y2, Ad @ xd, Ad.abs() @ xd.abs(), dtype, n)
    close(z2, Ad.T @ wd, Ad.abs().T @ wd.abs(), dtype, m)


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
def test_gemv_nt_strides_and_scalar_rules(gen, dtype):
    m, n = 301, 177
    A = rand((m, n), dtype, gen, "col")
    x, w = rand((2 * n,), dtype, gen)[::2], rand((m,), dtype, gen).flip(0)
    ybuf = torch.full((3 * m,), float("nan"), device="cuda", dtype=tdt(dtype))
    z = torch.full((n,), float("nan"), device="cuda", dtype=tdt(dtype))  # delta = 0 never reads z
    y = ybuf[::3]
    y.copy_(rand((m,), dtype, gen))
    y0 = y.double().clone()
    xnan = torch.full((n,), float("nan"), device="cuda", dtype=tdt(dtype))
    matvec.gemv_nt(A, xnan, w, y, z, alpha=0.0, beta=2.0)  # alpha = 0 never reads x
    torch.cuda.synchronize()
    assert torch.equal(y.double(), 2.0 * y0)
    Ad = A.double()
    close(z, Ad.T @ w.double(), Ad.abs().T @ w.double().abs(), dtype, m)
    assert torch.isnan(ybuf[1::3]).all(), "elements between y's were written"
    y1 = y.clone()
    matvec.gemv_nt(A, x, w, y, z, alpha=0.0, beta=1.0, gamma=-1.0)  # y left alone
    torch.cuda.synchronize()
    assert torch.equal(y, y1)
    close(z, -(Ad.T @ w.double()), Ad.abs().T @ w.double().abs(), dtype, m)


@needs_torch
def test_gemv_nt_bad_arguments(gen):
    A = rand((40, 30), "float32", gen)
    x, w = rand((30,), "float32", gen), rand((40,), "float32", gen)
    buf = torch.zeros(100, device="cuda")
    with pytest.raises(ValueError, match="y, z: overlap"):
        matvec.gemv_nt(A, x, w, buf[:40], buf[30:60])
    with pytest.raises(ValueError, match="z: overlaps x"):
        matvec.gemv_nt(A, x, w, None, x)
    with pytest.raises(ValueError, match="w: has 30 elements"):
        matvec.gemv_nt(A, x, x)
    with pytest.raises(ValueError, match="delta: must be 0 when z is None"):
        matvec.gemv_nt(A, x, w, delta=1.0)
    with pytest.raises(TypeError, match="w: dtype float64"):
        matvec.gemv_nt(A, x, w.double())


# ---- gemv_batched -----------------------------------------------------------

BATCHED_SHAPES = [(7, 13, 5), (1, 33, 65), (0, 13, 5), (5, 1, 17), (6, 19, 1), (3, 1, 1), (4, 257, 129),
                  (3, 1000, 3), (2, 3, 1001)]


def rand_batch(shape, dtype, gen, layout="row"):
    """(batch, m, n) random matrices, each row-major or column-major."""
    if layout == "col":
        b, m, n = shape
        return rand((b, n, m), dtype, gen).transpose(1, 2)
    return rand(shape, dtype, gen)


def batched_want(A, x, y0, alpha, beta, trans):
    """alpha * op(A[b]) @ x[b] + beta * y0[b] in float64, and the sums of the
    terms' magnitudes (x 1-D: one x for every b; y0 None: beta * y0 left
    out)."""
    op = A.double().transpose(1, 2) if trans else A.double()
    xd = x.double()
    prod = op @ xd if xd.dim() == 1 else (op @ xd.unsqueeze(-1)).squeeze(-1)
    mag = op.abs() @ xd.abs() if xd.dim() == 1 else (op.abs() @ xd.abs().unsqueeze(-1)).squeeze(-1)
    want, bound = alpha * prod, abs(alpha) * mag
    if y0 is not None:
        want, bound = want + beta * y0.double(), bound + abs(beta) * y0.double().abs()
    return want, bound


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["row", "col"])
@pytest.mark.parametrize("trans", [False, True])
@pytest.mark.parametrize("shape", BATCHED_SHAPES)
def test_gemv_batched(gen, dtype, layout, trans, shape):
    batch, m, n = shape
    A = rand_batch(shape, dtype, gen, layout)
    lx, ly = (m, n) if trans else (n, m)
    x = rand((batch, lx), dtype, gen)
    y = torch.full((batch, ly), float("nan"), device="cuda", dtype=tdt(dtype))  # beta = 0 never reads y
    out = matvec.gemv_batched(A, x, y, alpha=1.5, trans=trans)
    assert out is y
    want, bound = batched_want(A, x, None, 1.5, 0.0, trans)
    torch.cuda.synchronize()
    close(y, want, bound, dtype, lx)
    y2 = matvec.gemv_batched(A, x, trans=trans)  # a new output
    assert isinstance(y2, torch.Tensor) and y2.shape == (batch, ly) and y2.dtype == tdt(dtype)
    torch.cuda.synchronize()
    close(y2, want / 1.5, bound / 1.5, dtype, lx)


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["row", "col"])
@pytest.mark.parametrize("trans", [False, True])
def test_gemv_batched_shared_x_beta_strided_y(gen, dtype, layout, trans):
    batch, m, n = 5, 301, 199
    base = rand_batch((batch + 2, m + 5, n + 3), dtype, gen, layout)
    A = base[1:1 + batch, 2:2 + m, 1:1 + n]  # leading dimension and batch stride past the matrix
    lx, ly = (m, n) if trans else (n, m)
    x = rand((3 * lx,), dtype, gen)[::3]  # 1-D and strided: one x for every problem
    ybuf = rand((batch, 3, 2 * ly), dtype, gen)
    y = ybuf[:, 1, ::2]  # batch stride 6 * ly, element stride 2
    y0 = y.double().clone()
    rest = ybuf.clone()
    rest[:, 1, ::2] = 0
    assert matvec.gemv_batched(A, x, y, alpha=-0.5, beta=0.75, trans=trans) is y
    want, bound = batched_want(A, x, y0, -0.5, 0.75, trans)
    torch.cuda.synchronize()
    close(y, want, bound, dtype, lx)
    after = ybuf.clone()
    after[:, 1, ::2] = 0
    assert torch.equal(after, rest), "an element of ybuf outside y was written"


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
def test_gemv_batched_broadcasts_and_empty_shapes(gen, dtype):
    batch, m, n = 6, 37, 23
    A1 = rand((m, n), dtype, gen, "col")
    A = A1.expand(batch, m, n)  # batch stride 0: one A for every problem
    x = rand((batch, n), dtype, gen)
    y = matvec.gemv_batched(A, x)
    want, bound = batched_want(A, x, None, 1.0, 0.0, False)
    torch.cuda.synchronize()
    close(y, want, bound, dtype, n)
    A2 = rand_batch((batch, m, n), dtype, gen)
    xb = rand((m,), dtype, gen).expand(batch, m)  # x's batch stride 0
    z = matvec.gemv_batched(A2, xb, trans=True)
    want, bound = batched_want(A2, xb, None, 1.0, 0.0, True)
    torch.cuda.synchronize()
    close(z, want, bound, dtype, m)
    y0 = rand((0, m), dtype, gen)
    assert matvec.gemv_batched(rand_batch((0, m, n), dtype, gen), x[:0], y0, beta=2.0) is y0
    e = matvec.gemv_batched(rand_batch((0, m, n), dtype, gen), x[0])
    assert e.shape == (0, m)
    e = matvec.gemv_batched(torch.empty((4, 5, 0), device="cuda", dtype=tdt(dtype)),
                            torch.empty((4, 0), device="cuda", dtype=tdt(dtype)))
    torch.cuda.synchronize()
    assert torch.equal(e, torch.zeros((4, 5), device="cuda", dtype=tdt(dtype)))
    e = matvec.gemv_batched(torch.empty((4, 0, 5), device="cuda", dtype=tdt(dtype)),
                            torch.empty((5,), device="cuda", dtype=tdt(dtype)))
    assert e.shape == (4, 0)


@needs_torch
def test_gemv_batched_on_the_callers_stream(gen):
    A = rand_batch((16, 301, 201), "float32", gen, "col")
    x = rand((16, 201), "float32", gen)
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        y = matvec.gemv_batched(A, x)
        y2 = matvec.gemv_batched(A, x, stream=s)  # the same stream, given
    s.synchronize()
    want, bound = batched_want(A, x, None, 1.0, 0.0, False)
    close(y, want, bound, "float32", 201)
    assert torch.equal(y, y2)


@needs_torch
def test_gemv_batched_negative_strides_cupy(gen):
    cupy = pytest.importorskip("cupy")
    batch, m, n = 5, 123, 77
    A = cupy.asarray(rand_batch((batch, m, n), "float64", gen))
    x = cupy.asarray(rand((batch, n), "float64", gen))[:, ::-1]  # a negative element stride
    y = cupy.full((batch, 2 * m), cupy.nan)[::-1, ::-2]  # negative batch and element strides
    matvec.gemv_batched(A, x, y)
    want = cupy.asnumpy(A) @ cupy.asnumpy(x)[:, :, None]
    got = cupy.asnumpy(y)
    assert abs(got - want[:, :, 0]).max() <= 1e-12 * max(1.0, abs(want).max())
    with pytest.raises(ValueError, match="A: batch stride -"):
        matvec.gemv_batched(A[::-1], x, y)
    with pytest.raises(ValueError, match="x: batch stride -"):
        matvec.gemv_batched(A, x[::-1], y)


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
def test_gemv_batched_jax(gen, dtype):
    """JAX arrays in, a new JAX array out; a JAX y is read as the old value
    and left as it is."""
    jnp = jax_gpu()
    import jax
    jax.config.update("jax_enable_x64", True)
    batch, m, n = 7, 13, 5
    A, x, y0 = rand_batch((batch, m, n), dtype, gen), rand((batch, n), dtype, gen), rand((batch, m), dtype, gen)
    Aj, xj, y0j = (jnp.asarray(t.cpu().numpy()) for t in (A, x, y0))
    for v in (Aj, xj, y0j):
        v.block_until_ready()
    y = matvec.gemv_batched(Aj, xj)
    assert isinstance(y, jax.Array) and y.shape == (batch, m) and y.dtype == Aj.dtype
    want, bound = batched_want(A, x, None, 1.0, 0.0, False)
    close(from_jax(y), want, bound, dtype, n)
    y = matvec.gemv_batched(Aj, xj, y0j, alpha=2.0, beta=-0.5)
    want, bound = batched_want(A, x, y0, 2.0, -0.5, False)
    close(from_jax(y), want, bound, dtype, n)
    assert torch.equal(from_jax(y0j), y0.double()), "the JAX y given was written"


@needs_torch
def test_gemv_batched_bad_arguments(gen):
    batch, m, n = 7, 6, 4
    A = rand_batch((batch, m, n), "float32", gen)
    x = rand((batch, n), "float32", gen)
    y = rand((batch, m), "float32", gen)
    with pytest.raises(ValueError, match="A: expected a 3-D array"):
        matvec.gemv_batched(A[0], x)
    with pytest.raises(ValueError, match="x: expected a 2-D array .* or a 1-D"):
        matvec.gemv_batched(A, x[None])
    with pytest.raises(ValueError, match="y: expected a 2-D array"):
        matvec.gemv_batched(A, x, y[0])
    with pytest.raises(ValueError, match="x: 8 vectors"):
        matvec.gemv_batched(A, rand((batch + 1, n), "float32", gen))
    with pytest.raises(ValueError, match="y: 6 vectors"):
        matvec.gemv_batched(A, x, y[:-1])
    with pytest.raises(ValueError, match="x: has 4 elements, op\\(A\\[b\\]\\) @ x\\[b\\] needs 6"):
        matvec.gemv_batched(A, x, trans=True)
    with pytest.raises(ValueError, match="y: has 6 elements"):
        matvec.gemv_batched(A, rand((batch, m), "float32", gen), y, trans=True)
    with pytest.raises(TypeError, match="A: dtype .* is not supported"):
        matvec.gemv_batched(A.to(torch.int32), x)
    with pytest.raises(TypeError, match="A: dtype .* is not supported"):
        matvec.gemv_batched(A.half(), x.half())
    with pytest.raises(TypeError, match="x: dtype float64 differs from A's float32"):
        matvec.gemv_batched(A, x.double())
    with pytest.raises(TypeError, match="y: dtype float64 differs from A's float32"):
        matvec.gemv_batched(A, x, y.double())
    with pytest.raises(ValueError, match="beta: must be 0 when y is None"):
        matvec.gemv_batched(A, x, beta=1.0)
    with pytest.raises(ValueError, match="A: strides .* neither column-major"):
        matvec.gemv_batched(rand_batch((batch, m, 2 * n), "float32", gen)[:, :, ::2], x)
    with pytest.raises(ValueError, match="x: stride 0"):
        matvec.gemv_batched(A, torch.zeros((batch, 1), device="cuda").expand(batch, n))
    with pytest.raises(ValueError, match="y: strides .* two problems would write the same element"):
        matvec.gemv_batched(A, x, torch.zeros((1, m), device="cuda").expand(batch, m))
    with pytest.raises(ValueError, match="y: strides .* two problems would write the same element"):
        matvec.gemv_batched(A, x, torch.zeros(batch * m, device="cuda").as_strided((batch, m), (2, 1)))
    with pytest.raises(TypeError, match="stream: expected"):
        matvec.gemv_batched(A, x, stream="default")


# ---- gemv_batched_pointers (the pointer form) --------------------------------

POINTER_SHAPES = [(0, 13, 5), (1, 1, 1), (1, 37, 53), (7, 13, 5), (5, 1, 17), (6, 19, 1), (4, 257, 129),
                  (3, 1000, 3), (2, 3, 1001)]


def no_pointers():
    """The pointer array of a batch of none."""
    return torch.empty((0,), dtype=torch.int64, device="cuda")


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("trans", [False, True])
@pytest.mark.parametrize("shape", POINTER_SHAPES)
def test_gemv_batched_pointers(gen, dtype, trans, shape):
    """Lists of separate column-major matrices (leading dimension past m) and
    strided vectors, against gemv_batched on the stacked problems and the
    float64 results."""
    batch, m, n = shape
    lda = m + 3
    As = [rand((n, lda), dtype, gen).t()[:m] for _ in range(batch)]  # column-major, leading dimension lda
    lx, ly = (m, n) if trans else (n, m)
    xs = [rand((2 * lx,), dtype, gen)[::2] for _ in range(batch)]
    ybufs = [torch.full((3 * ly,), float("nan"), device="cuda", dtype=tdt(dtype)) for _ in range(batch)]
    ys = [b[::3] for b in ybufs]  # beta = 0 never reads y
    ptrs = [matvec.pointer_array(v) if batch else no_pointers() for v in (As, xs, ys)]
    assert all(p.dtype == torch.int64 and p.shape == (batch,) for p in ptrs)
    r = matvec.gemv_batched_pointers(*ptrs, m, n, dtype=dtype, lda=lda, incx=2, incy=3, alpha=1.5, trans=trans)
    assert r is None
    if batch == 0:
        return
    A, x = torch.stack(As), torch.stack(xs)
    want, bound = batched_want(A, x, None, 1.5, 0.0, trans)
    strided = matvec.gemv_batched(A, x, alpha=1.5, trans=trans)
    torch.cuda.synchronize()
    got = torch.stack(ys)
    close(got, want, bound, dtype, lx)
    close(strided, want, bound, dtype, lx)
    for b in ybufs:
        assert torch.isnan(b[1::3]).all() and torch.isnan(b[2::3]).all(), "an element between y's was written"


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("trans", [False, True])
def test_gemv_batched_pointers_beta_negative_increments_and_alpha_zero(gen, dtype, trans):
    batch, m, n = 5, 67, 45
    As = [rand((m, n), dtype, gen, "col") for _ in range(batch)]
    lx, ly = (m, n) if trans else (n, m)
    xbufs = [rand((2 * lx - 1,), dtype, gen) for _ in range(batch)]
    ys = [rand((ly,), dtype, gen) for _ in range(batch)]
    y0 = torch.stack(ys).double()
    Ap, xp, yp = (matvec.pointer_array(v) for v in (As, xbufs, ys))
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):  # another stream, after the one that made the pointer arrays
        matvec.gemv_batched_pointers(Ap, xp, yp, m, n, dtype=tdt(dtype), incx=-2, incy=-1, alpha=-0.5, beta=0.75,
                                     trans=trans)
    s.synchronize()
    # incx = -2: x_b's element i at xbufs[b][(lx - 1 - i) * 2]; incy = -1: y_b reversed.
    x = torch.stack([b[::2].flip(0) for b in xbufs])
    want, bound = batched_want(torch.stack(As), x, y0.flip(1), -0.5, 0.75, trans)
    close(torch.stack(ys).flip(1), want, bound, dtype, lx)
    before = torch.stack(ys).double()
    matvec.gemv_batched_pointers(Ap, xp, yp, m, n, dtype=dtype, alpha=0.0, beta=2.0, trans=trans)
    torch.cuda.synchronize()
    assert torch.equal(torch.stack(ys).double(), 2.0 * before)


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
def test_gemv_batched_pointers_cupy(gen, dtype):
    """Fortran-ordered CuPy arrays and CuPy's uint64 pointer arrays."""
    cupy = pytest.importorskip("cupy")
    batch, m, n = 4, 123, 77
    As = [cupy.asfortranarray(cupy.asarray(rand((m, n), dtype, gen))) for _ in range(batch)]
    xs = [cupy.asarray(rand((m,), dtype, gen)) for _ in range(batch)]
    ys = [cupy.full((n,), cupy.nan, dtype=dtype) for _ in range(batch)]
    Ap, xp, yp = (matvec.pointer_array(v) for v in (As, xs, ys))
    assert isinstance(Ap, cupy.ndarray) and Ap.dtype == cupy.uint64 and Ap.shape == (batch,)
    assert int(Ap[1]) == As[1].data.ptr
    matvec.gemv_batched_pointers(Ap, xp, yp, m, n, dtype=cupy.dtype(dtype), trans=True)
    for A, x, y in zip(As, xs, ys):
        want = cupy.asnumpy(A).T @ cupy.asnumpy(x)
        tol = (1e-4 if dtype == "float32" else 1e-12) * max(1.0, abs(want).max())
        assert abs(cupy.asnumpy(y) - want).max() <= tol


@needs_torch
def test_gemv_batched_pointers_bad_arguments(gen):
    batch, m, n = 4, 6, 5
    As = [rand((m, n), "float32", gen, "col") for _ in range(batch)]
    xs = [rand((n,), "float32", gen) for _ in range(batch)]
    ys = [rand((m,), "float32", gen) for _ in range(batch)]
    Ap, xp, yp = (matvec.pointer_array(v) for v in (As, xs, ys))
    f = matvec.gemv_batched_pointers
    with pytest.raises(TypeError, match="A_ptrs: dtype .* is not supported \\(int64 or uint64\\)"):
        f(Ap.to(torch.int32), xp, yp, m, n, dtype="float32")
    with pytest.raises(TypeError, match="x_ptrs: dtype .* is not supported"):
        f(Ap, xp.double(), yp, m, n, dtype="float32")
    with pytest.raises(ValueError, match="y_ptrs: expected a 1-D array"):
        f(Ap, xp, yp.view(2, 2), m, n, dtype="float32")
    with pytest.raises(ValueError, match="x_ptrs: 3 addresses, A_ptrs has 4"):
        f(Ap, xp[:3], yp, m, n, dtype="float32")
    with pytest.raises(ValueError, match="y_ptrs: 5 addresses, A_ptrs has 4"):
        f(Ap, xp, torch.cat([yp, yp[:1]]), m, n, dtype="float32")
    with pytest.raises(ValueError, match="A_ptrs: stride 2"):
        f(torch.stack([Ap, Ap], 1).reshape(-1)[::2], xp, yp, m, n, dtype="float32")
    with pytest.raises(TypeError, match="A_ptrs: the tensor is on cpu"):
        f(Ap.cpu(), xp, yp, m, n, dtype="float32")
    with pytest.raises(TypeError, match="dtype: float16 is not supported \\(float32 or float64\\)"):
        f(Ap, xp, yp, m, n, dtype=torch.float16)
    with pytest.raises(ValueError, match="lda: 5 must be >= max\\(1, m\\) = 6"):
        f(Ap, xp, yp, m, n, dtype="float32", lda=5)
    with pytest.raises(ValueError, match="n: -1 must be >= 0"):
        f(Ap, xp, yp, m, -1, dtype="float32")
    with pytest.raises(TypeError, match="m: expected an int"):
        f(Ap, xp, yp, 6.0, n, dtype="float32")
    with pytest.raises(ValueError, match="incx: must not be 0"):
        f(Ap, xp, yp, m, n, dtype="float32", incx=0)
    with pytest.raises(TypeError, match="stream: expected"):
        f(Ap, xp, yp, m, n, dtype="float32", stream="default")
    with pytest.raises(ValueError, match="arrays: empty"):
        matvec.pointer_array([])
    with pytest.raises(TypeError, match="arrays\\[0\\]: the tensor is on cpu"):
        matvec.pointer_array([xs[0].cpu()])
    cupy = pytest.importorskip("cupy")
    with pytest.raises(TypeError, match="arrays\\[1\\]: a cupy array, arrays\\[0\\] is a torch array"):
        matvec.pointer_array([xs[0], cupy.asarray(xs[1])])


# ---- gemm -------------------------------------------------------------------


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ta", [False, True])
@pytest.mark.parametrize("tb", [False, True])
@pytest.mark.parametrize("layouts", ["rrr", "ccc", "rcr", "crc", "ccr"])
def test_gemm(gen, dtype, ta, tb, layouts):
    m, n, k = 67, 45, 131
    A = rand((k, m) if ta else (m, k), dtype, gen, "row" if layouts[0] == "r" else "col")
    B = rand((n, k) if tb else (k, n), dtype, gen, "row" if layouts[1] == "r" else "col")
    C = rand((m, n), dtype, gen, "row" if layouts[2] == "r" else "col")
    C0 = C.double().clone()
    out = matvec.gemm(A, B, C, alpha=0.5, beta=-1.25, trans_a=ta, trans_b=tb)
    assert out is C
    opA = A.double().T if ta else A.double()
    opB = B.double().T if tb else B.double()
    torch.cuda.synchronize()
    close(C, 0.5 * opA @ opB - 1.25 * C0, 0.5 * opA.abs() @ opB.abs() + 1.25 * C0.abs(), dtype, k)


@needs_torch
def test_gemm_new_output(gen):
    A, B = rand((30, 20), "float64", gen), rand((20, 10), "float64", gen)
    C = matvec.gemm(A, B)
    torch.cuda.synchronize()
    assert C.shape == (30, 10) and torch.allclose(C, A @ B, rtol=1e-12, atol=1e-12)


# ---- transpose --------------------------------------------------------------


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layouts", ["rr", "cc", "rc", "cr"])
@pytest.mark.parametrize("shape", [(1, 1), (1, 77), (33, 1), (129, 67), (1000, 1001)])
def test_transpose(gen, dtype, layouts, shape):
    m, n = shape
    A = rand((m, n), dtype, gen, "row" if layouts[0] == "r" else "col")
    out = rand((n, m), dtype, gen, "row" if layouts[1] == "r" else "col").fill_(float("nan"))
    matvec.transpose(A, out)
    torch.cuda.synchronize()
    assert torch.equal(out, A.T)
    new = matvec.transpose(A)
    torch.cuda.synchronize()
    assert torch.equal(new, A.T)


@needs_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [1, 2, 31, 64, 257])
def test_transpose_in_place(gen, dtype, n):
    base = rand((n, n + 3), dtype, gen)
    A = base[:, :n]  # a leading dimension past n; the columns past n stay
    want = A.T.clone()
    rest = base[:, n:].clone()
    assert matvec.transpose(A, A) is A
    torch.cuda.synchronize()
    assert torch.equal(A, want) and torch.equal(base[:, n:], rest)


# ---- errors -----------------------------------------------------------------


def test_host_arrays_are_refused():
    numpy = pytest.importorskip("numpy")
    A = numpy.ones((3, 2), dtype=numpy.float32)
    x = numpy.ones(2, dtype=numpy.float32)
    with pytest.raises(TypeError, match="A: the array is in host memory"):
        matvec.gemv(A, x)
    with pytest.raises(TypeError, match="A: expected a GPU array"):
        matvec.gemv([[1.0]], [1.0])
    with pytest.raises(TypeError, match="A: the array is in host memory"):
        matvec.gemv_batched(numpy.ones((2, 3, 2), dtype=numpy.float32), x)
    with pytest.raises(TypeError, match="A: the array is in host memory"):
        matvec.gemv(A.astype(numpy.float16), x.astype(numpy.float16))
    p = numpy.zeros(2, dtype=numpy.uint64)
    with pytest.raises(TypeError, match="A_ptrs: the array is in host memory"):
        matvec.gemv_batched_pointers(p, p, p, 3, 2, dtype="float32")
    with pytest.raises(TypeError, match="dtype: float16 is not supported"):
        matvec.gemv_batched_pointers(p, p, p, 3, 2, dtype=numpy.float16)
    with pytest.raises(TypeError, match="arrays\\[0\\]: the array is in host memory"):
        matvec.pointer_array([A])


@needs_torch
def test_bad_arguments(gen):
    A = rand((6, 4), "float32", gen)
    x = rand((4,), "float32", gen)
    with pytest.raises(TypeError, match="x: dtype float64 differs from A's float32"):
        matvec.gemv(A, x.double())
    with pytest.raises(TypeError, match="A: dtype .* is not supported"):
        matvec.gemv(A.to(torch.int32), x)
    with pytest.raises(TypeError, match="x: dtype float16 differs from A's float32"):
        matvec.gemv(A, x.half())
    with pytest.raises(ValueError, match="x: has 6 elements"):
        matvec.gemv(A, rand((6,), "float32", gen))
    with pytest.raises(ValueError, match="A: expected a 2-D array"):
        matvec.gemv(x, x)
    with pytest.raises(ValueError, match="A: strides .* neither column-major"):
        matvec.gemv(rand((6, 8), "float32", gen)[:, ::2], x)
    with pytest.raises(ValueError, match="x: stride 0"):
        matvec.gemv(A, torch.zeros(1, device="cuda").expand(4))
    with pytest.raises(ValueError, match="beta: must be 0 when y is None"):
        matvec.gemv(A, x, beta=1.0)
    with pytest.raises(ValueError, match="B: op\\(B\\) has"):
        matvec.gemm(A, A)
    with pytest.raises(ValueError, match="out: shape"):
        matvec.transpose(A, rand((6, 4), "float32", gen))
    with pytest.raises(TypeError, match="stream: expected"):
        matvec.gemv(A, x, stream="default")
    if matvec.device_count() > 1:
        with pytest.raises(ValueError, match="x: the array is on GPU 1"):
            matvec.gemv(A, x.to("cuda:1"))


@needs_torch
def test_library_errors_carry_its_message(gen):
    base = rand((5, 4), "float32", gen)
    A, out = base[:4], base[1:]  # 4 x 4 views that overlap, not the same view
    with pytest.raises(matvec.Error, match="B overlaps A") as e:
        matvec.transpose(A, out)
    assert e.value.status > 0


# ---- threads ----------------------------------------------------------------


@needs_torch
def test_threads_have_their_own_handles_and_streams(gen):
    """Eight threads, each on its own PyTorch stream, call gemv at once:
    every result is right, and each thread made its own handle."""
    import threading

    A = rand((1537, 771), "float32", gen)
    xs = [rand((771,), "float32", gen) for _ in range(8)]
    want = [A.double() @ x.double() for x in xs]
    bound = [A.double().abs() @ x.double().abs() for x in xs]
    torch.cuda.synchronize()
    ys, handles, errors = [None] * 8, [None] * 8, []

    def work(i):
        try:
            s = torch.cuda.Stream()
            with torch.cuda.stream(s):
                for _ in range(20):
                    ys[i] = matvec.gemv(A, xs[i])
            s.synchronize()
            handles[i] = matvec._handle()  # kept: a freed handle's address may come again
        except Exception as e:  # reported below, in the test's thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len({h.addr for h in handles}) == 8
    for y, w, b in zip(ys, want, bound):
        close(y, w, b, "float32", 771)
