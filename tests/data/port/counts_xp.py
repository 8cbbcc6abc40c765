"""A weighted histogram: uint16 counts times float32 weights (standard namespace)."""

import aiarray as xp

hist = xp.asarray([3, 5, 7, 1], dtype=xp.uint16)
weights = xp.asarray([0.5, 0.25, 0.125, 0.125], dtype=xp.float32)
n = xp.sum(hist)
print("samples:", int(n))
weighted = hist * weights  # port: first
print("weighted mean:", float(xp.sum(weighted)) / int(n))
