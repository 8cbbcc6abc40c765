"""Integer arrays through true division and a math function."""

import numpy as np

counts = np.array([3, 7, 12], dtype=np.int32)
totals = np.array([4, 8, 16], dtype=np.int32)
share = counts / totals  # port: first
angles = np.sin(np.array([0, 1, 2], dtype=np.int8))  # port: sin
print(share.dtype, angles.dtype)
