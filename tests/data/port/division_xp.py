"""Integer division, remainders and division by Python floats (standard namespace)."""

import aiarray as xp

a = xp.asarray([7, -7, 10, 255], dtype=xp.int32)
b = xp.asarray([2, 2, 3, 5], dtype=xp.int32)
print(a // b, a % b)
halves = a / 2.0  # port: first
big = xp.asarray([2**40 + 1, 3], dtype=xp.int64)
thirds = big / 3.0  # port: big
if thirds.dtype == xp.float64:
    print("exact enough:", float(thirds[0] * 3.0))  # port: path
else:
    print("rounded:", xp.max(thirds))
