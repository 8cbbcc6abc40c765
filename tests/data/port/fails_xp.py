"""A script that fails the same way under both policies: 300 does not fit int8."""

import aiarray as xp

small = xp.asarray([1, 2, 3], dtype=xp.int8)
print(small + 1)
print(small + 300)  # port: fails
