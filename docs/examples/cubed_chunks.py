"""Beyond one machine: cubed runs its chunks on aiarray (docs/distributed.md)."""

import os

os.environ["CUBED_BACKEND_ARRAY_API_MODULE"] = "aiarray"  # before cubed is imported

import tempfile

import cubed
import cubed.array_api as cxp
import numpy as np

spec = cubed.Spec(work_dir=tempfile.mkdtemp(), allowed_mem="500MB")
a = cxp.ones((4000, 4000), chunks=(1000, 1000), dtype=cxp.float32, spec=spec)
b = cxp.asarray(np.arange(4000, dtype=np.int32), chunks=1000, spec=spec)

product = a * b  # int32 with float32: the Ascend table says float32 (NumPy: float64)
print("dtype of a * b:", product.dtype)

column_sums = cxp.sum(product, axis=0).compute()  # 16 chunks of 1000 x 1000, then combined
print(type(column_sums).__module__, type(column_sums).__name__, column_sums.shape)
print(column_sums[:4])
