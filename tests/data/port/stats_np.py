"""Summary statistics of integer counts mixed with float weights."""

import numpy as np

counts = np.arange(1, 7, dtype=np.int32)
weights = np.linspace(0.5, 1.0, 6).astype(np.float32)
print(counts.mean(), counts.std())  # port: mean
weighted = counts * weights  # port: weights
print(weighted.sum())
ratio = counts / counts.sum()
print(np.round(ratio, 4))
