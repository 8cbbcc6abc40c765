"""n-ary promotion does not depend on the order of the operands, under every policy (issue 13).

The policies are taken from the registry (``aiarray._promotion._POLICIES``), so a policy
added later is tested too.  The reference for "order-independent" is the definition
itself: every permutation of the operands gives the same dtype, or every one raises
TypeError.  Where the plain left fold of the pair table already is order-independent,
the n-ary rule must give the same answer as it (the rule changes nothing that was
well defined), and it must raise exactly when some pair of the operands has no rule.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import aiarray as aa
from aiarray import _dtypes as D
from aiarray import _promotion as P

POLICIES = sorted(P.POLICIES)  # every policy, built or not
DTYPES = list(D.ALL_DTYPES)
TRIPLES = list(itertools.combinations_with_replacement(DTYPES, 3))


def _outcome(*args: object) -> object:
    try:
        return aa.result_type(*args)
    except TypeError as e:
        assert e.status in (aa.Status.TYPE_MISMATCH,), e
        return TypeError
    except OverflowError:
        return OverflowError


def _left_fold(pol: P.Policy, dtypes: tuple) -> np.dtype | None:
    res = dtypes[0]
    for dt in dtypes[1:]:
        res = pol.fast_pairs[(res, dt)]
        if res is None:
            return None
    return res


@pytest.mark.parametrize("policy", POLICIES)
def test_result_type_of_every_dtype_triple_ignores_the_order(policy):
    pol = P._POLICIES[policy]
    with aa.promotion_policy(policy):
        for triple in TRIPLES:
            outcomes = {_outcome(*p) for p in set(itertools.permutations(triple))}
            assert len(outcomes) == 1, (policy, [D.name_of(d) for d in triple], outcomes)
            got = outcomes.pop()
            every_pair = all(pol.fast_pairs[(a, b)] is not None
                             for a, b in itertools.combinations(triple, 2))
            assert (got is not TypeError) == every_pair, (policy, triple, got)
            folds = {_left_fold(pol, p) for p in itertools.permutations(triple)}
            if every_pair and len(folds) == 1:  # the plain fold was already well defined
                assert got == folds.pop(), (policy, triple, got)


@pytest.mark.parametrize("policy", POLICIES)
def test_concat_and_stack_dtypes_ignore_the_order(policy):
    arrays = {dt: aa.zeros(1, dtype=dt) for dt in DTYPES}
    with aa.promotion_policy(policy):
        for triple in TRIPLES[::7]:  # a spread of the triples: each call allocates
            want = _outcome(*triple)
            for p in set(itertools.permutations(triple)):
                for join in (aa.concat, aa.stack):
                    try:
                        got = join([arrays[dt] for dt in p]).dtype
                    except TypeError:
                        got = TypeError
                    assert got == want, (policy, join.__name__, p, got, want)


SCALARS = [True, 1, 1.0, 1j, np.int8(1), np.uint16(1), np.float16(1.0), np.float64(1.0),
           np.complex64(1), aa.scalar(1, dtype=aa.bfloat16), aa.scalar(1, dtype=aa.uint64),
           aa.scalar(1, dtype=aa.complex32)]


@pytest.mark.parametrize("policy", POLICIES)
def test_result_type_with_scalars_ignores_the_order(policy):
    with aa.promotion_policy(policy):
        for dt in DTYPES:
            for s1, s2 in itertools.combinations(SCALARS, 2):
                outcomes = {_outcome(*p) for p in itertools.permutations((dt, s1, s2))}
                assert len(outcomes) == 1, (policy, D.name_of(dt), s1, s2, outcomes)


def test_the_documented_triples():
    # float16 and bfloat16 need float32; with complex32 that is complex64 in every order
    with aa.promotion_policy("ascend"):
        for p in itertools.permutations((aa.float16, aa.bfloat16, aa.complex32)):
            assert aa.result_type(*p) == aa.complex64
        # float32 with uint16 has no rule: no order of the three is defined (issue 13)
        for p in itertools.permutations((aa.float32, aa.int8, aa.uint16)):
            with pytest.raises(TypeError) as info:
                aa.result_type(*p)
            assert "float32" in str(info.value) and "uint16" in str(info.value)
        # the error names the same pair whatever the order
        messages = set()
        for p in itertools.permutations((aa.float32, aa.int8, aa.uint16)):
            with pytest.raises(TypeError) as info:
                aa.concat([aa.zeros(1, dtype=dt) for dt in p])
            messages.add(str(info.value))
        assert len(messages) == 1
        # Python ints must fit the result, whichever order the scalars come in
        for args in ((aa.int8, 1.5, 1000), (aa.int8, 1000, 1.5)):
            assert aa.result_type(*args) == aa.float32
        with pytest.raises(OverflowError):
            aa.result_type(aa.int8, True, 1000)


def test_n_ary_callers_share_the_rule():
    x = aa.zeros(2, dtype=aa.float16)
    y = aa.zeros(2, dtype=aa.bfloat16)
    z = aa.zeros(2, dtype=aa.complex32)
    with aa.promotion_policy("ascend"):
        for p in itertools.permutations((x, y, z)):
            assert aa.concat(list(p)).dtype == aa.complex64
            assert aa.stack(list(p)).dtype == aa.complex64
            assert aa.multiply_add(*p).dtype == aa.complex64
