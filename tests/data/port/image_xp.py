"""Normalise a small uint8 image, as image-processing code does (standard namespace)."""

import aiarray as xp

img = xp.asarray([[0, 9, 64], [128, 200, 255]], dtype=xp.uint8)
print("pixels:", int(xp.sum(img)))
scaled = img / 255.0  # port: first
centered = scaled - xp.mean(scaled)
tenth = xp.astype(img * 0.1, xp.float32)  # port: values
print(centered)
print(tenth)
