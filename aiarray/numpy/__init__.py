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
from .._api.info import __array_namespace_info__ as __array_namespace_info__
from .._array import Array as _Array
from .._array_numpy import FlatIter as _FlatIter
from . import _convert, _protocols
from . import exceptions as exceptions
from . import fft as fft
from . import linalg as linalg
from . import random as random
from . import testing as testing
from ._creation import (
    arange as arange,
)
from ._creation import (
    array as array,
)
from ._creation import (
    asanyarray as asanyarray,
)
from ._creation import (
    asarray as asarray,
)
from ._creation import (
    ascontiguousarray as ascontiguousarray,
)
from ._creation import (
    asfortranarray as asfortranarray,
)
from ._creation import (
    astype as astype,
)
from ._creation import (
    copy as copy,
)
from ._creation import (
    empty as empty,
)
from ._creation import (
    empty_like as empty_like,
)
from ._creation import (
    eye as eye,
)
from ._creation import (
    from_dlpack as from_dlpack,
)
from ._creation import (
    fromfunction as fromfunction,
)
from ._creation import (
    full as full,
)
from ._creation import (
    full_like as full_like,
)
from ._creation import (
    identity as identity,
)
from ._creation import (
    linspace as linspace,
)
from ._creation import (
    meshgrid as meshgrid,
)
from ._creation import (
    ones as ones,
)
from ._creation import (
    ones_like as ones_like,
)
from ._creation import (
    tril as tril,
)
from ._creation import (
    triu as triu,
)
from ._creation import (
    zeros as zeros,
)
from ._creation import (
    zeros_like as zeros_like,
)
from ._numpy_calls import (
    CALLS as _CALLS,
)
from ._numpy_calls import (
    NpzFile as NpzFile,
)
from ._numpy_calls import (
    angle as angle,
)
from ._numpy_calls import (
    append as append,
)
from ._numpy_calls import (
    apply_along_axis as apply_along_axis,
)
from ._numpy_calls import (
    apply_over_axes as apply_over_axes,
)
from ._numpy_calls import (
    argpartition as argpartition,
)
from ._numpy_calls import (
    argwhere as argwhere,
)
from ._numpy_calls import (
    array_equal as array_equal,
)
from ._numpy_calls import (
    array_equiv as array_equiv,
)
from ._numpy_calls import (
    array_split as array_split,
)
from ._numpy_calls import (
    asarray_chkfinite as asarray_chkfinite,
)
from ._numpy_calls import (
    average as average,
)
from ._numpy_calls import (
    bartlett as bartlett,
)
from ._numpy_calls import (
    base_repr as base_repr,
)
from ._numpy_calls import (
    binary_repr as binary_repr,
)
from ._numpy_calls import (
    bincount as bincount,
)
from ._numpy_calls import (
    blackman as blackman,
)
from ._numpy_calls import (
    block as block,
)
from ._numpy_calls import (
    c_ as c_,
)
from ._numpy_calls import (
    choose as choose,
)
from ._numpy_calls import (
    common_type as common_type,
)
from ._numpy_calls import (
    compress as compress,
)
from ._numpy_calls import (
    convolve as convolve,
)
from ._numpy_calls import (
    corrcoef as corrcoef,
)
from ._numpy_calls import (
    correlate as correlate,
)
from ._numpy_calls import (
    cov as cov,
)
from ._numpy_calls import (
    cross as cross,
)
from ._numpy_calls import (
    delete as delete,
)
from ._numpy_calls import (
    diag as diag,
)
from ._numpy_calls import (
    diag_indices as diag_indices,
)
from ._numpy_calls import (
    diag_indices_from as diag_indices_from,
)
from ._numpy_calls import (
    diagflat as diagflat,
)
from ._numpy_calls import (
    diagonal as diagonal,
)
from ._numpy_calls import (
    digitize as digitize,
)
from ._numpy_calls import (
    dsplit as dsplit,
)
from ._numpy_calls import (
    ediff1d as ediff1d,
)
from ._numpy_calls import (
    einsum as einsum,
)
from ._numpy_calls import (
    einsum_path as einsum_path,
)
from ._numpy_calls import (
    extract as extract,
)
from ._numpy_calls import (
    fill_diagonal as fill_diagonal,
)
from ._numpy_calls import (
    fix as fix,
)
from ._numpy_calls import (
    flatnonzero as flatnonzero,
)
from ._numpy_calls import (
    fliplr as fliplr,
)
from ._numpy_calls import (
    flipud as flipud,
)
from ._numpy_calls import (
    frombuffer as frombuffer,
)
from ._numpy_calls import (
    fromfile as fromfile,
)
from ._numpy_calls import (
    fromiter as fromiter,
)
from ._numpy_calls import (
    fromregex as fromregex,
)
from ._numpy_calls import (
    fromstring as fromstring,
)
from ._numpy_calls import (
    genfromtxt as genfromtxt,
)
from ._numpy_calls import (
    geomspace as geomspace,
)
from ._numpy_calls import (
    gradient as gradient,
)
from ._numpy_calls import (
    hamming as hamming,
)
from ._numpy_calls import (
    hanning as hanning,
)
from ._numpy_calls import (
    histogram as histogram,
)
from ._numpy_calls import (
    histogram2d as histogram2d,
)
from ._numpy_calls import (
    histogram_bin_edges as histogram_bin_edges,
)
from ._numpy_calls import (
    histogramdd as histogramdd,
)
from ._numpy_calls import (
    hsplit as hsplit,
)
from ._numpy_calls import (
    i0 as i0,
)
from ._numpy_calls import (
    indices as indices,
)
from ._numpy_calls import (
    insert as insert,
)
from ._numpy_calls import (
    interp as interp,
)
from ._numpy_calls import (
    intersect1d as intersect1d,
)
from ._numpy_calls import (
    iscomplex as iscomplex,
)
from ._numpy_calls import (
    iscomplexobj as iscomplexobj,
)
from ._numpy_calls import (
    isfortran as isfortran,
)
from ._numpy_calls import (
    isneginf as isneginf,
)
from ._numpy_calls import (
    isposinf as isposinf,
)
from ._numpy_calls import (
    isreal as isreal,
)
from ._numpy_calls import (
    isrealobj as isrealobj,
)
from ._numpy_calls import (
    isscalar as isscalar,
)
from ._numpy_calls import (
    iterable as iterable,
)
from ._numpy_calls import (
    ix_ as ix_,
)
from ._numpy_calls import (
    kaiser as kaiser,
)
from ._numpy_calls import (
    kron as kron,
)
from ._numpy_calls import (
    lexsort as lexsort,
)
from ._numpy_calls import (
    load as load,
)
from ._numpy_calls import (
    loadtxt as loadtxt,
)
from ._numpy_calls import (
    logspace as logspace,
)
from ._numpy_calls import (
    mask_indices as mask_indices,
)
from ._numpy_calls import (
    may_share_memory as may_share_memory,
)
from ._numpy_calls import (
    median as median,
)
from ._numpy_calls import (
    mgrid as mgrid,
)
from ._numpy_calls import (
    min_scalar_type as min_scalar_type,
)
from ._numpy_calls import (
    mintypecode as mintypecode,
)
from ._numpy_calls import (
    nan_to_num as nan_to_num,
)
from ._numpy_calls import (
    nanargmax as nanargmax,
)
from ._numpy_calls import (
    nanargmin as nanargmin,
)
from ._numpy_calls import (
    nancumprod as nancumprod,
)
from ._numpy_calls import (
    nancumsum as nancumsum,
)
from ._numpy_calls import (
    nanmax as nanmax,
)
from ._numpy_calls import (
    nanmean as nanmean,
)
from ._numpy_calls import (
    nanmedian as nanmedian,
)
from ._numpy_calls import (
    nanmin as nanmin,
)
from ._numpy_calls import (
    nanpercentile as nanpercentile,
)
from ._numpy_calls import (
    nanprod as nanprod,
)
from ._numpy_calls import (
    nanquantile as nanquantile,
)
from ._numpy_calls import (
    nanstd as nanstd,
)
from ._numpy_calls import (
    nansum as nansum,
)
from ._numpy_calls import (
    nanvar as nanvar,
)
from ._numpy_calls import (
    ndenumerate as ndenumerate,
)
from ._numpy_calls import (
    nditer as nditer,
)
from ._numpy_calls import (
    nested_iters as nested_iters,
)
from ._numpy_calls import (
    ogrid as ogrid,
)
from ._numpy_calls import (
    packbits as packbits,
)
from ._numpy_calls import (
    partition as partition,
)
from ._numpy_calls import (
    percentile as percentile,
)
from ._numpy_calls import (
    piecewise as piecewise,
)
from ._numpy_calls import (
    place as place,
)
from ._numpy_calls import (
    poly as poly,
)
from ._numpy_calls import (
    poly1d as poly1d,
)
from ._numpy_calls import (
    polyadd as polyadd,
)
from ._numpy_calls import (
    polyder as polyder,
)
from ._numpy_calls import (
    polydiv as polydiv,
)
from ._numpy_calls import (
    polyfit as polyfit,
)
from ._numpy_calls import (
    polyint as polyint,
)
from ._numpy_calls import (
    polymul as polymul,
)
from ._numpy_calls import (
    polysub as polysub,
)
from ._numpy_calls import (
    polyval as polyval,
)
from ._numpy_calls import (
    ptp as ptp,
)
from ._numpy_calls import (
    put as put,
)
from ._numpy_calls import (
    put_along_axis as put_along_axis,
)
from ._numpy_calls import (
    putmask as putmask,
)
from ._numpy_calls import (
    quantile as quantile,
)
from ._numpy_calls import (
    r_ as r_,
)
from ._numpy_calls import (
    ravel_multi_index as ravel_multi_index,
)
from ._numpy_calls import (
    real_if_close as real_if_close,
)
from ._numpy_calls import (
    require as require,
)
from ._numpy_calls import (
    resize as resize,
)
from ._numpy_calls import (
    rollaxis as rollaxis,
)
from ._numpy_calls import (
    roots as roots,
)
from ._numpy_calls import (
    rot90 as rot90,
)
from ._numpy_calls import (
    save as save,
)
from ._numpy_calls import (
    savetxt as savetxt,
)
from ._numpy_calls import (
    savez as savez,
)
from ._numpy_calls import (
    savez_compressed as savez_compressed,
)
from ._numpy_calls import (
    select as select,
)
from ._numpy_calls import (
    setdiff1d as setdiff1d,
)
from ._numpy_calls import (
    setxor1d as setxor1d,
)
from ._numpy_calls import (
    shares_memory as shares_memory,
)
from ._numpy_calls import (
    sinc as sinc,
)
from ._numpy_calls import (
    sort_complex as sort_complex,
)
from ._numpy_calls import (
    trapezoid as trapezoid,
)
from ._numpy_calls import (
    tri as tri,
)
from ._numpy_calls import (
    tril_indices as tril_indices,
)
from ._numpy_calls import (
    tril_indices_from as tril_indices_from,
)
from ._numpy_calls import (
    trim_zeros as trim_zeros,
)
from ._numpy_calls import (
    triu_indices as triu_indices,
)
from ._numpy_calls import (
    triu_indices_from as triu_indices_from,
)
from ._numpy_calls import (
    typename as typename,
)
from ._numpy_calls import (
    union1d as union1d,
)
from ._numpy_calls import (
    unique as unique,
)
from ._numpy_calls import (
    unpackbits as unpackbits,
)
from ._numpy_calls import (
    unravel_index as unravel_index,
)
from ._numpy_calls import (
    unwrap as unwrap,
)
from ._numpy_calls import (
    vander as vander,
)
from ._numpy_calls import (
    vectorize as vectorize,
)
from ._numpy_calls import (
    vsplit as vsplit,
)
from ._reductions import (
    all as all,
)
from ._reductions import (
    amax as amax,
)
from ._reductions import (
    amin as amin,
)
from ._reductions import (
    any as any,
)
from ._reductions import (
    argmax as argmax,
)
from ._reductions import (
    argmin as argmin,
)
from ._reductions import (
    count_nonzero as count_nonzero,
)
from ._reductions import (
    cumprod as cumprod,
)
from ._reductions import (
    cumsum as cumsum,
)
from ._reductions import (
    cumulative_prod as cumulative_prod,
)
from ._reductions import (
    cumulative_sum as cumulative_sum,
)
from ._reductions import (
    diff as diff,
)
from ._reductions import (
    max as max,
)
from ._reductions import (
    mean as mean,
)
from ._reductions import (
    min as min,
)
from ._reductions import (
    prod as prod,
)
from ._reductions import (
    std as std,
)
from ._reductions import (
    sum as sum,
)
from ._reductions import (
    var as var,
)
from ._selecting import (
    allclose as allclose,
)
from ._selecting import (
    argsort as argsort,
)
from ._selecting import (
    around as around,
)
from ._selecting import (
    clip as clip,
)
from ._selecting import (
    copyto as copyto,
)
from ._selecting import (
    dot as dot,
)
from ._selecting import (
    imag as imag,
)
from ._selecting import (
    inner as inner,
)
from ._selecting import (
    isclose as isclose,
)
from ._selecting import (
    isin as isin,
)
from ._selecting import (
    matmul as matmul,
)
from ._selecting import (
    nonzero as nonzero,
)
from ._selecting import (
    outer as outer,
)
from ._selecting import (
    real as real,
)
from ._selecting import (
    round as round,
)
from ._selecting import (
    searchsorted as searchsorted,
)
from ._selecting import (
    sort as sort,
)
from ._selecting import (
    take as take,
)
from ._selecting import (
    take_along_axis as take_along_axis,
)
from ._selecting import (
    tensordot as tensordot,
)
from ._selecting import (
    unique_all as unique_all,
)
from ._selecting import (
    unique_counts as unique_counts,
)
from ._selecting import (
    unique_inverse as unique_inverse,
)
from ._selecting import (
    unique_values as unique_values,
)
from ._selecting import (
    vdot as vdot,
)
from ._selecting import (
    vecdot as vecdot,
)
from ._selecting import (
    where as where,
)
from ._shaping import (
    atleast_1d as atleast_1d,
)
from ._shaping import (
    atleast_2d as atleast_2d,
)
from ._shaping import (
    atleast_3d as atleast_3d,
)
from ._shaping import (
    broadcast_arrays as broadcast_arrays,
)
from ._shaping import (
    broadcast_shapes as broadcast_shapes,
)
from ._shaping import (
    broadcast_to as broadcast_to,
)
from ._shaping import (
    column_stack as column_stack,
)
from ._shaping import (
    concat as concat,
)
from ._shaping import (
    concatenate as concatenate,
)
from ._shaping import (
    dstack as dstack,
)
from ._shaping import (
    expand_dims as expand_dims,
)
from ._shaping import (
    flip as flip,
)
from ._shaping import (
    hstack as hstack,
)
from ._shaping import (
    matrix_transpose as matrix_transpose,
)
from ._shaping import (
    moveaxis as moveaxis,
)
from ._shaping import (
    ndim as ndim,
)
from ._shaping import (
    pad as pad,
)
from ._shaping import (
    permute_dims as permute_dims,
)
from ._shaping import (
    ravel as ravel,
)
from ._shaping import (
    repeat as repeat,
)
from ._shaping import (
    reshape as reshape,
)
from ._shaping import (
    roll as roll,
)
from ._shaping import (
    row_stack as row_stack,
)
from ._shaping import (
    shape as shape,
)
from ._shaping import (
    size as size,
)
from ._shaping import (
    split as split,
)
from ._shaping import (
    squeeze as squeeze,
)
from ._shaping import (
    stack as stack,
)
from ._shaping import (
    swapaxes as swapaxes,
)
from ._shaping import (
    tile as tile,
)
from ._shaping import (
    trace as trace,
)
from ._shaping import (
    transpose as transpose,
)
from ._shaping import (
    unstack as unstack,
)
from ._shaping import (
    vstack as vstack,
)
from ._types import (
    array2string as array2string,
)
from ._types import (
    array_repr as array_repr,
)
from ._types import (
    array_str as array_str,
)
from ._types import (
    can_cast as can_cast,
)
from ._types import (
    dtype as dtype,
)
from ._types import (
    finfo as finfo,
)
from ._types import (
    format_float_positional as format_float_positional,
)
from ._types import (
    format_float_scientific as format_float_scientific,
)
from ._types import (
    iinfo as iinfo,
)
from ._types import (
    isdtype as isdtype,
)
from ._types import (
    issubdtype as issubdtype,
)
from ._types import (
    ndarray as ndarray,
)
from ._types import (
    promote_types as promote_types,
)
from ._types import (
    result_type as result_type,
)
from ._ufuncs import make as _ufunc
from ._ufuncs import ufunc as ufunc

__array_api_version__ = "2025.12"

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
errstate = _np.errstate
seterr = _np.seterr
geterr = _np.geterr
seterrcall = _np.seterrcall
geterrcall = _np.geterrcall
setbufsize = _np.setbufsize
getbufsize = _np.getbufsize
set_printoptions = _np.set_printoptions
get_printoptions = _np.get_printoptions
printoptions = _np.printoptions
broadcast = _np.broadcast
s_ = _np.s_
index_exp = _np.index_exp
ndindex = _np.ndindex
frompyfunc = _np.frompyfunc
get_include = _np.get_include
show_config = _np.show_config
show_runtime = _np.show_runtime
__version__ = _np.__version__  # the NumPy whose API this namespace serves (and calls)
typing = _np.typing
dtypes = _np.dtypes
flatiter = _FlatIter  # the class of x.flat


def info(object: _Any = None, maxwidth: int = 76, output: _Any = None,
         toplevel: str = "numpy") -> None:
    """NumPy's info: for an Array, NumPy's description of its data (``class: ndarray``)."""
    if type(object) is _Array:
        object = _convert.view(object)
    _np.info(object, maxwidth, output, toplevel)


# -- the swap-in's promotion policy ------------------------------------------------------
def set_promotion_policy(name: str) -> None:
    """Select the promotion policy of swap-in arrays for the whole process ("numpy" by
    default; e.g. "ascend" to see what a script computes under Ascend's rules).  An
    active ``aiarray.promotion_policy(...)`` block still overrides it."""
    _P.set_swapin_policy(name)


def get_promotion_policy() -> str:
    """Name of the promotion policy swap-in arrays follow here."""
    return _P.policy_for(_P.SWAPIN_CALL).name


promotion_policy = _P.swapin_promotion_policy
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
