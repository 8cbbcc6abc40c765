"""A first aiarray script (docs/getting-started.md)."""

import aiarray as xp

x = xp.asarray([1, 2, 3], dtype=xp.int32)
print((x / 2).dtype)  # float32: integer division gives a float (pypto.div)
print((x + 1.5).dtype)  # float32: Ascend's tensor-scalar table, Python float row

w = xp.astype(xp.linspace(0, 1, 5), xp.bfloat16)  # computed in float32, rounded once
print(w.dtype, xp.sum(w, dtype=xp.float32))

try:
    xp.asarray([1], dtype=xp.uint8) + 300
except OverflowError as e:  # no silent wrap-around
    print("OverflowError:", e)

with xp.promotion_policy("array-api"):
    try:
        x + 1.5
    except TypeError:
        print("array-api policy: int32 + 1.5 is refused")

print(xp.explain_promotion(xp.int8, xp.uint8))
