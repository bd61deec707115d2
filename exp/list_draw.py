"""Shared by the exp/*-list.py generators: op N shapes drawn as mvbench
random draws them (m, n log-uniform in [8, 2^20], a quarter with an odd lda,
A of 100 KiB to 64 MiB unless max_bytes says), kept where a lab rule changes exp/plan-model.py's
plan, PER of each tag, printed as knob-run lines (dtype op m n lda tag)."""
import importlib.util, math, random, sys
import os

_spec = importlib.util.spec_from_file_location('pm', os.path.join(os.path.dirname(__file__), 'plan-model.py'))
pm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pm)


def draw(seed, per, tags, tag_of, odd_lda=lambda m: m + (0 if m % 2 else 1), max_bytes=64 << 20, ops='N'):
    """tag_of(dt, m, n, lda, nbytes[, op]) -> a tag of tags, or None to
    skip; with ops of more than 'N', op is drawn too and passed."""
    rng = random.Random(seed)
    got = {t: [] for t in tags}
    tries = 0
    while any(len(v) < per for v in got.values()) and tries < 3_000_000:
        tries += 1
        dt = rng.choice((4, 8))
        m = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
        n = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
        lda = odd_lda(m) if rng.random() < 0.25 else m
        nbytes = lda * n * dt
        if nbytes < 100 << 10 or nbytes >= max_bytes:
            continue
        op = rng.choice(ops) if ops != 'N' else 'N'
        tag = tag_of(dt, m, n, lda, nbytes, op) if ops != 'N' else tag_of(dt, m, n, lda, nbytes)
        if tag in got and len(got[tag]) < per:
            got[tag].append(f"{'s' if dt == 4 else 'd'} {op} {m} {n} {lda} {tag}")
    emit(got, seed, tries)


def emit(got, seed, tries):
    """The lists' lines by tag, each tag's by A's elements; a summary line
    on stderr."""
    for t in got:
        for line in sorted(got[t], key=lambda l: int(l.split()[2]) * int(l.split()[3])):
            print(line)
    print(f"# seed {seed}, {tries} draws, " + ", ".join(f"{t} {len(v)}" for t, v in got.items()), file=sys.stderr)


def changed(dt, m, n, lda, flag, off, on, op='N'):
    """Both plans of the shape with plan-model's flag at off and at on, or
    None where they are the same or either is a skinny kernel's. Leaves the
    flag at off (the earlier lists were drawn so; plan_with restores)."""
    setattr(pm, flag, off)
    a = pm.plan(dt, op, m, n, lda)
    setattr(pm, flag, on)
    b = pm.plan(dt, op, m, n, lda)
    setattr(pm, flag, off)
    if a['skinny'] or b['skinny'] or (a['blocks'], a.get('TX')) == (b['blocks'], b.get('TX')):
        return None
    return a, b


def plan_with(dt, op, m, n, lda, **flags):
    """plan-model's plan of the shape with some of its flags set for this
    call only, e.g. plan_with(8, 'T', m, n, lda, C4_MIN=15)."""
    old = {k: getattr(pm, k) for k in flags}
    for k, v in flags.items():
        setattr(pm, k, v)
    try:
        return pm.plan(dt, op, m, n, lda)
    finally:
        for k, v in old.items():
            setattr(pm, k, v)


def exp_module(name):
    """Another exp/ script (a name with dashes, so not importable) loaded as
    a module, e.g. exp_module('warpmany-list')."""
    spec = importlib.util.spec_from_file_location(name.replace('-', '_'), os.path.join(os.path.dirname(__file__), name + '.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
