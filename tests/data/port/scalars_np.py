"""Scalar code: elements and reductions, then arithmetic on the scalars alone."""

import numpy as np

counts = np.array([3, 7, 12, 5], dtype=np.int32)
total = counts.sum()
first = counts[0] / counts[1]  # port: scalar division
running = 0.0
for c in counts:
    running = running + np.float16(0.5) * c  # port: loop
print(first, running, {c: i for i, c in enumerate(counts)}[counts[2]], total)
