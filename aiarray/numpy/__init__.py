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

# Every public name imported here is re-exported as ``name as name``, so that type checkers
# see it (the __all__ below is computed, which they cannot read).

import builtins as _builtins
import math as _math
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

import numpy as _np

from .. import _dtypes as _D
from .. import _promotion as _P
from .._api.info import __array_namespace_info__ as _namespace_info
from .._array import Array as _Array
from .._array_numpy import FlatIter as _FlatIter
from . import _convert, _protocols
from . import exceptions as exceptions
from . import linalg as linalg
from ._boundary import guard_class as _guard_class
from ._boundary import guarded as _guarded
from ._creation import (
    arange as arange,
    array as array,
    asanyarray as asanyarray,
    asarray as asarray,
    ascontiguousarray as ascontiguousarray,
    asfortranarray as asfortranarray,
    astype as astype,
    copy as copy,
    empty as empty,
    empty_like as empty_like,
    eye as eye,
    from_dlpack as from_dlpack,
    fromfunction as fromfunction,
    full as full,
    full_like as full_like,
    identity as identity,
    linspace as linspace,
    meshgrid as meshgrid,
    ones as ones,
    ones_like as ones_like,
    tril as tril,
    triu as triu,
    zeros as zeros,
    zeros_like as zeros_like,
)
from ._numpy_calls import (
    CALLS as _CALLS,
)
from ._numpy_calls import (
    NpzFile as NpzFile,
    allclose as allclose,
    angle as angle,
    append as append,
    apply_along_axis as apply_along_axis,
    apply_over_axes as apply_over_axes,
    argpartition as argpartition,
    argwhere as argwhere,
    array_equal as array_equal,
    array_equiv as array_equiv,
    array_split as array_split,
    asarray_chkfinite as asarray_chkfinite,
    average as average,
    bartlett as bartlett,
    base_repr as base_repr,
    binary_repr as binary_repr,
    busday_count as busday_count,
    busday_offset as busday_offset,
    bincount as bincount,
    blackman as blackman,
    block as block,
    c_ as c_,
    choose as choose,
    common_type as common_type,
    compress as compress,
    convolve as convolve,
    corrcoef as corrcoef,
    correlate as correlate,
    cov as cov,
    cross as cross,
    datetime_as_string as datetime_as_string,
    datetime_data as datetime_data,
    delete as delete,
    diag as diag,
    diag_indices as diag_indices,
    diag_indices_from as diag_indices_from,
    diagflat as diagflat,
    diagonal as diagonal,
    digitize as digitize,
    dsplit as dsplit,
    ediff1d as ediff1d,
    einsum as einsum,
    einsum_path as einsum_path,
    extract as extract,
    fill_diagonal as fill_diagonal,
    fix as fix,
    flatnonzero as flatnonzero,
    fliplr as fliplr,
    flipud as flipud,
    frombuffer as frombuffer,
    fromfile as fromfile,
    fromiter as fromiter,
    fromregex as fromregex,
    fromstring as fromstring,
    genfromtxt as genfromtxt,
    geomspace as geomspace,
    gradient as gradient,
    hamming as hamming,
    hanning as hanning,
    histogram as histogram,
    histogram2d as histogram2d,
    histogram_bin_edges as histogram_bin_edges,
    histogramdd as histogramdd,
    hsplit as hsplit,
    i0 as i0,
    indices as indices,
    insert as insert,
    interp as interp,
    intersect1d as intersect1d,
    is_busday as is_busday,
    isclose as isclose,
    iscomplex as iscomplex,
    iscomplexobj as iscomplexobj,
    isfortran as isfortran,
    isneginf as isneginf,
    isposinf as isposinf,
    isreal as isreal,
    isrealobj as isrealobj,
    isscalar as isscalar,
    iterable as iterable,
    ix_ as ix_,
    kaiser as kaiser,
    kron as kron,
    lexsort as lexsort,
    load as load,
    loadtxt as loadtxt,
    logspace as logspace,
    mask_indices as mask_indices,
    may_share_memory as may_share_memory,
    median as median,
    mgrid as mgrid,
    min_scalar_type as min_scalar_type,
    mintypecode as mintypecode,
    nan_to_num as nan_to_num,
    nanargmax as nanargmax,
    nanargmin as nanargmin,
    nancumprod as nancumprod,
    nancumsum as nancumsum,
    nanmax as nanmax,
    nanmean as nanmean,
    nanmedian as nanmedian,
    nanmin as nanmin,
    nanpercentile as nanpercentile,
    nanprod as nanprod,
    nanquantile as nanquantile,
    nanstd as nanstd,
    nansum as nansum,
    nanvar as nanvar,
    ndenumerate as ndenumerate,
    nditer as nditer,
    nested_iters as nested_iters,
    ogrid as ogrid,
    packbits as packbits,
    partition as partition,
    percentile as percentile,
    piecewise as piecewise,
    place as place,
    poly as poly,
    poly1d as poly1d,
    polyadd as polyadd,
    polyder as polyder,
    polydiv as polydiv,
    polyfit as polyfit,
    polyint as polyint,
    polymul as polymul,
    polysub as polysub,
    polyval as polyval,
    ptp as ptp,
    put as put,
    put_along_axis as put_along_axis,
    putmask as putmask,
    quantile as quantile,
    r_ as r_,
    ravel_multi_index as ravel_multi_index,
    real_if_close as real_if_close,
    require as require,
    resize as resize,
    rollaxis as rollaxis,
    roots as roots,
    rot90 as rot90,
    save as save,
    savetxt as savetxt,
    savez as savez,
    savez_compressed as savez_compressed,
    select as select,
    setdiff1d as setdiff1d,
    setxor1d as setxor1d,
    shares_memory as shares_memory,
    sinc as sinc,
    sort_complex as sort_complex,
    trapezoid as trapezoid,
    tri as tri,
    tril_indices as tril_indices,
    tril_indices_from as tril_indices_from,
    trim_zeros as trim_zeros,
    triu_indices as triu_indices,
    triu_indices_from as triu_indices_from,
    typename as typename,
    union1d as union1d,
    unique as unique,
    unpackbits as unpackbits,
    unravel_index as unravel_index,
    unwrap as unwrap,
    vander as vander,
    vectorize as vectorize,
    vsplit as vsplit,
)
from ._printoptions import (
    get_printoptions as get_printoptions,
    printoptions as printoptions,
    set_printoptions as set_printoptions,
)
from ._reductions import (
    all as all,
    amax as amax,
    amin as amin,
    any as any,
    argmax as argmax,
    argmin as argmin,
    count_nonzero as count_nonzero,
    cumprod as cumprod,
    cumsum as cumsum,
    cumulative_prod as cumulative_prod,
    cumulative_sum as cumulative_sum,
    diff as diff,
    max as max,
    mean as mean,
    min as min,
    prod as prod,
    std as std,
    sum as sum,
    var as var,
)
from ._selecting import (
    argsort as argsort,
    around as around,
    clip as clip,
    copyto as copyto,
    dot as dot,
    imag as imag,
    inner as inner,
    isin as isin,
    matmul as matmul,
    nonzero as nonzero,
    outer as outer,
    real as real,
    round as round,
    searchsorted as searchsorted,
    sort as sort,
    take as take,
    take_along_axis as take_along_axis,
    tensordot as tensordot,
    unique_all as unique_all,
    unique_counts as unique_counts,
    unique_inverse as unique_inverse,
    unique_values as unique_values,
    vdot as vdot,
    vecdot as vecdot,
    where as where,
)
from ._shaping import (
    atleast_1d as atleast_1d,
    atleast_2d as atleast_2d,
    atleast_3d as atleast_3d,
    broadcast_arrays as broadcast_arrays,
    broadcast_shapes as broadcast_shapes,
    broadcast_to as broadcast_to,
    column_stack as column_stack,
    concat as concat,
    concatenate as concatenate,
    dstack as dstack,
    expand_dims as expand_dims,
    flip as flip,
    hstack as hstack,
    matrix_transpose as matrix_transpose,
    moveaxis as moveaxis,
    ndim as ndim,
    pad as pad,
    permute_dims as permute_dims,
    ravel as ravel,
    repeat as repeat,
    reshape as reshape,
    roll as roll,
    row_stack as row_stack,
    shape as shape,
    size as size,
    split as split,
    squeeze as squeeze,
    stack as stack,
    swapaxes as swapaxes,
    tile as tile,
    trace as trace,
    transpose as transpose,
    unstack as unstack,
    vstack as vstack,
)
from ._types import (
    array2string as array2string,
    array_repr as array_repr,
    array_str as array_str,
    can_cast as can_cast,
    dtype as dtype,
    finfo as finfo,
    format_float_positional as format_float_positional,
    format_float_scientific as format_float_scientific,
    iinfo as iinfo,
    isdtype as isdtype,
    issubdtype as issubdtype,
    ndarray as ndarray,
    promote_types as promote_types,
    result_type as result_type,
)
from ._ufuncs import make as _ufunc
from ._ufuncs import ufunc as ufunc

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
isnat = _ufunc("isnat")
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
# NumPy's scalar types of data aiarray does not compute: that data stays NumPy's ndarray,
# which every function here takes (NumPy computes on it)
datetime64 = _np.datetime64
timedelta64 = _np.timedelta64
longdouble = _np.longdouble
clongdouble = _np.clongdouble
record = _np.record
if hasattr(_np, "float128"):  # (where NumPy has them: the platform's long double)
    float128 = _np.float128
if hasattr(_np, "complex256"):
    complex256 = _np.complex256
busdaycalendar = _np.busdaycalendar
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
    active ``aiarray.promotion_policy(...)`` block still overrides it.

    Examples
    --------
    >>> a = np.array([1, 2], dtype=np.uint8)
    >>> (a / 2).dtype  # NumPy's rules: uint8 / int gives float64
    dtype('float64')
    >>> np.set_promotion_policy("ascend")
    >>> (a / 2).dtype  # Ascend's: float32
    dtype('float32')
    >>> np.set_promotion_policy("numpy")
    """
    _P.set_swapin_policy(name)


@_guarded
def get_promotion_policy() -> str:
    """Name of the promotion policy swap-in arrays follow here.

    Examples
    --------
    >>> np.get_promotion_policy()
    'numpy'
    >>> with np.promotion_policy("ascend"):
    ...     np.get_promotion_policy()
    'ascend'
    """
    return _P.policy_for(_P.SWAPIN_CALL).name


promotion_policy = _guarded(_P.swapin_promotion_policy, name="promotion_policy",
                            module=__name__)
promotion_policy.__doc__ = """Use policy ``name`` for swap-in arrays inside a ``with`` block
(thread- and task-local); the block gives the policy's name.

Examples
--------
>>> a = np.array([1, 2], dtype=np.uint8)
>>> (a + 1.5).dtype
dtype('float64')
>>> with np.promotion_policy("ascend") as name:
...     name, (a + 1.5).dtype
('ascend', dtype('float32'))
"""

from ._status import install_not_served_finder as _install_not_served_finder
from ._status import not_served_message as _not_served_message
from ._status import status as _status

_install_not_served_finder()  # ``from aiarray.numpy import ma`` says why, as ``.ma`` does

# submodules loaded on first use, as NumPy loads its own (numpy.testing alone was a quarter
# of this import, numpy.random a tenth); fft and random stay in __all__, as in NumPy's
if _TYPE_CHECKING:
    from . import fft as fft
    from . import random as random
_LAZY = frozenset({"polynomial", "emath", "lib", "testing", "fft", "random"})


def __getattr__(name: str) -> _Any:
    if name == "bfloat16":  # aiarray's extra dtype: ml_dtypes' scalar type, loaded on use
        import ml_dtypes

        return ml_dtypes.bfloat16
    if name in _LAZY:
        import importlib

        module = importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module
        return module
    text = _not_served_message(name)
    if text is not None:
        raise AttributeError(text)
    raise AttributeError(f"module 'aiarray.numpy' has no attribute {name!r}")


# The public names defined above (every one imported or written out by name in this file);
# the lazy submodules and bfloat16 are reached by attribute, so ``import *`` loads none
# but fft and random (as NumPy's own ``import *`` loads them).
__all__ = [*sorted({*(n for n in globals() if not n.startswith("_") and n != "annotations"),
                    "fft", "random"}),
           "__array_api_version__", "__array_namespace_info__"]


def __dir__() -> list[str]:
    return sorted({*__all__, *_LAZY, "bfloat16"})
