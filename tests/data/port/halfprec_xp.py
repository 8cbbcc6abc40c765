"""float16 activations, bfloat16 weights and int16 steps (standard namespace)."""

import aiarray as xp

acts = xp.asarray([0.5, 1.5, -2.0, 3.25], dtype=xp.float16)
w = xp.asarray([1.0, 0.5, 0.25, 2.0], dtype=xp.bfloat16)
mixed = acts * w
half = acts + 1
steps = xp.asarray([1, 2, 3, 4], dtype=xp.int16)
scaled = acts * steps  # port: first
shifted = w + steps  # port: bf16
print(mixed.dtype, half.dtype, scaled.dtype, shifted.dtype)
