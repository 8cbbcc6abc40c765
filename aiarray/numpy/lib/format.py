"""``aiarray.numpy.lib.format``: NumPy's ``.npy`` file format functions.

NumPy's own functions on views of the data: ``write_array`` writes an Array as NumPy
writes an ndarray (complex32 as complex64, as ``save`` does), ``read_array`` reads one
back as an Array (data of a dtype aiarray has no counterpart for stays NumPy's).
``open_memmap`` gives an Array over the file's mapping, as ``load(file, mmap_mode=...)``
does, not a ``numpy.memmap`` (which aiarray.numpy does not serve): what is written into
it reaches the file, at the latest when the mapping is released (there is no
``flush()``).  The constants are NumPy's.
"""

from __future__ import annotations

import numpy as np

from ._views import served

__all__ = ["descr_to_dtype", "drop_metadata", "dtype_to_descr", "header_data_from_array_1_0",
           "isfileobj", "magic", "open_memmap", "read_array", "read_array_header_1_0",
           "read_array_header_2_0", "read_magic", "write_array", "write_array_header_1_0",
           "write_array_header_2_0"]

_F = np.lib.format
_HERE = __name__

ARRAY_ALIGN = _F.ARRAY_ALIGN
BUFFER_SIZE = _F.BUFFER_SIZE
EXPECTED_KEYS = _F.EXPECTED_KEYS
GROWTH_AXIS_MAX_DIGITS = _F.GROWTH_AXIS_MAX_DIGITS
MAGIC_LEN = _F.MAGIC_LEN
MAGIC_PREFIX = _F.MAGIC_PREFIX

descr_to_dtype = served(_F.descr_to_dtype, _HERE)
drop_metadata = served(_F.drop_metadata, _HERE)
dtype_to_descr = served(_F.dtype_to_descr, _HERE)
header_data_from_array_1_0 = served(_F.header_data_from_array_1_0, _HERE)
isfileobj = served(_F.isfileobj, _HERE)
magic = served(_F.magic, _HERE)
open_memmap = served(_F.open_memmap, _HERE)
read_array = served(_F.read_array, _HERE)
read_array_header_1_0 = served(_F.read_array_header_1_0, _HERE)
read_array_header_2_0 = served(_F.read_array_header_2_0, _HERE)
read_magic = served(_F.read_magic, _HERE)
write_array = served(_F.write_array, _HERE)
write_array_header_1_0 = served(_F.write_array_header_1_0, _HERE)
write_array_header_2_0 = served(_F.write_array_header_2_0, _HERE)
