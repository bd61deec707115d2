#!/usr/bin/env python3
# The 192 shapes of the 32-vector narrow forms (notes-transpose-gemm.md
# G11 Next 1), as mvbench gemm --shapes takes them: C with 18 or 30 rows
# or columns, the other side 300-12000, sums of 8, 30 and 60, all four
# transpose pairs. Used by exp/nb32-forms-run.sh and exp/next-rec-run.sh.
shapes = []
for op in ('NN', 'NT', 'TN', 'TT'):
    for v in (18, 30):
        for w in (300, 1300, 3400, 12000):
            for k in (8, 30, 60):
                shapes += [f'{op}:{v}x{w}x{k}', f'{op}:{w}x{v}x{k}']
print(','.join(shapes))
