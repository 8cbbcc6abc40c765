"""``aiarray.numpy``: NumPy's namespace on aiarray Arrays (the NumPy swap-in).

``import aiarray.numpy as np`` runs NumPy code on aiarray: NumPy's names, signatures,
defaults and argument forms, returning aiarray Arrays that follow NumPy's promotion
rules (the ``numpy`` policy; see :func:`set_promotion_policy`).  It is a layer, not a
second library:

- where the standard namespace (``aiarray``) has the function, the NumPy name adapts
  the arguments and calls it (``_creation``, ``_reductions``, ``_shaping``,
  ``_selecting``, ``linalg``, ``fft``);
- NumPy's ufuncs are objects with ``reduce``/``accumulate``/``outer``/``at``/``reduceat``
  (``_ufuncs``); those of the op registry compute through aiarray's dispatcher;
- what the standard lacks (file I/O, histograms, einsum, polynomials ...) is NumPy's
  own function run on zero-copy views of the data (``_numpy_calls``);
- random numbers come from NumPy's own generators (``random``).

It is also a complete Array API namespace (a superset, as NumPy 2's main namespace
is).  Names NumPy has and this namespace does not serve raise AttributeError with the
reason; :func:`_status` lists every NumPy name with its status.  See docs/numpy.md.
"""

from __future__ import annotations

import builtins as _builtins
import math as _math
from typing import Any as _Any

import numpy as _np

from .. import _dtypes as _D
from .. import _promotion as _P
from .._api.info import __array_namespace_info__ as _namespace_info
from .._array import Array as _Array
from .._array_numpy import FlatIter as _FlatIter
from . import _convert, _protocols, exceptions, fft, linalg, random, testing
from ._boundary import guard_class as _guard_class
from ._boundary import guarded as _guarded
from ._creation import (
    arange,
    array,
    asanyarray,
    asarray,
    ascontiguousarray,
    asfortranarray,
    astype,
    copy,
    empty,
    empty_like,
    eye,
    from_dlpack,
    fromfunction,
    full,
    full_like,
    identity,
    linspace,
    meshgrid,
    ones,
    ones_like,
    tril,
    triu,
    zeros,
    zeros_like,
)
from ._numpy_calls import (
    CALLS as _CALLS,
)
from ._numpy_calls import (
    NpzFile,
    angle,
    append,
    apply_along_axis,
    apply_over_axes,
    argpartition,
    argwhere,
    array_equal,
    array_equiv,
    array_split,
    asarray_chkfinite,
    average,
    bartlett,
    base_repr,
    binary_repr,
    bincount,
    blackman,
    block,
    c_,
    choose,
    common_type,
    compress,
    convolve,
    corrcoef,
    correlate,
    cov,
    cross,
    delete,
    diag,
    diag_indices,
    diag_indices_from,
    diagflat,
    diagonal,
    digitize,
    dsplit,
    ediff1d,
    einsum,
    einsum_path,
    extract,
    fill_diagonal,
    fix,
    flatnonzero,
    fliplr,
    flipud,
    frombuffer,
    fromfile,
    fromiter,
    fromregex,
    fromstring,
    genfromtxt,
    geomspace,
    gradient,
    hamming,
    hanning,
    histogram,
    histogram2d,
    histogram_bin_edges,
    histogramdd,
    hsplit,
    i0,
    indices,
    insert,
    interp,
    intersect1d,
    iscomplex,
    iscomplexobj,
    isfortran,
    isneginf,
    isposinf,
    isreal,
    isrealobj,
    isscalar,
    iterable,
    ix_,
    kaiser,
    kron,
    lexsort,
    load,
    loadtxt,
    logspace,
    mask_indices,
    may_share_memory,
    median,
    mgrid,
    min_scalar_type,
    mintypecode,
    nan_to_num,
    nanargmax,
    nanargmin,
    nancumprod,
    nancumsum,
    nanmax,
    nanmean,
    nanmedian,
    nanmin,
    nanpercentile,
    nanprod,
    nanquantile,
    nanstd,
    nansum,
    nanvar,
    ndenumerate,
    nditer,
    nested_iters,
    ogrid,
    packbits,
    partition,
    percentile,
    piecewise,
    place,
    poly,
    poly1d,
    polyadd,
    polyder,
    polydiv,
    polyfit,
    polyint,
    polymul,
    polysub,
    polyval,
    ptp,
    put,
    put_along_axis,
    putmask,
    quantile,
    r_,
    ravel_multi_index,
    real_if_close,
    require,
    resize,
    rollaxis,
    roots,
    rot90,
    save,
    savetxt,
    savez,
    savez_compressed,
    select,
    setdiff1d,
    setxor1d,
    shares_memory,
    sinc,
    sort_complex,
    trapezoid,
    tri,
    tril_indices,
    tril_indices_from,
    trim_zeros,
    triu_indices,
    triu_indices_from,
    typename,
    union1d,
    unique,
    unpackbits,
    unravel_index,
    unwrap,
    vander,
    vectorize,
    vsplit,
)
from ._printoptions import get_printoptions, printoptions, set_printoptions
from ._reductions import (
    all,
    amax,
    amin,
    any,
    argmax,
    argmin,
    count_nonzero,
    cumprod,
    cumsum,
    cumulative_prod,
    cumulative_sum,
    diff,
    max,
    mean,
    min,
    prod,
    std,
    sum,
    var,
)
from ._selecting import (
    allclose,
    argsort,
    around,
    clip,
    copyto,
    dot,
    imag,
    inner,
    isclose,
    isin,
    matmul,
    nonzero,
    outer,
    real,
    round,
    searchsorted,
    sort,
    take,
    take_along_axis,
    tensordot,
    unique_all,
    unique_counts,
    unique_inverse,
    unique_values,
    vdot,
    vecdot,
    where,
)
from ._shaping import (
    atleast_1d,
    atleast_2d,
    atleast_3d,
    broadcast_arrays,
    broadcast_shapes,
    broadcast_to,
    column_stack,
    concat,
    concatenate,
    dstack,
    expand_dims,
    flip,
    hstack,
    matrix_transpose,
    moveaxis,
    ndim,
    pad,
    permute_dims,
    ravel,
    repeat,
    reshape,
    roll,
    row_stack,
    shape,
    size,
    split,
    squeeze,
    stack,
    swapaxes,
    tile,
    trace,
    transpose,
    unstack,
    vstack,
)
from ._types import (
    array2string,
    array_repr,
    array_str,
    can_cast,
    dtype,
    finfo,
    format_float_positional,
    format_float_scientific,
    iinfo,
    isdtype,
    issubdtype,
    ndarray,
    promote_types,
    result_type,
)
from ._ufuncs import make as _ufunc
from ._ufuncs import ufunc

__array_api_version__ = "2025.12"
flatiter = _guard_class(_FlatIter)  # x.flat's class (defined with Array, guarded here)
__array_namespace_info__ = _guarded(_namespace_info, name="__array_namespace_info__",
                                    module=__name__)

# -- ufuncs (the op registry's go through aiarray's dispatcher) ---------------------------
abs = _ufunc("abs")
absolute = _ufunc("absolute")
acos = _ufunc("acos")
acosh = _ufunc("acosh")
add = _ufunc("add")
arccos = _ufunc("arccos")
arccosh = _ufunc("arccosh")
arcsin = _ufunc("arcsin")
arcsinh = _ufunc("arcsinh")
arctan = _ufunc("arctan")
arctan2 = _ufunc("arctan2")
arctanh = _ufunc("arctanh")
asin = _ufunc("asin")
asinh = _ufunc("asinh")
atan = _ufunc("atan")
atan2 = _ufunc("atan2")
atanh = _ufunc("atanh")
bitwise_and = _ufunc("bitwise_and")
bitwise_count = _ufunc("bitwise_count")
bitwise_invert = _ufunc("bitwise_invert")
bitwise_left_shift = _ufunc("bitwise_left_shift")
bitwise_not = _ufunc("bitwise_not")
bitwise_or = _ufunc("bitwise_or")
bitwise_right_shift = _ufunc("bitwise_right_shift")
bitwise_xor = _ufunc("bitwise_xor")
cbrt = _ufunc("cbrt")
ceil = _ufunc("ceil")
conj = _ufunc("conj")
conjugate = _ufunc("conjugate")
copysign = _ufunc("copysign")
cos = _ufunc("cos")
cosh = _ufunc("cosh")
deg2rad = _ufunc("deg2rad")
degrees = _ufunc("degrees")
divide = _ufunc("divide")
divmod = _ufunc("divmod")
equal = _ufunc("equal")
exp = _ufunc("exp")
exp2 = _ufunc("exp2")
expm1 = _ufunc("expm1")
fabs = _ufunc("fabs")
float_power = _ufunc("float_power")
floor = _ufunc("floor")
floor_divide = _ufunc("floor_divide")
fmax = _ufunc("fmax")
fmin = _ufunc("fmin")
fmod = _ufunc("fmod")
frexp = _ufunc("frexp")
gcd = _ufunc("gcd")
greater = _ufunc("greater")
greater_equal = _ufunc("greater_equal")
heaviside = _ufunc("heaviside")
hypot = _ufunc("hypot")
invert = _ufunc("invert")
isfinite = _ufunc("isfinite")
isinf = _ufunc("isinf")
isnan = _ufunc("isnan")
lcm = _ufunc("lcm")
ldexp = _ufunc("ldexp")
left_shift = _ufunc("left_shift")
less = _ufunc("less")
less_equal = _ufunc("less_equal")
log = _ufunc("log")
log10 = _ufunc("log10")
log1p = _ufunc("log1p")
log2 = _ufunc("log2")
logaddexp = _ufunc("logaddexp")
logaddexp2 = _ufunc("logaddexp2")
logical_and = _ufunc("logical_and")
logical_not = _ufunc("logical_not")
logical_or = _ufunc("logical_or")
logical_xor = _ufunc("logical_xor")
matvec = _ufunc("matvec")
maximum = _ufunc("maximum")
minimum = _ufunc("minimum")
mod = _ufunc("mod")
modf = _ufunc("modf")
multiply = _ufunc("multiply")
negative = _ufunc("negative")
nextafter = _ufunc("nextafter")
not_equal = _ufunc("not_equal")
positive = _ufunc("positive")
pow = _ufunc("pow")
power = _ufunc("power")
rad2deg = _ufunc("rad2deg")
radians = _ufunc("radians")
reciprocal = _ufunc("reciprocal")
remainder = _ufunc("remainder")
right_shift = _ufunc("right_shift")
rint = _ufunc("rint")
sign = _ufunc("sign")
signbit = _ufunc("signbit")
sin = _ufunc("sin")
sinh = _ufunc("sinh")
spacing = _ufunc("spacing")
sqrt = _ufunc("sqrt")
square = _ufunc("square")
subtract = _ufunc("subtract")
tan = _ufunc("tan")
tanh = _ufunc("tanh")
true_divide = _ufunc("true_divide")
trunc = _ufunc("trunc")
vecmat = _ufunc("vecmat")
# -- scalar types: NumPy's own (aiarray's dtypes are NumPy dtypes) ----------------------
bool = _np.bool
bool_ = _np.bool_
int8 = _np.int8
int16 = _np.int16
int32 = _np.int32
int64 = _np.int64
uint8 = _np.uint8
uint16 = _np.uint16
uint32 = _np.uint32
uint64 = _np.uint64
float16 = _np.float16
float32 = _np.float32
float64 = _np.float64
complex64 = _np.complex64
complex128 = _np.complex128
complex32 = _D.complex32  # a dtype object: NumPy has no complex32 scalar type
# bfloat16 (ml_dtypes' scalar type) is served by __getattr__ below: it loads on first use
intp = _np.intp
uintp = _np.uintp
int_ = _np.int_
uint = _np.uint
intc = _np.intc
uintc = _np.uintc
long = _np.long
ulong = _np.ulong
longlong = _np.longlong
ulonglong = _np.ulonglong
byte = _np.byte
ubyte = _np.ubyte
short = _np.short
ushort = _np.ushort
half = _np.half
single = _np.single
double = _np.double
csingle = _np.csingle
cdouble = _np.cdouble
generic = _np.generic
number = _np.number
integer = _np.integer
signedinteger = _np.signedinteger
unsignedinteger = _np.unsignedinteger
inexact = _np.inexact
floating = _np.floating
complexfloating = _np.complexfloating
character = _np.character
flexible = _np.flexible
object_ = _np.object_
str_ = _np.str_
bytes_ = _np.bytes_
void = _np.void
ScalarType = _np.ScalarType
sctypeDict = _np.sctypeDict
typecodes = _np.typecodes
True_ = _np.True_
False_ = _np.False_

# -- constants ---------------------------------------------------------------------------
e = _math.e
pi = _math.pi
inf = _math.inf
nan = _math.nan
euler_gamma = _np.euler_gamma
newaxis = None
little_endian = _np.little_endian

# -- NumPy's own objects: settings, index helpers, classes that take Arrays as they are ---
# (NumPy's functions are guarded, so their errors carry a status; NumPy's classes are
# served as themselves: isinstance and subclassing need the very class)
errstate = _np.errstate
seterr = _guarded(_np.seterr, module=__name__)
geterr = _guarded(_np.geterr, module=__name__)
seterrcall = _guarded(_np.seterrcall, module=__name__)
geterrcall = _guarded(_np.geterrcall, module=__name__)
setbufsize = _guarded(_np.setbufsize, module=__name__)
getbufsize = _guarded(_np.getbufsize, module=__name__)
broadcast = _np.broadcast
s_ = _np.s_
index_exp = _np.index_exp
ndindex = _np.ndindex
frompyfunc = _guarded(_np.frompyfunc, name="frompyfunc", module=__name__)
get_include = _guarded(_np.get_include, module=__name__)
show_config = _guarded(_np.show_config, module=__name__)
show_runtime = _guarded(_np.show_runtime, module=__name__)
__version__ = _np.__version__  # the NumPy whose API this namespace serves (and calls)
typing = _np.typing
dtypes = _np.dtypes


@_guarded
def info(object: _Any = None, maxwidth: int = 76, output: _Any = None,
         toplevel: str = "numpy") -> None:
    """NumPy's info: for an Array, NumPy's description of its data (``class: ndarray``)."""
    if type(object) is _Array:
        object = _convert.view(object)
    _np.info(object, maxwidth, output, toplevel)


# -- the swap-in's promotion policy ------------------------------------------------------
@_guarded
def set_promotion_policy(name: str) -> None:
    """Select the promotion policy of swap-in arrays for the whole process ("numpy" by
    default; e.g. "ascend" to see what a script computes under Ascend's rules).  An
    active ``aiarray.promotion_policy(...)`` block still overrides it."""
    _P.set_swapin_policy(name)


@_guarded
def get_promotion_policy() -> str:
    """Name of the promotion policy swap-in arrays follow here."""
    return _P.policy_for(_P.SWAPIN_CALL).name


promotion_policy = _guarded(_P.swapin_promotion_policy, name="promotion_policy",
                            module=__name__)
promotion_policy.__doc__ = ("Use policy ``name`` for swap-in arrays inside a ``with`` block "
                            "(thread- and task-local).")

from ._status import NOT_SERVED as _NOT_SERVED
from ._status import status as _status

_LAZY = frozenset({"polynomial", "emath", "lib"})  # submodules loaded on first use


def __getattr__(name: str) -> _Any:
    if name == "bfloat16":  # aiarray's extra dtype: ml_dtypes' scalar type, loaded on use
        import ml_dtypes

        return ml_dtypes.bfloat16
    if name in _LAZY:
        import importlib

        module = importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module
        return module
    reason = _NOT_SERVED.get(name)
    if reason is not None:
        raise AttributeError(f"aiarray.numpy does not serve numpy.{name}: {reason}")
    raise AttributeError(f"module 'aiarray.numpy' has no attribute {name!r}")


# The public names defined above (every one imported or written out by name in this file);
# the lazy submodules and bfloat16 are reached by attribute, so ``import *`` loads none.
__all__ = [*sorted(n for n in globals() if not n.startswith("_") and n != "annotations"),
           "__array_api_version__", "__array_namespace_info__"]


def __dir__() -> list[str]:
    return sorted({*__all__, *_LAZY, "bfloat16"})
