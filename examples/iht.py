#!/usr/bin/env python3
"""Compressed sensing with matvec: iterative hard thresholding (IHT) recovers
a k-sparse vector x* of length n from m < n measurements y = Phi @ x*.

Each iteration is one product with Phi and one with Phi.T (the two GEMVs
that take nearly all of its time), a step and a hard threshold:

    r = y - Phi @ x            (matvec.gemv, op N, beta = 1 on a copy of y)
    g = Phi.T @ r              (matvec.gemv, op T)
    x = H_k(x + mu * g)        (keep the k largest entries)

The same loop runs with PyTorch's products (Phi @ x, Phi.T @ r) and with
matvec's, on the same data; it prints both times per iteration and the
relative recovery error of each.

    python3 examples/iht.py [m n k iterations]     (needs PyTorch and a GPU)
"""
import sys

import torch

import matvec


def iht(Phi, y, k, iterations, mu, products):
    """IHT from x = 0; products(x, r, g) computes r = y - Phi @ x and
    g = Phi.T @ r in place. Returns x and the time per iteration in ms."""
    n = Phi.shape[1]
    x = torch.zeros(n, device=Phi.device, dtype=Phi.dtype)
    r = torch.empty_like(y)
    g = torch.empty(n, device=Phi.device, dtype=Phi.dtype)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for it in range(iterations + 1):
        if it == 1:  # the first iteration warms up
            start.record()
        products(x, r, g)
        x.add_(g, alpha=mu)
        # H_k: keep the k largest entries (gather, zero, scatter: nothing
        # here waits for the GPU, so the host queues work ahead of it).
        keep = torch.topk(x.abs(), k).indices
        kept = x.gather(0, keep)
        x.zero_()
        x.scatter_(0, keep, kept)
    end.record()
    end.synchronize()
    return x, start.elapsed_time(end) / iterations


def main():
    m, n, k, iterations = (int(a) for a in sys.argv[1:5]) if len(sys.argv) > 4 else (5000, 15001, 150, 50)
    gen = torch.Generator(device="cuda").manual_seed(7)
    Phi = torch.randn(m, n, device="cuda", generator=gen) / m**0.5  # row-major float32
    x_true = torch.zeros(n, device="cuda")
    support = torch.randperm(n, device="cuda", generator=gen)[:k]
    x_true[support] = torch.randn(k, device="cuda", generator=gen)
    y = Phi @ x_true
    mu = 1.0  # Phi's columns have unit norm on average

    def with_torch(x, r, g):
        torch.sub(y, Phi @ x, out=r)
        torch.mv(Phi.T, r, out=g)

    def with_matvec(x, r, g):
        r.copy_(y)
        matvec.gemv(Phi, x, r, alpha=-1.0, beta=1.0)
        matvec.gemv(Phi, r, g, trans=True)

    print(f"IHT: Phi {m} x {n} float32 ({Phi.numel() * 4 / 2**20:.0f} MiB), k = {k}, {iterations} iterations, "
          f"{torch.cuda.get_device_name()}")
    best = {}
    for _ in range(2):  # each twice, alternating; the better run of each is shown
        for name, products in (("torch", with_torch), ("matvec", with_matvec)):
            x, ms = iht(Phi, y, k, iterations, mu, products)
            err = (torch.linalg.vector_norm(x - x_true) / torch.linalg.vector_norm(x_true)).item()
            best[name] = min(best.get(name, (ms, err)), (ms, err))
    for name, (ms, err) in best.items():
        print(f"  {name:7s} {ms:8.3f} ms per iteration   relative error {err:.2e}")


if __name__ == "__main__":
    main()
