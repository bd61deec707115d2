import re, sys
# usage: transform.py SRC DST [--checked-loads]
src = open(sys.argv[1]).read()
if "--checked-loads" in sys.argv[3:]:
    # reads through `const T *` (also TA, TX: element types of mixed-type
    # kernels, and float) checked by the emulator (emu_cptr, emu.h). A
    # reinterpret_cast of such a pointer stays checked, its loads of the new
    # type's size and alignment (a uint4 load: 16 bytes); one of a local
    # variable's address (`&raw`) reads registers, unchecked.
    src = re.sub(r"reinterpret_cast<const (\w+) \*>\(&", r"emu_cptr<\1>::local_of(&", src)
    src = re.sub(r"reinterpret_cast<const (\w+) \*>\(", r"emu_cptr<\1>::cast(", src)
    src = re.sub(r"\bconst (T|TA|TX|float) \*", r"emu_cptr<\1> ", src)
# addresses as integers (a checked pointer's too)
src = src.replace("reinterpret_cast<uintptr_t>(", "emu_addr(")
# shared arrays: static + registration
def shared(m):
    decl, name = m.group(1), m.group(2)
    return f"static {decl}; emu_shared({name}, sizeof({name}));"
# dynamic shared memory: a static buffer
src = re.sub(r"extern __shared__\s+(?:__align__\(\d+\)\s+)?unsigned char (\w+)\[\];",
             lambda m: f"alignas(16) static unsigned char {m.group(1)}[1 << 18]; emu_dyn({m.group(1)});", src)
src = re.sub(r"__shared__\s+((?:__align__\(\d+\)\s+)?\w+\s+(\w+)\s*(?:\[[^;]*\])+)\s*;", shared, src)
# shared scalars (a block's flag)
src = re.sub(r"__shared__\s+(\w+)\s+(\w+)\s*;",
             lambda m: f"static {m.group(1)} {m.group(2)}; emu_shared(&{m.group(2)}, sizeof({m.group(2)}));", src)
# cp.async copies
src = re.sub(r'asm volatile\("cp\.async\.ca\.shared\.global \[%0\], \[%1\], (\d+), %2;\\n" ::"r"\((\w+)\), "l"\((\w+)\), "r"\(([^)]*)\)\s*:\s*"memory"\);',
             lambda m: f"emu_cp_async({m.group(2)}, {m.group(3)}, {m.group(1)}, {m.group(4)});", src)
src = src.replace('asm volatile("cp.async.commit_group;\\n" ::: "memory");', "emu_commit();")
# the split counters' acq_rel add (gemv_split.cuh)
src = re.sub(r'asm volatile\("atom\.acq_rel\.gpu\.global\.add\.u32 %0, \[%1\], 1;"\s*:\s*"=r"\((\w+)\)\s*:\s*"l"\(([^)]*)\)\s*:\s*"memory"\);',
             lambda m: f"{m.group(1)} = emu_atomic_add({m.group(2)}, 1u);", src)
src = src.replace('asm volatile("cp.async.wait_group %0;\\n" ::"n"(N) : "memory");', "emu_wait(N);")
# launches
out, i = [], 0
while True:
    j = src.find("<<<", i)
    if j < 0:
        out.append(src[i:]); break
    # kernel expression: back to the start of the statement
    k = j
    depth = 0
    while k > 0:
        ch = src[k-1]
        if ch == '>': depth += 1
        elif ch == '<': depth -= 1
        if depth == 0 and (ch in ' \t\n;{'): break
        k -= 1
    kern = src[k:j]
    e = src.find(">>>", j)
    cfg = src[j+3:e]
    # split top-level commas
    # (angle brackets nest only outside parentheses: `unsigned(b < 65535 ? b
    # : 65535)` is a comparison)
    parts, d, a, cur = [], 0, 0, ''
    for ch in cfg:
        if ch == '(': d += 1
        if ch == ')': d -= 1
        if d == 0 and ch == '<': a += 1
        if d == 0 and ch == '>': a -= 1
        if ch == ',' and d == 0 and a == 0:
            parts.append(cur); cur = ''
        else: cur += ch
    parts.append(cur)
    assert src[e+3] == '('
    # args up to matching paren
    d, p = 0, e+3
    while True:
        if src[p] == '(': d += 1
        elif src[p] == ')':
            d -= 1
            if d == 0: break
        p += 1
    args = src[e+4:p]
    out.append(src[i:k])
    if len(parts) > 2 and parts[2].strip() != "0":
        out.append(f"emu_launch_dyn({kern}, {parts[0].strip()}, {parts[1].strip()}, size_t({parts[2].strip()}), {args})")
    else:
        out.append(f"emu_launch({kern}, {parts[0].strip()}, {parts[1].strip()}, {args})")
    i = p + 1
src = ''.join(out)
for bad in ("<<<", "asm volatile(\"cp", "__shared__"):
    if bad in src and "__CUDA_ARCH__" not in src[src.find(bad)-300:src.find(bad)]:
        print("WARNING: left", bad, file=sys.stderr)
open(sys.argv[2], "w").write(src)
