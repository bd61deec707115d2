"""The Python package against PyTorch's float64 results: every function,
both layouts, both operations, odd shapes and strides, each framework's
arrays (PyTorch, CuPy, Numba, JAX), the caller's stream, and the errors.
GPU tests are skipped, with the reason shown, where no GPU is present."""

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


@needs_torch
def test_bad_arguments(gen):
    A = rand((6, 4), "float32", gen)
    x = rand((4,), "float32", gen)
    with pytest.raises(TypeError, match="x: dtype float64 differs from A's float32"):
        matvec.gemv(A, x.double())
    with pytest.raises(TypeError, match="A: dtype .* is not supported"):
        matvec.gemv(A.to(torch.int32), x)
    with pytest.raises(TypeError, match="A: dtype .* is not supported"):
        matvec.gemv(A.half(), x.half())
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
            handles[i] = matvec._handle().addr
        except Exception as e:  # reported below, in the test's thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len(set(handles)) == 8
    for y, w, b in zip(ys, want, bound):
        close(y, w, b, "float32", 771)
