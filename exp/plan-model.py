#!/usr/bin/env python3
# A host model of the default GEMV dispatch's tiled paths (gemv_fast.cu:
# launch_n and launch_t, for an H100: 132 SMs, blocks per SM from the
# kernels' registers, tests/check-kernel-resources.sh), unit increments,
# the handle's 8 MiB split workspace and 16384 counters. The skinny kernels
# (gemv_skinny.cu) are flagged, not modelled. Kept beside the source by
# hand: check a changed rule here before measuring it.
#   exp/plan-model.py s|d N|T m n [lda] [A_offset_elements]
#   import: plan(dtype, op, m, n, lda, off) -> dict
import math, sys

SMS = 132
WS_BYTES, COUNTERS = 8 << 20, 16384
K_THREADS, K_UNROLL = 256, 8
PIPE_N = True  # tiled-n's pipelined instance (entry 63)
PIPE_T = True  # double tiled-t's pipelined instance (entry 64)
WIDE_N = True  # tiled-n's tiles doubled into the pipelined window (entry 65)
WIDE_N_LOW = True  # entry 96 (lab MV_LAB_WLOW): the doubled tiles taken wherever they make one wave at three an SM
THIN_2W = False  # thin-n-wide over two waves too (before entry 66)
HALF_N = True  # split plans whose halved tiles need no split and land in the window (entry 68)
SHORT_N = True  # entry 69: halved or quartered tiles, one wave in the window or a full plain wave
FULL_QP = True  # entry 69: quartered tiles into a full plain wave too
SCALAR_WIDE = True  # entry 71: thin-n-wide by scalar loads for columns off 16 bytes
FEWER_N = 45  # entry 73 (lab MV_LAB_FEWER=pct): shorter tiles unsplit from pct% of the split plan's blocks, one wave
SAME_N = True  # entry 72 (lab MV_LAB_SAME): split plans take halved or quartered tiles that make the same blocks unsplit
NTX_UP = 0  # lab MV_LAB_NTXUP=k (entry 74): split plans left split take tiles 2^k as tall, re-split
FLATN_HALF = True  # entry 75 (lab MV_LAB_FNS=2): float flat-n from three loops on half its wave under 32 MiB
UNSPLIT_FLIGHT = True  # entry 76: from 64 MiB, split plans whose tiles alone keep 25 KB an SM in flight unsplit
FLIGHT_KB = 25  # lab MV_LAB_FLIGHT (entry 79): the unsplit rule's KB an SM in flight
SPAN = 3  # entry 78: tiled-n's split spans in whole rounds where a block saves a round or runs at most two (lab MV_LAB_SPAN 1: always, 2: tiled-t's too)
NHALF = 0  # lab MV_LAB_NHALF (entry 76): split tiled-n plans left split on half their wave (2: tiled-n-shift's too)
NTX = 0  # the lab knob MV_LAB_NTX (entry 68): tiled-n's log_tx moved by NTX, kept in 1..6
PARTS4 = 0  # lab (1 double, 2 both): the four-per-SM plan's parts counted in rounds of four
# blocks per SM of each kernel (256 threads; thin_n_wide 512 threads, one)
BPS = {'tiled_n': 4, 'tiled_n_pipe': 3, 'tiled_t_pipe': 3, 'tiled_n_shift': 3, 'thin_n': 4, 'thin_n_wide': 1,
       'tiled_t': 4, 'tiled_t_pred': 3, 'cols4_vec': {4: 4, 2: 3}, 'cols4_shift': {4: 4, 2: 3},
       'cols4_scalar': 4, 'flat_n': {4: 3, 8: 2}}


def log2_ceil(v):
    l = 0
    while (1 << l) < v:
        l += 1
    return l


def cdiv(a, b):
    return (a + b - 1) // b


def split_into(s, tiles, length, len_y, align, elem, fin):
    W = 16 // elem
    stride = cdiv(len_y, W) * W
    if tiles > COUNTERS:
        return 1, length
    s = min(s, WS_BYTES // elem // stride, 64 * fin)
    if s < 2:
        return 1, length
    span = cdiv(cdiv(length, s), align) * align
    return cdiv(length, span), span


def plan_split(want, tiles, length, len_y, min_span, align, elem, fin, pol=(3, 2), whole=False):
    if tiles >= want or tiles > COUNTERS:
        return 1, length
    rounds = length // min_span
    if rounds <= pol[0]:
        return 1, length
    if whole is True:  # lab MV_LAB_SPAN (entry 78): spans of whole rounds, the fewest splits for that many
        s = min(want // tiles, cdiv(length, min_span) // pol[1])
        r = cdiv(length, s * min_span)
        return split_into(cdiv(length, r * min_span), tiles, length, len_y, min_span, elem, fin)
    s = min(want // tiles, rounds // pol[1])
    sp = split_into(s, tiles, length, len_y, align, elem, fin)
    if whole != 'rule' or sp[0] < 2:
        return sp
    # entry 78's rule (tiled-n): whole rounds where they save a block a round or it runs at most two
    ws = min(want // tiles, cdiv(length, min_span) // pol[1])
    r = cdiv(length, ws * min_span)
    w = split_into(cdiv(length, r * min_span), tiles, length, len_y, min_span, elem, fin)
    r_old, r_new = cdiv(sp[1], min_span), cdiv(w[1], min_span)
    return w if w[0] > 1 and (r_new <= 2 or r_new < r_old) else sp


def wave_splits(blocks, wave, max_splits):
    if blocks <= 0 or wave <= 0 or blocks >= wave or max_splits <= 1:
        return 1
    last = min(max_splits, 4 * wave // blocks)
    fill = lambda s: blocks * s / (cdiv(blocks * s, wave) * wave)
    best = max(fill(s) for s in range(1, last + 1))
    for s in range(1, last + 1):
        if fill(s) >= 0.98 * best:
            return s
    return 1


WARP_COLS = True  # launch_t: P = 32 where enough is in flight (notes-gemv 37)
WARP_COLS_BYTES = 80 << 10
LOWPER = True  # launch_t: warp columns also at half WARP_COLS_BYTES where the other plan loops over one-round columns (notes-gemv 38)
WARPMANY = 1  # launch_t (entry 89): warp columns for plans of more than four waves, nvec >= 32 R K_UNROLL (R = 1; lab MV_LAB_WARPMANY=R)
WARPMANY_FILL = 0.63  # launch_t's kWarpManyFill: ... where the warp blocks fill their last wave of four an SM this much (0: the lab, no fill test)
WHOLEBOUND = True  # launch_t (entry 94): no warp columns past four waves where the base is P = 256 in whole rounds (aligned columns)
WARPSPLIT = 0  # lab MV_LAB_WARPSPLIT=k (entry 89): those warp columns' rows cut into parts (k rounds a lane each at least) that fill waves best
NOCOLS4 = False  # lab MV_LAB_NOCOLS4 (entry 89): never cols4
C4_MIN = 0  # lab MV_LAB_C4=t (entry 98): cols4 from t/10 blocks an SM (one wave or less) too
C4_XKB = 64  # lab MV_LAB_C4X (entry 98): cols4 only where x is over this many KB
C4_FILL = 0  # lab MV_LAB_C4F=pct (entry 98's next): cols4 where its blocks fill pct% of one wave or more
BALANCE = False  # notes-gemv entry 36 (rejected): op N split to ~12 blocks per SM


def balance_splits(tiles, nbytes, max_splits, partial_bytes):
    x1 = tiles / SMS
    if tiles <= 0 or x1 >= 12:
        return 1
    s = min(math.ceil(12 / x1), max_splits)
    if s < 2:
        return 1
    gain = nbytes / 3.0e6 * 0.5 * (1 / x1 - 1 / (x1 * s))
    return s if gain > 1.5 + 2 * s * partial_bytes / 3.0e6 else 1


def skinny(dt, op, m, n, lda, vec):
    W = 16 // dt
    if vec:
        g = lda // W
        if 0 < m <= 32 * W and m % W == 0:
            g = 1 << (m // W - 1).bit_length()  # short-t, short-n: any whole vectors (entries 57-58)
        # op N with idle lanes only below G = 32 (entry 58)
        if m % W == 0 and g <= 32 and g & (g - 1) == 0 and not (op == 'N' and g == 32 and m != g * W):
            return 'short'
        if n <= 64 and (op == 'N' or m * dt >= 48 * 1024):
            if op == 'T' or cdiv(m, 256 * W) >= SMS * 4:
                return 'tall'
        return None
    if op == 'T':
        flat = lda >= W and lda <= 128 * W and cdiv(m, W) <= 128 and not (lda - m >= W and 8 * lda > 9 * m)
        fb = cdiv(n, (256 * 8 * W - (W - 1)) // lda) if flat else 0
        if flat and (4 * fb >= 5 * SMS * 4 if cdiv(m, W) <= 64 else fb >= 8 * SMS * 4):
            return 'flat_t'  # columns of 65-128 vectors from 8 waves (entry 68)
        # scalar-t (entry 53): m <= 256, its grid at 0.5-2.5 waves (six float,
        # three double blocks of 256 threads a SM)
        if m <= 256:
            p = 1
            while 8 * p < m:
                p *= 2
            blocks, want = cdiv(n, 2 * (256 // p)), SMS * (6 if dt == 4 else 3)
            if want <= 2 * blocks <= 5 * want:
                return 'scalar_t'
        # tall-t from 48 KB of x (entry 43; 65536 rows before)
        return 'tall_shift' if n <= 64 and m * dt >= 48 * 1024 else None
    if lda >= W and not (lda - m >= W and 8 * lda > 9 * m) and lda <= 32 * W:
        return 'flat_n'
    # tall-n-shift (863ca28) where its tiles of 255 x V rows make a wave
    # (three blocks a SM); shifted tall-t above
    if n <= 64 and op == 'N' and cdiv(m, 255 * W) >= SMS * 3:
        return 'tall_n_shift'
    return None


def plan_n(dt, m, n, lda, vec):
    V = 16 // dt
    want = SMS * 4
    nbytes = m * n * dt
    tiles4, tiles2, tiles1, tiles8 = cdiv(m, 4 * V), cdiv(m, 2 * V), cdiv(m, V), cdiv(m, 8 * V)
    if SCALAR_WIDE and not vec and cdiv(m, 64 * V) < want and 8 << 20 < nbytes <= 48 << 20:
        most = lambda t: 7 * SMS <= 10 * t <= 10 * SMS  # entry 71: 7/10 of the SMs to all
        if most(tiles8):
            return dict(kernel='thin_n_wide8s', blocks=tiles8, bps=1, splits=1)
        if most(tiles4) and n <= 8192:
            return dict(kernel='thin_n_wide4s', blocks=tiles4, bps=1, splits=1)
    if vec:
        would_split = cdiv(m, 64 * V) < want
        whole = lambda t: SMS - SMS // 8 <= t <= SMS * (2 if THIN_2W else 1)  # entry 66: one wave
        MB = 1 << 20
        if would_split and 8 * MB < nbytes <= 128 * MB:
            if whole(tiles8):
                return dict(kernel='thin_n_wide8', blocks=tiles8, bps=1, splits=1)
            if whole(tiles4) and n <= 8192:
                return dict(kernel='thin_n_wide4', blocks=tiles4, bps=1, splits=1)
        if would_split and nbytes > 8 * MB:
            if (128 <= tiles4 <= 2 * want and nbytes <= 16 * MB) or (256 <= tiles4 <= want and nbytes <= 32 * MB):
                return dict(kernel='thin_n4', blocks=tiles4, bps=4, splits=1)
        elif would_split and nbytes > 32768:
            if 64 <= tiles2 <= 2 * want:
                return dict(kernel='thin_n2', blocks=tiles2, bps=4, splits=1)
            if 64 <= tiles1 <= 2 * want and nbytes <= 4 * MB:
                return dict(kernel='thin_n1', blocks=tiles1, bps=4, splits=1)
    tiny = nbytes <= 32768
    tiles64 = cdiv(m, 64 * V)

    def plan(shift, log_tx, bpw):
        rpt = ((1 << log_tx) - (1 if shift else 0)) * V
        tiles = cdiv(m, rpt)
        ty = K_THREADS >> log_tx
        pol = (1 << 40, 1) if tiny else (1, 1)
        s, span = plan_split(bpw, tiles, n, m, ty * 4, 4, dt, K_THREADS // (V << log_tx), pol, 'rule' if SPAN == 3 else SPAN >= 1)
        return dict(shift=shift, log_tx=log_tx, tiles=tiles, want=bpw, splits=s, span=span)

    ltx = lambda groups, cap: min(log2_ceil(groups), cap)
    vecs = cdiv(m, V)
    p = plan(False, ltx(vecs, 6 if n < 256 or tiles64 >= 2 * want else (4 if vec else 5)), want)
    if not vec:
        ws = SMS * 3
        cap = 6 if n < 256 or tiles64 >= 2 * ws else 5
        q = plan(True, ltx(vecs + 1, cap), ws)
        filled = lambda r: r['tiles'] * r['splits'] if r['tiles'] * r['splits'] <= r['want'] else (r['tiles'] * r['splits']) % r['want']
        if q['log_tx'] == 5 and vecs + 1 > 32:
            wide = plan(True, 6, ws)
            if filled(wide) > filled(q):
                q = wide
        rounds = cdiv(q['span'], 4 * (K_THREADS >> q['log_tx']))
        if q['splits'] > 1 and rounds >= 8:
            p = q
    if BALANCE and p['splits'] == 1 and not tiny:
        s = balance_splits(p['tiles'], nbytes, n // ((K_THREADS >> p['log_tx']) * 4), cdiv(m, V) * V * dt)
        if s > 1:
            p['splits'], p['span'] = split_into(s, p['tiles'], n, m, 4, dt, K_THREADS // (V << p['log_tx']))
    if WIDE_N and not p['shift'] and p['splits'] == 1 and p['tiles'] > want and p['log_tx'] < 6:
        q = plan(False, p['log_tx'] + 1, want)  # notes-gemv entry 65: tiles doubled into the window
        if in_pipe_window(q['tiles'] * q['splits']) or (WIDE_N_LOW and q['tiles'] * q['splits'] <= SMS * 3):
            p = q
    if HALF_N and not SHORT_N and not p['shift'] and p['splits'] > 1 and p['log_tx'] > 3 and nbytes < 64 << 20:
        q = plan(False, p['log_tx'] - 1, want)  # entry 68: halved tiles, no split, in the window
        if q['splits'] == 1 and in_pipe_window(q['tiles']):
            p = q
    if SHORT_N and not p['shift'] and p['splits'] > 1 and nbytes < 64 << 20:
        for k in (1, 2):  # entry 69: halved, then quartered tiles, no split, one wave
            if p['log_tx'] - k < 3:
                break
            q = plan(False, p['log_tx'] - k, want)
            full = (k == 1 or FULL_QP) and 20 * q['tiles'] >= 19 * want and q['tiles'] <= want
            if q['splits'] == 1 and (in_pipe_window(q['tiles']) or full):
                p = q
                p['short'] = k
                break
    if SAME_N and not p['shift'] and p['splits'] > 1 and nbytes < 64 << 20:
        blocks = p['tiles'] * p['splits']
        for k in (1, 2):  # entry 72: the same grid (19/20 of its blocks to all) with no split
            if p['log_tx'] - k < 3:
                break
            q = plan(False, p['log_tx'] - k, want)
            if q['splits'] == 1 and 20 * q['tiles'] >= 19 * blocks and q['tiles'] <= blocks:
                p = q
                p['short'] = 2 + k
                break
    if FEWER_N and not p['shift'] and p['splits'] > 1 and nbytes < 64 << 20:
        blocks = p['tiles'] * p['splits']
        for k in (1, 2):  # lab of entry 73: unsplit shorter tiles, from FEWER_N% of the blocks, one wave
            if p['log_tx'] - k < 3:
                break
            q = plan(False, p['log_tx'] - k, want)
            if q['splits'] == 1 and q['tiles'] <= want and 100 * q['tiles'] >= FEWER_N * blocks:
                p = q
                p['short'] = 4 + k
                break
    if UNSPLIT_FLIGHT and not p['shift'] and p['splits'] > 1 and nbytes >= 64 << 20 \
            and p['tiles'] * K_THREADS * 64 >= FLIGHT_KB * 1024 * SMS:
        q = plan(False, p['log_tx'], p['tiles'])  # entry 76: the same tiles, no split
        if q['splits'] == 1:
            p = q
            p['short'] = 7
    if NTX_UP and not p['shift'] and p['splits'] > 1 and p['log_tx'] + NTX_UP <= 6:
        p = plan(False, p['log_tx'] + NTX_UP, want)
    if NHALF and p['splits'] > 1 and (not p['shift'] or NHALF > 1):
        p = plan(p['shift'], p['log_tx'], p['want'] // 2)
    if NTX and not p['shift']:
        p = plan(False, max(1, min(6, p['log_tx'] + NTX)), want)
    k = 'tiled_n_shift' if p['shift'] else 'tiled_n'
    if k == 'tiled_n' and PIPE_N and in_pipe_window(p['tiles'] * p['splits']):
        k = 'tiled_n_pipe'  # notes-gemv entry 63: one wave of 2.1-3 blocks an SM
    return dict(kernel=k, blocks=p['tiles'] * p['splits'], tiles=p['tiles'], splits=p['splits'],
                bps=BPS[k], TX=1 << p['log_tx'], short=p.get('short', 0))


def in_pipe_window(blocks):
    """gemv_fast.cu's in_pipe_window: one wave of 2 1/8-3 blocks an SM at three an SM."""
    return SMS * 17 // 8 < blocks <= SMS * 3


def plan_t(dt, m, n, lda, vec):
    V = 16 // dt
    nvec = cdiv(m, V)
    w_t, w_pred = SMS * 4, SMS * 3
    log_p = min(log2_ceil(cdiv(nvec, K_UNROLL)), 8)
    if cdiv(n, K_THREADS >> log_p) > 4 * w_t:
        log_p = min(log2_ceil(nvec // K_UNROLL + 1) - 1 if nvec >= K_UNROLL else 0, 8)
    c4_min = C4_MIN * SMS // 10
    if not NOCOLS4 and (1 << log_p) == K_THREADS and m * dt > C4_XKB << 10:
        blocks4 = cdiv(n, 4)
        want4 = SMS * BPS['cols4_vec'][V]
        if vec and (blocks4 >= want4 or (c4_min and blocks4 >= c4_min) or (C4_FILL and 100 * blocks4 >= C4_FILL * want4)):
            return dict(kernel='cols4_vec', blocks=blocks4, grid=min(blocks4, 1 << 20), bps=BPS['cols4_vec'][V], splits=1)
        if not vec:
            period = 1
            while (period * lda * dt) % 16:
                period *= 2
            shifted = cdiv(n, 4 * period) * period
            want = SMS * BPS['cols4_shift'][V]
            if (shifted >= want and 4 * shifted >= 3 * (cdiv(shifted, want) * want)) or (c4_min and c4_min <= shifted < want) \
                    or (C4_FILL and shifted < want and 100 * shifted >= C4_FILL * want):
                return dict(kernel='cols4_shift', blocks=shifted, bps=BPS['cols4_shift'][V], splits=1, period=period)
            if blocks4 >= SMS * 4:
                return dict(kernel='cols4_scalar', blocks=blocks4, bps=4, splits=1)
    fill_of = lambda b, w: b / (cdiv(b, w) * w)
    lanes = min(n * 32, SMS * 4 * K_THREADS)
    warp_ok = nvec >= 256 and cdiv(n, K_THREADS >> log_p) <= 4 * w_t
    in_flight = lanes * min(K_UNROLL, nvec / 32) * 16

    def plan(want, parts_ok):
        lp = 5 if warp_cols else log_p
        bfp = lambda l: cdiv(n, K_THREADS >> l)
        bn = bfp(lp)
        if bn <= 4 * want and not warp_cols:
            while bn > want and lp > 3:
                lp -= 1
                bn = bfp(lp)
        p = 1 << lp
        s, span = (1, m) if warp_cols else plan_split(want, bn, m, n, p * V * K_UNROLL, V, dt, p, whole=SPAN == 2)
        rounds = cdiv(cdiv(nvec, p), 4 if want == w_t and (PARTS4 == 2 or (PARTS4 == 1 and dt == 8)) else K_UNROLL)
        if parts_ok and not warp_cols and s == 1 and bn < want and fill_of(bn, want) < 0.9:
            parts = wave_splits(bn, want, rounds // 4)
            if parts > 1:
                s, span = split_into(parts, bn, m, n, V, dt, p)
        per = cdiv(span, V) / p
        tail = per - K_UNROLL * math.floor(per / K_UNROLL)
        return dict(lp=lp, blocks_n=bn, want=want, splits=s, span=span, tail=tail,
                    long_tail=tail >= 0.5, per=per)

    fill = lambda q: fill_of(q['blocks_n'] * q['splits'], q['want'])

    def choose():
        use = plan(w_t, True)
        pred = False
        if dt == 8:  # double: the four-per-SM instance on every plan (entry 61)
            return use, pred
        if use['long_tail'] and not (warp_cols and use['blocks_n'] <= w_t and use['tail'] < K_UNROLL / 2):
            three = plan(w_pred, False)
            if three['long_tail'] and fill(three) >= fill(use) - 0.02:
                use, pred = three, True
        return use, pred

    # launch_t's warp columns: P = 32, no split (notes-gemv entry 37)
    warp_cols = False
    use, pred = choose()
    need = SMS * WARP_COLS_BYTES
    if WARP_COLS and warp_ok and (in_flight >= need or (LOWPER and in_flight >= need / 2 and use['per'] <= K_UNROLL and use['blocks_n'] > use['want'])):
        warp_cols = True
        use, pred = choose()
    elif WARPMANY and cdiv(n, K_THREADS >> log_p) > 4 * w_t and nvec >= WARPMANY * K_UNROLL * 32 and fill_of(cdiv(n, 8), w_t) >= WARPMANY_FILL \
            and not (WHOLEBOUND and vec and log_p == 8 and m % (K_THREADS * K_UNROLL * V) == 0):
        warp_cols = True  # entry 89's lab
        use, pred = choose()
        if WARPSPLIT and use['splits'] == 1:
            rounds = cdiv(cdiv(nvec, 32), K_UNROLL)
            best_s, best = 1, fill_of(use['blocks_n'], use['want'])
            s = 2
            while s <= 8 and rounds // s >= WARPSPLIT:
                f = fill_of(use['blocks_n'] * s, use['want'])
                if f > best + 0.02:
                    best_s, best = s, f
                s += 1
            if best_s > 1:
                sp, span = split_into(best_s, use['blocks_n'], m, n, V, dt, 32)
                use = dict(use, splits=sp, span=span, per=cdiv(span, V) / 32)
    grid_x = use['blocks_n']
    if use['splits'] == 1 and grid_x > use['want']:
        grid_x = use['want']
    k = 'tiled_t_pred' if pred else 'tiled_t'
    if k == 'tiled_t' and dt == 8 and PIPE_T and in_pipe_window(use['blocks_n'] * use['splits']):
        k = 'tiled_t_pipe'  # notes-gemv entry 64
    return dict(kernel=k, blocks=use['blocks_n'] * use['splits'], grid=grid_x * use['splits'], bps=BPS[k],
                P=1 << use['lp'], cols_per_block=K_THREADS >> use['lp'], splits=use['splits'],
                vec_per_thread=round(use['per'], 2))


def plan_flat_n(dt, m, n, lda, off=0):
    """gemv_skinny.cu's launch_flat_n: splits (its blocks), a thread's
    loops of eight loads, and the last block's rounds of eight loads a
    thread over the blocks' sums."""
    W = 16 // dt
    g = W
    while lda % g:
        g //= 2
    period = lda // g
    active = K_THREADS // period * period
    nvec = cdiv(off % W + (n - 1) * lda + m, W)
    rounds = cdiv(nvec, active)
    outs = 1 << (m - 1).bit_length()
    bps = BPS['flat_n'][dt]
    want = SMS * bps
    s = max(1, min(want, rounds, 64 * (K_THREADS // outs)))
    loops = cdiv(rounds, K_UNROLL * s)
    if loops <= 2:
        s = cdiv(rounds, K_UNROLL * loops)
    else:
        half = FLATN_HALF and bps >= 3 and nvec * 16 < 32 << 20
        s = max(1, min(want // 2 if half else want, rounds))
    per = cdiv(rounds, s)
    s = cdiv(nvec, per * active)
    lanes = outs // W if outs % W == 0 else outs
    return dict(kernel='flat_n', blocks=s, splits=s, bps=bps, loops=loops,
                fin_rounds=cdiv(cdiv(s, K_THREADS // lanes), K_UNROLL))


def plan(dt, op, m, n, lda=None, off=0):
    lda = lda or m
    W = 16 // dt
    vec = off % W == 0 and lda % W == 0
    sk = skinny(dt, op, m, n, lda, vec)
    if sk == 'flat_n':
        r = plan_flat_n(dt, m, n, lda, off)
    else:
        r = plan_t(dt, m, n, lda, vec) if op == 'T' else plan_n(dt, m, n, lda, vec)
    r['skinny'] = sk
    b, bps = r['blocks'], r['bps']
    r['per_sm'] = round(b / SMS, 2)
    r['sm_fill'] = round(b / (cdiv(b, SMS) * SMS), 3)
    r['wave_fill'] = round(b / (cdiv(b, SMS * bps) * SMS * bps), 3)
    return r


if __name__ == '__main__':
    a = sys.argv[1:]
    dt = 4 if a[0] in ('s', 'float') else 8
    m, n = int(a[2]), int(a[3])
    lda = int(a[4]) if len(a) > 4 else m
    print(plan(dt, a[1], m, n, lda, int(a[5]) if len(a) > 5 else 0))
