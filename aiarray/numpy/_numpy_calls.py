"""NumPy's own functions for what the standard namespace lacks, on views of the data.

Each name below is NumPy's function, called on zero-copy ndarray views of the Array
arguments (also inside lists and tuples; complex32 is widened to complex64, a copy);
ndarray and NumPy-scalar results of aiarray's dtypes come back as swap-in Arrays
(others, e.g. strings, stay NumPy's).  Nothing here re-implements NumPy: it is the
table of names (``CALLS``: name -> how the arguments convert), generated into
functions, every name spelled out so tools see it.

How arguments convert (the second argument of ``_numpy_function``):
- ``VALUES``: a new result (the common case).
- ``IN_PLACE``: NumPy writes into the first argument; a complex32 Array (computed
  through a widened copy) gets the values written back.  A call that raises leaves
  the array as it was: NumPy checks everything before writing, except ``put``, whose
  indices NumPy checks one by one while writing, so they are checked first here
  (``PRECHECKS``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._errors import InvalidArgumentError, OutOfRangeError, TypeMismatchError
from . import _convert as C
from . import _files
from ._boundary import guard_class, guarded, reraise

VALUES = "values"
IN_PLACE = "in place"
CALLS: dict[str, str] = {}  # name -> VALUES | IN_PLACE (filled by _numpy_function)


def _put_indices(a: Any, ind: Any, v: Any = None, mode: str = "raise") -> None:
    """``put``'s indices, checked before NumPy writes (NumPy raises at the first index
    out of range, after writing the ones before it)."""
    if mode != "raise" or v is None:
        return  # (no values: NumPy's own TypeError)
    try:
        idx = np.asarray(C.view(ind)).astype(np.intp, casting="unsafe")
    except (TypeError, ValueError, OverflowError):
        return  # NumPy's own conversion raises, before writing anything
    n = np.size(C.view(a))
    bad = idx[(idx >= n) | (idx < -n)]
    if bad.size:
        raise OutOfRangeError(f"put(): index {int(bad.flat[0])} is out of bounds for axis 0 "
                              f"with size {n}")


# NumPy in-place function -> the check that must pass before NumPy writes anything
PRECHECKS: dict[str, Callable[..., None]] = {"put": _put_indices}


Through = Callable[[Callable[..., Any], tuple[Any, ...], dict[str, Any]], Any]


def _numpy_function(name: str, kind: str = VALUES,
                    through: Through = C.on_views) -> Callable[..., Any]:
    """NumPy's ``name`` over views of aiarray Arrays (registered in CALLS); ``through``
    calls it (default: on views, results wrapped; the file functions: ``_files``)."""
    func = getattr(np, name)
    CALLS[name] = kind
    if kind == IN_PLACE:
        precheck = PRECHECKS.get(name)

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                if not args:
                    raise InvalidArgumentError(f"{name}(): the array to write into is missing")
                if precheck is not None:
                    precheck(*args, **kwargs)
                target = args[0]
                if type(target) is Array and not target._array.flags.writeable:
                    raise InvalidArgumentError(f"{name}(): the array is read-only")
                if type(target) is Array and target._dtype is D.complex32:
                    wide = C.view(target)
                    res = func(wide, *C.view(args[1:]),
                               **{k: C.view(v) for k, v in kwargs.items()})
                    target._array[...] = D.to_c32(wide)
                    return C.wrap(res)
                return C.on_views(func, args, kwargs)
            except Exception as e:
                reraise(e, name, args, kwargs, func)
    else:

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return through(func, args, kwargs)
            except Exception as e:
                reraise(e, name, args, kwargs, func)

    functools.update_wrapper(call, func, assigned=("__name__", "__qualname__"))
    call.__module__ = "aiarray.numpy"
    call.__wrapped__ = func  # type: ignore[attr-defined]  # inspect.signature shows NumPy's
    call.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # (the fuzzer's mark)
    call.__doc__ = (f"numpy.{name} computed by NumPy on views of aiarray Arrays; results "
                    f"are aiarray Arrays.  See NumPy's documentation of numpy.{name}.")
    return call


# -- creation and input/output ------------------------------------------------------------
logspace = _numpy_function("logspace")
geomspace = _numpy_function("geomspace")
tri = _numpy_function("tri")
diag = _numpy_function("diag")
diagflat = _numpy_function("diagflat")
vander = _numpy_function("vander")
fromiter = _numpy_function("fromiter", through=_files.reads("fromiter"))
frombuffer = _numpy_function("frombuffer", through=_files.reads("frombuffer"))
fromstring = _numpy_function("fromstring", through=_files.reads("fromstring"))
fromfile = _numpy_function("fromfile", through=_files.reads("fromfile"))
fromregex = _numpy_function("fromregex")
loadtxt = _numpy_function("loadtxt", through=_files.reads("loadtxt"))
genfromtxt = _numpy_function("genfromtxt", through=_files.reads("genfromtxt"))
save = _numpy_function("save", through=_files.writes)
savetxt = _numpy_function("savetxt")
savez = _numpy_function("savez", through=_files.writes)
savez_compressed = _numpy_function("savez_compressed", through=_files.writes)
indices = _numpy_function("indices")
diag_indices = _numpy_function("diag_indices")
diag_indices_from = _numpy_function("diag_indices_from")
tril_indices = _numpy_function("tril_indices")
tril_indices_from = _numpy_function("tril_indices_from")
triu_indices = _numpy_function("triu_indices")
triu_indices_from = _numpy_function("triu_indices_from")
mask_indices = _numpy_function("mask_indices")
require = _numpy_function("require")
asarray_chkfinite = _numpy_function("asarray_chkfinite")

# -- statistics, histograms, signals -----------------------------------------------------
ptp = _numpy_function("ptp")
average = _numpy_function("average")
median = _numpy_function("median")
percentile = _numpy_function("percentile")
quantile = _numpy_function("quantile")
nanmax = _numpy_function("nanmax")
nanmin = _numpy_function("nanmin")
nanargmax = _numpy_function("nanargmax")
nanargmin = _numpy_function("nanargmin")
nansum = _numpy_function("nansum")
nanprod = _numpy_function("nanprod")
nancumsum = _numpy_function("nancumsum")
nancumprod = _numpy_function("nancumprod")
nanmean = _numpy_function("nanmean")
nanmedian = _numpy_function("nanmedian")
nanpercentile = _numpy_function("nanpercentile")
nanquantile = _numpy_function("nanquantile")
nanstd = _numpy_function("nanstd")
nanvar = _numpy_function("nanvar")
histogram = _numpy_function("histogram")
histogram2d = _numpy_function("histogram2d")
histogramdd = _numpy_function("histogramdd")
histogram_bin_edges = _numpy_function("histogram_bin_edges")
bincount = _numpy_function("bincount")
digitize = _numpy_function("digitize")
cov = _numpy_function("cov")
corrcoef = _numpy_function("corrcoef")
correlate = _numpy_function("correlate")
convolve = _numpy_function("convolve")
ediff1d = _numpy_function("ediff1d")
gradient = _numpy_function("gradient")
trapezoid = _numpy_function("trapezoid")
interp = _numpy_function("interp")
bartlett = _numpy_function("bartlett")
blackman = _numpy_function("blackman")
hamming = _numpy_function("hamming")
hanning = _numpy_function("hanning")
kaiser = _numpy_function("kaiser")

# -- rearranging, inserting, selecting -----------------------------------------------------
array_split = _numpy_function("array_split")
hsplit = _numpy_function("hsplit")
vsplit = _numpy_function("vsplit")
dsplit = _numpy_function("dsplit")
fliplr = _numpy_function("fliplr")
flipud = _numpy_function("flipud")
rot90 = _numpy_function("rot90")
rollaxis = _numpy_function("rollaxis")
insert = _numpy_function("insert")
delete = _numpy_function("delete")
append = _numpy_function("append")
resize = _numpy_function("resize")
trim_zeros = _numpy_function("trim_zeros")
block = _numpy_function("block")
choose = _numpy_function("choose")
compress = _numpy_function("compress")
extract = _numpy_function("extract")
select = _numpy_function("select")
piecewise = _numpy_function("piecewise")
argwhere = _numpy_function("argwhere")
flatnonzero = _numpy_function("flatnonzero")
diagonal = _numpy_function("diagonal")
partition = _numpy_function("partition")
argpartition = _numpy_function("argpartition")
lexsort = _numpy_function("lexsort")
sort_complex = _numpy_function("sort_complex")
unique = _numpy_function("unique")
intersect1d = _numpy_function("intersect1d")
union1d = _numpy_function("union1d")
setdiff1d = _numpy_function("setdiff1d")
setxor1d = _numpy_function("setxor1d")
ravel_multi_index = _numpy_function("ravel_multi_index")
unravel_index = _numpy_function("unravel_index")
ix_ = _numpy_function("ix_")
packbits = _numpy_function("packbits")
unpackbits = _numpy_function("unpackbits")
apply_along_axis = _numpy_function("apply_along_axis")
apply_over_axes = _numpy_function("apply_over_axes")
put = _numpy_function("put", IN_PLACE)
put_along_axis = _numpy_function("put_along_axis", IN_PLACE)
putmask = _numpy_function("putmask", IN_PLACE)
place = _numpy_function("place", IN_PLACE)
fill_diagonal = _numpy_function("fill_diagonal", IN_PLACE)

# -- products ------------------------------------------------------------------------------
kron = _numpy_function("kron")
einsum = _numpy_function("einsum")
einsum_path = _numpy_function("einsum_path")
cross = _numpy_function("cross")

# -- elementwise functions that are not ufuncs ----------------------------------------------
angle = _numpy_function("angle")
fix = _numpy_function("fix")
nan_to_num = _numpy_function("nan_to_num")
real_if_close = _numpy_function("real_if_close")
iscomplex = _numpy_function("iscomplex")
isreal = _numpy_function("isreal")
iscomplexobj = _numpy_function("iscomplexobj")
isrealobj = _numpy_function("isrealobj")
isneginf = _numpy_function("isneginf")
isposinf = _numpy_function("isposinf")
isclose = _numpy_function("isclose")  # NumPy's: in the operands' dtype (NEP 50 scalars)
i0 = _numpy_function("i0")
sinc = _numpy_function("sinc")
unwrap = _numpy_function("unwrap")

# -- the legacy polynomial functions -----------------------------------------------------
poly = _numpy_function("poly")
polyadd = _numpy_function("polyadd")
polyder = _numpy_function("polyder")
polydiv = _numpy_function("polydiv")
polyfit = _numpy_function("polyfit")
polyint = _numpy_function("polyint")
polymul = _numpy_function("polymul")
polysub = _numpy_function("polysub")
polyval = _numpy_function("polyval")
roots = _numpy_function("roots")

# -- predicates and information --------------------------------------------------------------
allclose = _numpy_function("allclose")
array_equal = _numpy_function("array_equal")
array_equiv = _numpy_function("array_equiv")
may_share_memory = _numpy_function("may_share_memory")
shares_memory = _numpy_function("shares_memory")
isfortran = _numpy_function("isfortran")
isscalar = _numpy_function("isscalar")
iterable = _numpy_function("iterable")
min_scalar_type = _numpy_function("min_scalar_type")
common_type = _numpy_function("common_type")
mintypecode = _numpy_function("mintypecode")
typename = _numpy_function("typename")
base_repr = _numpy_function("base_repr")
binary_repr = _numpy_function("binary_repr")
ndenumerate = _numpy_function("ndenumerate")
nditer = _numpy_function("nditer")
nested_iters = _numpy_function("nested_iters")

# -- dates and times: NumPy's datetime64/timedelta64 data, which stays NumPy's ---------------
datetime_as_string = _numpy_function("datetime_as_string")
datetime_data = _numpy_function("datetime_data")
busday_count = _numpy_function("busday_count")
busday_offset = _numpy_function("busday_offset")
is_busday = _numpy_function("is_busday")


@guard_class
class _IndexTrick:
    """NumPy's ``mgrid``/``ogrid``/``r_``/``c_`` with Array results."""

    def __init__(self, obj: Any, name: str) -> None:
        self._obj = obj
        self._name = name

    def __getitem__(self, key: Any) -> Any:
        return C.wrap(self._obj[C.view(key)])

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return f"<aiarray.numpy.{self._name}>"


mgrid = _IndexTrick(np.mgrid, "mgrid")
ogrid = _IndexTrick(np.ogrid, "ogrid")
r_ = _IndexTrick(np.r_, "r_")
c_ = _IndexTrick(np.c_, "c_")


@guard_class
class vectorize(np.vectorize):  # noqa: N801 - NumPy's name
    """NumPy's vectorize; called on Arrays it returns Arrays."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return C.wrap(super().__call__(*C.view(args), **{k: C.view(v)
                                                          for k, v in kwargs.items()}))


@guard_class
class poly1d(np.poly1d):  # noqa: N801 - NumPy's name
    """NumPy's poly1d; evaluating it at Arrays gives Arrays."""

    def __init__(self, c_or_r: Any, r: bool = False, variable: Any = None) -> None:
        super().__init__(C.view(c_or_r), r, variable)

    def __call__(self, val: Any) -> Any:
        return C.wrap(super().__call__(C.view(val)))


@guard_class
class NpzFile:
    """The arrays of an .npz file (``load('f.npz')``): each read as an Array.

    Examples
    --------
    >>> import io
    >>> buffer = io.BytesIO()
    >>> np.savez(buffer, x=np.arange(3), y=np.ones(2))
    >>> _ = buffer.seek(0)
    >>> with np.load(buffer) as f:
    ...     f.files, f["x"]
    (['x', 'y'], Array([0, 1, 2]))
    """

    def __init__(self, npz: Any) -> None:
        if not isinstance(npz, np.lib.npyio.NpzFile):
            raise TypeMismatchError(f"NpzFile(npz={type(npz).__name__}): npz must be NumPy's "
                                    "NpzFile (as numpy.load gives for an .npz file)")
        self._npz = npz
        self.files = npz.files

    def __getitem__(self, key: str) -> Any:
        return _files.from_file(self._npz[key])

    def __contains__(self, key: str) -> bool:
        return key in self._npz

    def __iter__(self) -> Any:
        return iter(self._npz)

    def __len__(self) -> int:
        return len(self._npz)

    def keys(self) -> Any:
        """The array names."""
        return self._npz.keys()

    def items(self) -> Any:
        """(name, Array) pairs."""
        return [(k, self[k]) for k in self._npz.keys()]

    def close(self) -> None:
        """Close the file."""
        self._npz.close()

    def __repr__(self) -> str:
        return repr(self._npz)

    def __enter__(self) -> NpzFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


@guarded
def load(file: Any, mmap_mode: Any = None, allow_pickle: bool = False,
         fix_imports: bool = True, encoding: str = "ASCII", *,
         max_header_size: int = 10000) -> Any:
    """NumPy's load: an .npy file as an Array, an .npz file as a mapping of Arrays
    (bfloat16 and complex32 by aiarray's file convention, ``_files``)."""
    res = np.load(file, mmap_mode, allow_pickle, fix_imports, encoding,  # type: ignore[arg-type]  # NumPy checks it
                  max_header_size=max_header_size)
    if isinstance(res, np.lib.npyio.NpzFile):
        return NpzFile(res)
    return _files.from_file(res)


CALLS["load"] = VALUES
