"""Conversion and regeneration of a long flat tree do work linear in its length.

Counted, not timed: cProfile's count of function calls (builtins included)
is deterministic. A linear pass over a four times longer tree makes about
four times the calls; the quadratic steps this guards against (each word
walking all its siblings, each dependent all its head's dependents, the
string metrics' full tables on an exact sentence) made 12 to 16 times as
many. The timing (a flat 8,000-word tree) is in `make bench`.
"""
from __future__ import annotations

import cProfile
import pstats

import pytest

from ptb2fd.regen.check import RegenerationCheck
from ptb2fd.regen.string_metrics import align, common_ends, lcs_length

GROWTH = 4  # the longer tree has GROWTH times the words
MAX_RATIO = 6.0  # calls(long) / calls(short): about 4 when linear, 12-16 when quadratic


def flat_np(n: int) -> str:
    return "( (NP " + " ".join(f"(NN w{i})" for i in range(n)) + ") )"


def flat_np_with_commas(n: int) -> str:
    words = " ".join(f"(NN w{i}) (, ,)" if i % 2 else f"(NN w{i})" for i in range(n))
    return f"( (NP {words} (CC and) (NN last)) )"


def flat_np_comma_every_tenth(n: int) -> str:
    """No conjunction: the commas go by the paired and outward strategies,
    which looked at all the marks' siblings for each mark."""
    words = " ".join(f"(NN w{i}) (, ,)" if i % 10 == 9 else f"(NN w{i})" for i in range(n))
    return f"( (NP {words}) )"


def flat_coordination(n: int) -> str:
    conjuncts = " (, ,) ".join(f"(NP (NN w{i}))" for i in range(n // 2))
    return f"( (NP {conjuncts} (CC and) (NP (NN last))) )"


def calls(func, *args) -> tuple[int, object]:
    profile = cProfile.Profile()
    result = profile.runcall(func, *args)
    return pstats.Stats(profile).total_calls, result


@pytest.mark.parametrize("shape", [flat_np, flat_np_with_commas, flat_np_comma_every_tenth, flat_coordination])
def test_conversion_and_regeneration_calls_grow_linearly(converter, rules, shape):
    regenerate_check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, "paper")
    regenerate_check.run(converter.convert_text(shape(20)))  # tables loaded, caches warm
    counts = {}
    for n in (500, 500 * GROWTH):
        convert_calls, sentence = calls(converter.convert_text, shape(n))
        regen_calls, result = calls(regenerate_check.run, sentence)
        assert result.score.exact, "the flat tree regenerates exactly, so the string metrics see an exact sentence"
        counts[n] = (convert_calls, regen_calls)
    short, long = counts[500], counts[500 * GROWTH]
    assert long[0] / short[0] < MAX_RATIO, f"conversion calls {short[0]} -> {long[0]}"
    assert long[1] / short[1] < MAX_RATIO, f"regeneration calls {short[1]} -> {long[1]}"


def test_string_metrics_skip_the_common_ends():
    ref = [f"w{i}" for i in range(3000)]
    out = ref[:1500] + ["extra"] + ref[1500:]
    assert common_ends(ref, out) == (1500, 1500)
    assert common_ends(ref, ref) == (0, 3000)  # all suffix
    assert lcs_length(ref, out) == 3000
    assert lcs_length(["a", "b", "c", "a"], ["a", "c", "b", "a"]) == 3
    # align's table stops at the common suffix (matches are always read back
    # as matches, so the result is the full table's): an exact sentence and
    # a word inserted at the start cost no table.
    n, ops = calls(align, ref, ["extra"] + ref)
    assert ops[0] == ("ins", None, 0) and ops[1:] == [("match", i, i + 1) for i in range(3000)]
    assert n < 100
    assert calls(align, ref, ref)[1] == [("match", i, i) for i in range(3000)]


def test_counts_add_every_field():
    """Counts.__add__ names its fields (it is on the hot path): a field added
    to Counts and not summed there fails here."""
    from dataclasses import fields

    from ptb2fd.regen.string_metrics import Counts

    names = [f.name for f in fields(Counts)]
    a = Counts(*range(1, len(names) + 1))
    b = Counts(*(10 ** i for i in range(1, len(names) + 1)))
    assert [getattr(a + b, n) for n in names] == [getattr(a, n) + getattr(b, n) for n in names]
