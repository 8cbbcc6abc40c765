"""A script whose dtypes and values are the same under both policies."""

import aiarray as xp

x = xp.asarray([1.0, 2.0, 4.0], dtype=xp.float32)
y = xp.sqrt(x) * 2 + 1
i = xp.asarray([1, 2, 3], dtype=xp.int64)
print(y, i * 3, xp.sum(i))
