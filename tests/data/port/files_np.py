"""Save an intermediate result and read it back, as pipelines do (writes into the cwd)."""

import numpy as np

img = np.array([10, 20, 255], dtype=np.uint8)
np.save("scaled.npy", img / 255.0)
back = np.load("scaled.npy")  # port: load
print(back.dtype)
