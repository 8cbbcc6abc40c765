"""Summary statistics of integer counts mixed with float weights."""

import numpy as np

counts = np.arange(1, 7, dtype=np.int32)
weights = np.linspace(0.5, 1.0, 6).astype(np.float32)
weighted = counts * weights  # port: first
print(counts.mean(), counts.std())  # integer statistics: float64 (numpy), float32 (ascend)
print(weighted.sum())
ratio = counts / counts.sum()
print(np.round(ratio, 4))
