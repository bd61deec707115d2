#!/usr/bin/env python3
"""Lab: where the IHT example's time goes (docs/notes-python.md, "IHT gap").
Per iteration, events between its stages, for PyTorch's products and for
matvec's; then each product alone, back to back, in a loop.

    PYTHONPATH=<build>/python python3 exp/iht-parts.py [m n k iterations]
"""
import statistics
import sys

import torch

import matvec


def stage_times(Phi, y, k, iterations, stages):
    """stages: list of (name, fn(x, r, g)); events around each; median ms."""
    n = Phi.shape[1]
    x = torch.zeros(n, device="cuda")
    r = torch.empty_like(y)
    g = torch.empty(n, device="cuda")
    ev = [[torch.cuda.Event(enable_timing=True) for _ in range(len(stages) + 1)] for _ in range(iterations)]
    for it in range(iterations):
        ev[it][0].record()
        for s, (_, fn) in enumerate(stages):
            fn(x, r, g)
            ev[it][s + 1].record()
    torch.cuda.synchronize()
    out = {}
    for s, (name, _) in enumerate(stages):
        out[name] = statistics.median(ev[it][s].elapsed_time(ev[it][s + 1]) for it in range(2, iterations))
    out["total"] = statistics.median(ev[it][0].elapsed_time(ev[it][-1]) for it in range(2, iterations))
    return out


def loop_time(fn, reps=50):
    fn()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record()
    for _ in range(reps):
        fn()
    b.record()
    b.synchronize()
    return a.elapsed_time(b) / reps


def main():
    m, n, k, iterations = (int(a) for a in sys.argv[1:5]) if len(sys.argv) > 4 else (5000, 15001, 150, 50)
    gen = torch.Generator(device="cuda").manual_seed(7)
    Phi = torch.randn(m, n, device="cuda", generator=gen) / m**0.5
    x_true = torch.zeros(n, device="cuda")
    x_true[torch.randperm(n, device="cuda", generator=gen)[:k]] = torch.randn(k, device="cuda", generator=gen)
    y = Phi @ x_true

    def threshold_example(x, r, g):  # as examples/iht.py: zero the n - k smallest
        x.add_(g)
        x[torch.topk(x.abs(), n - k, largest=False).indices] = 0

    def threshold_scatter(x, r, g):  # keep the k largest: gather, zero, scatter
        x.add_(g)
        idx = torch.topk(x.abs(), k).indices
        v = x.gather(0, idx)
        x.zero_()
        x.scatter_(0, idx, v)

    import time
    for tname, threshold in (("example's threshold", threshold_example), ("scatter threshold", threshold_scatter)):
      print(f"== {tname}")
      torch_stages = [("r = y - Phi x", lambda x, r, g: torch.sub(y, Phi @ x, out=r)),
                    ("g = Phi^T r", lambda x, r, g: torch.mv(Phi.T, r, out=g)),
                    ("threshold", threshold)]
      matvec_stages = [("r = y", lambda x, r, g: r.copy_(y)),
                     ("r -= Phi x", lambda x, r, g: matvec.gemv(Phi, x, r, alpha=-1.0, beta=1.0)),
                     ("g = Phi^T r", lambda x, r, g: matvec.gemv(Phi, r, g, trans=True)),
                     ("threshold", threshold)]
      print(f"Phi {m} x {n} float32, {torch.cuda.get_device_name()}; median ms per stage over {iterations} iterations")
      for _ in range(2):
        for name, st in (("torch", torch_stages), ("matvec", matvec_stages)):
            t = stage_times(Phi, y, k, iterations, st)
            print(f"  {name:7s} " + "  ".join(f"{s}: {v:.4f}" for s, v in t.items()))
      # Host time per iteration with no events: where it equals the GPU's,
      # the host never got ahead (a synchronization in the loop).
      for name, st in (("torch", torch_stages), ("matvec", matvec_stages)):
        xx, rr, gg = torch.zeros(n, device="cuda"), torch.empty_like(y), torch.empty(n, device="cuda")
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(iterations):
            for _, fn in st:
                fn(xx, rr, gg)
        t1 = time.perf_counter()
        torch.cuda.synchronize()
        t2 = time.perf_counter()
        print(f"  {name:7s} host enqueue {1e3 * (t1 - t0) / iterations:.4f} ms/iteration, "
              f"to completion {1e3 * (t2 - t0) / iterations:.4f}")
    x = torch.randn(n, device="cuda")
    r = torch.randn(m, device="cuda")
    o_m, o_n = torch.empty(m, device="cuda"), torch.empty(n, device="cuda")
    print("each product alone, 50 back to back (ms per call):")
    for _ in range(2):
        print(f"  torch  Phi x {loop_time(lambda: torch.mv(Phi, x, out=o_m)):.4f}  "
              f"Phi^T r {loop_time(lambda: torch.mv(Phi.T, r, out=o_n)):.4f}   "
              f"matvec Phi x {loop_time(lambda: matvec.gemv(Phi, x, o_m)):.4f}  "
              f"Phi^T r {loop_time(lambda: matvec.gemv(Phi, r, o_n, trans=True)):.4f}")
    print("the two products in turn, 50 pairs (ms per pair):")
    for _ in range(2):
        tp = loop_time(lambda: (torch.mv(Phi, x, out=o_m), torch.mv(Phi.T, r, out=o_n)))
        mp = loop_time(lambda: (matvec.gemv(Phi, x, o_m), matvec.gemv(Phi, r, o_n, trans=True)))
        print(f"  torch {tp:.4f}   matvec {mp:.4f}")


if __name__ == "__main__":
    main()
