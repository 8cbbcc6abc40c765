"""The real NumPy's functions on aiarray arrays, as a library written for NumPy calls them."""

import importlib

import aiarray.numpy as np

real_numpy = importlib.import_module("numpy")  # not rewritten: the library's own NumPy
x = np.array([1, 2, 3], dtype=np.int8)
y = real_numpy.sin(x)  # port: ufunc
m = real_numpy.mean(x)  # port: function
print(type(y).__name__, y.dtype, m.dtype)
