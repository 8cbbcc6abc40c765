"""Python scalars with small integer, bool and complex arrays (standard namespace)."""

import aiarray as xp

small = xp.asarray([100, -5, 27], dtype=xp.int8)
print(small + 1, (small * 2).dtype)
flags = xp.asarray([True, False, True])
print(flags + 1)
z = xp.asarray([1.0, 2.0], dtype=xp.float32) + 1j
print(z.dtype)
ratio = small * 1.5  # port: first
print(ratio)
