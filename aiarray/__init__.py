"""aiarray: an Array API namespace with the GB/T AI-operator semantics and Ascend promotion.

``import aiarray as xp`` works wherever code is written against the Python Array
API standard (2025.12).  See docs/ for promotion policies, dtypes and the GB/T map.
"""

import math as _math
import sys as _sys
from typing import TYPE_CHECKING as _TYPE_CHECKING  # (aiarray._typing is a submodule)

# _dispatch first: it imports _array (whose operators it builds) at its end.
from . import _backend, _dispatch, _dtypes, _fork, _layers
from ._api.creation import (
    arange,
    asarray,
    empty,
    empty_like,
    eye,
    from_dlpack,
    full,
    full_like,
    linspace,
    meshgrid,
    ones,
    ones_like,
    tril,
    triu,
    zeros,
    zeros_like,
)
from ._api.data_type import astype, can_cast, finfo, iinfo, isdtype, result_type
from ._api.elementwise import (
    abs,
    acos,
    acosh,
    add,
    asin,
    asinh,
    atan,
    atan2,
    atanh,
    bitwise_and,
    bitwise_invert,
    bitwise_left_shift,
    bitwise_or,
    bitwise_right_shift,
    bitwise_xor,
    ceil,
    clip,
    conj,
    copysign,
    cos,
    cosh,
    divide,
    equal,
    exp,
    expm1,
    floor,
    floor_divide,
    greater,
    greater_equal,
    hypot,
    imag,
    isfinite,
    isinf,
    isnan,
    less,
    less_equal,
    log,
    log1p,
    log2,
    log10,
    logaddexp,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    maximum,
    minimum,
    multiply,
    negative,
    nextafter,
    not_equal,
    positive,
    pow,
    real,
    reciprocal,
    remainder,
    round,
    sign,
    signbit,
    sin,
    sinh,
    sqrt,
    square,
    subtract,
    tan,
    tanh,
    trunc,
)
from ._api.indexing import take, take_along_axis
from ._api.info import __array_namespace_info__
from ._api.linear_algebra import matmul, matrix_transpose, tensordot, vecdot
from ._api.manipulation import (
    broadcast_arrays,
    broadcast_shapes,
    broadcast_to,
    concat,
    expand_dims,
    flip,
    moveaxis,
    permute_dims,
    repeat,
    reshape,
    roll,
    squeeze,
    stack,
    tile,
    unstack,
)
from ._api.searching import argmax, argmin, count_nonzero, nonzero, searchsorted, where
from ._api.sorting import argsort, sort
from ._api.statistical import (
    cumulative_prod,
    cumulative_sum,
    max,
    mean,
    min,
    prod,
    std,
    sum,
    var,
)
from ._api.utility import all, any, diff
from ._array import Array, as_parameter
from ._device import CPU, Device
from ._dispatch import backend, get_backend, get_num_threads, set_backend, set_num_threads
from ._errors import (
    AiarrayError,
    AllocationError,
    AxisError,
    DimensionMismatchError,
    DLPackError,
    InternalError,
    InvalidArgumentError,
    OutOfRangeError,
    ParameterCastError,
    ScalarOverflowError,
    Status,
    TypeMismatchError,
    UninitializedError,
)
from ._promotion import (
    TypedScalar,
    explain_promotion,
    get_promotion_policy,
    promotion_policy,
    scalar,
    set_promotion_policy,
)
from ._versions import LATEST as _LATEST

__version__ = "0.1.0"
__array_api_version__ = _LATEST  # the newest standard version (aiarray._versions)

# Data types (NumPy dtype objects; bfloat16 from ml_dtypes; complex32 is aiarray's).
bool = _dtypes.bool_
int8 = _dtypes.int8
int16 = _dtypes.int16
int32 = _dtypes.int32
int64 = _dtypes.int64
uint8 = _dtypes.uint8
uint16 = _dtypes.uint16
uint32 = _dtypes.uint32
uint64 = _dtypes.uint64
float16 = _dtypes.float16
# bfloat16: loaded on first use (module __getattr__ below)
float32 = _dtypes.float32
float64 = _dtypes.float64
complex32 = _dtypes.complex32
complex64 = _dtypes.complex64
complex128 = _dtypes.complex128

# Constants.
e = _math.e
inf = _math.inf
nan = _math.nan
pi = _math.pi
newaxis = None

__all__ = [
    "__array_api_version__", "__array_namespace_info__",
    # dtypes
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "bfloat16", "float32", "float64", "complex32", "complex64", "complex128",
    # constants
    "e", "inf", "nan", "newaxis", "pi",
    # creation
    "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full", "full_like",
    "linspace", "meshgrid", "ones", "ones_like", "tril", "triu", "zeros", "zeros_like",
    # data types
    "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type",
    # elementwise (tools/gen_elementwise.py writes these from the op registry)
    "abs", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
    "bitwise_invert", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
    "ceil", "clip", "conj", "copysign", "cos", "cosh", "divide", "equal", "exp", "expm1",
    "floor", "floor_divide", "greater", "greater_equal", "hypot", "imag", "isfinite", "isinf",
    "isnan", "less", "less_equal", "log", "log1p", "log2", "log10", "logaddexp", "logical_and",
    "logical_not", "logical_or", "logical_xor", "maximum", "minimum", "multiply", "negative",
    "nextafter", "not_equal", "positive", "pow", "real", "reciprocal", "remainder", "round",
    "sign", "signbit", "sin", "sinh", "sqrt", "square", "subtract", "tan", "tanh", "trunc",
    # indexing, linear algebra, manipulation, searching, sets, sorting, statistics, utility
    "take", "take_along_axis", "matmul", "matrix_transpose", "tensordot", "vecdot",
    "broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims", "flip",
    "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack", "tile",
    "unstack", "argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where",
    "isin", "unique_all", "unique_counts", "unique_inverse", "unique_values", "argsort",
    "sort", "cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum",
    "var", "all", "any", "diff",
    # extensions
    "linalg", "fft", "lib", "random", "quantization", "QuantizedArray", "quantize", "dequantize",
    "grad", "sparse",
    # the large-array backend
    "set_backend", "get_backend", "backend", "set_num_threads", "get_num_threads", "fuse",
    # GB/T operators the standard has no name for
    "from_buffer", "Layout", "ascontiguousarray", "crop", "diag", "flatten", "is_contiguous",
    "layout", "pad", "split", "strided_slice", "gather_nd", "masked_select", "scatter",
    "allclose", "isclose", "multiply_add", "trace",
    # aiarray: array object, devices, promotion, errors
    "Array", "Device", "CPU", "as_parameter", "scalar", "TypedScalar",
    "set_promotion_policy", "get_promotion_policy", "promotion_policy", "explain_promotion",
    "Status", "AiarrayError", "UninitializedError", "InvalidArgumentError",
    "TypeMismatchError", "DimensionMismatchError", "OutOfRangeError", "AxisError",
    "AllocationError", "InternalError", "ScalarOverflowError", "ParameterCastError",
    "DLPackError",
]

if _TYPE_CHECKING:  # (at run time these load on first use: __getattr__ below)
    from . import fft, grad, lib, linalg, quantization, random, sparse
    from ._api.gbt_creation import from_buffer
    from ._api.gbt_indexing import gather_nd, masked_select, scatter
    from ._api.gbt_math import allclose, isclose, multiply_add, trace
    from ._api.gbt_transforms import (
        Layout,
        ascontiguousarray,
        crop,
        diag,
        flatten,
        is_contiguous,
        layout,
        pad,
        split,
        strided_slice,
    )
    from ._api.set_functions import isin, unique_all, unique_counts, unique_inverse, unique_values
    from ._dtypes import bfloat16
    from ._kernels._fuse import fuse
    from .quantization import QuantizedArray, dequantize, quantize

# Extension namespaces load on first use (PEP 562): ``xp.linalg``, ``from aiarray import
# fft`` and ``import aiarray.sparse`` all work; ``import aiarray`` stays quick.
_SUBMODULES = frozenset({"fft", "grad", "lib", "linalg", "quantization", "random", "sparse"})

# So do the functions of the modules below (the GB/T extensions and the set functions):
# each module loads at the first use of one of its names, which then reports "aiarray"
# as its module like the others.  (Together they cost ~3 ms of import.)
_LAZY_NAMES: dict[str, str] = {
    name: module
    for module, names in {
        "._api.gbt_creation": ("from_buffer",),
        "._api.gbt_indexing": ("gather_nd", "masked_select", "scatter"),
        "._api.gbt_math": ("allclose", "isclose", "multiply_add", "trace"),
        "._api.gbt_transforms": ("Layout", "ascontiguousarray", "crop", "diag", "flatten",
                                 "is_contiguous", "layout", "pad", "split", "strided_slice"),
        "._api.set_functions": ("isin", "unique_all", "unique_counts", "unique_inverse",
                                "unique_values"),
        ".quantization": ("QuantizedArray", "dequantize", "quantize"),
    }.items()
    for name in names
}


def __getattr__(name: str) -> object:
    if name in _SUBMODULES:
        import importlib

        module = importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module
        return module
    if name in _LAZY_NAMES:
        from ._public import load

        return load(__name__, globals(), name, _LAZY_NAMES[name])
    if name == "fuse":  # (its module imports the kernel layer: ~4 ms of import)
        from ._kernels._fuse import fuse

        fuse.__module__ = __name__
        globals()[name] = fuse
        return fuse
    if name == "bfloat16":  # ml_dtypes is imported on first use (~0.5 s)
        globals()[name] = _dtypes.load_bfloat16()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")




# -- the face wires the layers: the core reads what the layers above it lend (_layers)
def _parallel_backend() -> _backend.Backend:
    from ._kernels import BACKEND  # numba is not imported before a large call

    return BACKEND


def _load_swapin() -> None:
    from . import numpy as swapin
    from .numpy._hooks import HOOKS

    _layers.LAYERS.swapin_module = swapin
    _layers.LAYERS.swapin_hooks = HOOKS


_layers.LAYERS.namespace = _sys.modules[__name__]
_layers.LAYERS.version = __version__
_layers.LAYERS.swapin_loader = _load_swapin
_backend.register("parallel", _parallel_backend)
_fork.settle_at_fork(f"{__name__}._kernels")  # (the first large call imports it)
_dispatch.use_default_backend()

from ._public import export as _export

# dir() shows __all__ only; public functions report the public module
__dir__ = _export(__name__, globals())
