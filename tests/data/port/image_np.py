"""Normalise a uint8 image and build a mask, as image-processing scripts do."""

import numpy as np

img = np.array([[0, 9, 64], [128, 200, 255]], dtype=np.uint8)
print("pixels:", img.sum(), img.dtype)
scaled = img / 255.0  # port: first
print("scaled:", scaled.dtype, scaled.max())
centered = scaled - scaled.mean()
mask = img > 100
print(centered.round(3))
print(mask.astype(np.uint8) * 255)
brighter = np.clip(img.astype(np.int16) * 2, 0, 255).astype(np.uint8)
print(brighter)
