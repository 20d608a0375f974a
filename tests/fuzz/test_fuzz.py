"""Damaged input, fuzzed with hypothesis.

For every input the reader and the converter either convert a sentence with
all invariants holding, or report a parse or conversion error for it, with
its file, line and sentence id. Nothing else: no other exception, no
"internal error" or invariant error (those are bugs), no hang (every case
is bounded by the hypothesis deadline), and no later sentence lost: a good
tree after the damaged one still converts, with the id it would have had.

Run with `-s` to see the figures (examples run, errors reported, crashes);
set PTB2FD_FUZZ_EXAMPLES (default 500 per test) for a longer campaign.
"""
from __future__ import annotations

import io
import os
import re
import unicodedata
from collections import Counter, defaultdict
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from nltk.tree import Tree

from ptb2fd.conversion.converter import CONVERTED, FAILED, SKIPPED
from ptb2fd.trees.ptbtree import parse_label, unescape_word
from ptb2fd.trees.splitter import split_trees

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "conventions"
SOURCE = "fuzz.mrg"
GOOD = "( (S (NP-SBJ (DT The) (NNS results)) (VP (VBD held) (ADVP (RB up))) (. .)) )"
NULL_TAGS, MARKUP_TAGS = {"-NONE-"}, {"CODE"}

# Longer trees of our own, beside the fixtures, so that damage meets deep
# and wide structures: coordination, traces, quotes, PRN, a passive.
LONG_TREES = [
    "( (S (S-TPC-2 (`` ``) (NP-SBJ (PRP We)) (VP (MD will) (RB not) (VP (VB sell) (NP (DT the) (NML (NN steel) "
    "(HYPH -) (NN mill)) (NNS assets)) (PP-TMP (IN until) (NP (NNP March) (CD 3) (, ,) (CD 1999)))))) (, ,) "
    "('' '') (NP-SBJ (NP (DT the) (NN owner)) (PRN (-LRB- -LRB-) (NP (NNP Acme) (NNP Corp.)) (-RRB- -RRB-))) "
    "(VP (VBD said) (SBAR (-NONE- 0) (S (-NONE- *T*-2)))) (. .)) )",
    "( (S (NP-SBJ-1 (NP (DT The) (NN plan)) (CC and) (NP (PRP$ its) (JJ many) (NNS critics))) (VP (VBD were) "
    "(VP (VBN discussed) (NP (-NONE- *-1)) (PP (IN by) (NP-LGS (NP (DT the) (NN board)) (SBAR (WHNP-3 (WDT which)) "
    "(S (NP-SBJ (-NONE- *T*-3)) (VP (VBZ meets) (ADVP-TMP (RB weekly)))))))) (, ,) (S-ADV (NP-SBJ (-NONE- *-1)) "
    "(VP (VBG leaving) (NP (QP (RB about) ($ $) (CD 3\\/4)) (-NONE- *U*)) (ADJP (JJ unspent))))) (. .)) )",
    "( (SBARQ (WHADVP-4 (WRB Why)) (SQ (VBD did) (NP-SBJ (NNS investors)) (VP (VB buy) (PRT (RP up)) (NP (NP (DT the) "
    "(NNS shares)) (, ,) (CONJP (RB rather) (IN than)) (NP (NNS bonds))) (ADVP (-NONE- *T*-4)))) (. ?)) )",
]


def _fixture_trees() -> list[str]:
    out = []
    for path in sorted(FIXTURES.glob("*.mrg")):
        with open(path, encoding="utf-8") as handle:
            out += [r.text for r in split_trees(handle, path.name) if r.error is None]
    return out


def _multiline(text: str) -> str:
    """The same tree in the indented many-line layout of treebank files."""
    try:
        return Tree.fromstring(text).pformat(margin=50)
    except ValueError:
        return text


BASES = _fixture_trees() + LONG_TREES
BASES += [_multiline(t) for t in BASES if len(t) > 60]

STATS: dict[str, Counter] = defaultdict(Counter)


@pytest.fixture(scope="module", autouse=True)
def report_figures():
    yield
    for test, c in sorted(STATS.items()):
        kinds = ", ".join(f"{k[6:]}: {v}" for k, v in sorted(c.items()) if k.startswith("error:"))
        print(f"\nfuzz {test}: {c['examples']} examples, {c['items']} items: {c['converted']} converted, "
              f"{c['errors']} errors reported ({kinds}), {c['skipped']} skipped, {c['crashes']} crashes"
              + (f"; {c['ambiguous']} damaged texts that are several trees in themselves" if c["ambiguous"] else ""))


def _visible(text: str) -> bool:
    """Whether text holds anything but white space and invisible characters
    (the splitter ignores lines with nothing else)."""
    return any(not (c.isspace() or not c.isprintable()) for c in text)


# Space characters (Unicode Zs: no-break, thin, hair space) inside a leaf
# are part of the word, not separators; nltk splits on them, so they are
# hidden from it (between brackets they separate, as any space does).
_ZS = {c: chr(0xF0000 + i) for i, c in enumerate(
    ch for ch in map(chr, range(0x110000)) if unicodedata.category(ch) == "Zs" and ch != " ")}
_ZS_BACK = {v: k for k, v in _ZS.items()}
_IN_LEAF_ZS = re.compile(r"(?<=[^\s()])[%s]+" % "".join(_ZS))
# Slash-unit markers written as leaves are markup ("(SU /)", "(. /)").
SLASH_UNITS = {"/", "-/", "/-"}
SLASH_LABELS = {".", ":"} | set(yaml.safe_load(
    (Path(__file__).resolve().parents[2] / "rules" / "treebank.yaml").read_text(encoding="utf-8"))["phrase_labels"])


def _expected_words(text: str) -> list[str]:
    """The words a converted tree must have: its leaves, in order, without
    null elements and markup, unescaped (computed apart from the pipeline)."""
    out: list[str] = []
    stack = [Tree.fromstring(_IN_LEAF_ZS.sub(lambda m: "".join(_ZS[c] for c in m.group()), text))]
    while stack:
        t = stack.pop()
        cat = parse_label(t.label()).cat
        if len(t) == 1 and isinstance(t[0], str):
            if t[0] in SLASH_UNITS and cat in SLASH_LABELS:
                continue
            if cat not in NULL_TAGS and cat not in MARKUP_TAGS:
                out.append(unescape_word("".join(_ZS_BACK.get(c, c) for c in t[0])))
        elif cat not in MARKUP_TAGS:
            stack.extend(reversed(list(t)))
    return out


def _check_sentence(sentence, text: str) -> None:
    toks = sentence.tokens
    n = len(toks)
    assert n > 0
    assert [t.word for t in toks] == _expected_words(text), "a word was lost, duplicated or moved"
    assert [t.id for t in toks] == list(range(1, n + 1))
    roots = [t for t in toks if t.head == 0]
    assert len(roots) == 1 and roots[0].role == "top"
    for t in toks:
        steps, h = 0, t.head
        while h:
            assert 1 <= h <= n and h != t.id
            h = toks[h - 1].head
            steps += 1
            assert steps <= n, "cycle"


def convert_all(converter, text: str, test: str) -> list:
    """Split `text` as a file would be read and convert every item; check
    each outcome and count it for the figures."""
    stats = STATS[test]
    stats["examples"] += 1
    handle = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8-sig", errors="replace")
    try:
        raws = list(split_trees(handle, SOURCE))
        results = [converter.convert(raw) for raw in raws]
    except BaseException:
        stats["crashes"] += 1
        raise
    for raw, res in zip(raws, results):
        stats["items"] += 1
        assert res.sent_id == raw.sent_id == f"{SOURCE}:{raw.index}"
        try:
            if res.status == CONVERTED:
                _check_sentence(res.sentence, raw.text)
                stats["converted"] += 1
            elif res.status == FAILED:
                err = res.error
                assert err is not None and err.kind in {"parse", "empty", "conversion"}, err
                assert "internal error" not in err.message, err
                assert (err.location.source, err.location.sent_id, err.location.line) == (
                    SOURCE, raw.sent_id, raw.line)
                assert str(err).startswith(f"{SOURCE}:{raw.line} ({raw.sent_id}): ")
                stats["errors"] += 1
                stats[f"error:{err.kind}"] += 1
            else:
                assert res.status == SKIPPED and res.reason == "markup only"
                stats["skipped"] += 1
        except AssertionError:
            stats["crashes"] += 1
            raise
    return results


@pytest.fixture(scope="module")
def good_alone(converter):
    return converter.convert_text(GOOD, f"{SOURCE}:1").tokens


def _items_alone(text: str) -> int:
    handle = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8-sig", errors="replace")
    return len(list(split_trees(handle, SOURCE)))


def _check_good_tree_survives(results, damaged: str, good_tokens, ops: int, test: str) -> None:
    """The good tree after the damaged text converts unchanged, with the id
    it would have had: the damaged text is one item (none if blank).

    One damage operation never changes the number of items. Several can
    make text that is ambiguous in itself: deleting "(" and ")" from
    "( (CODE a) (CODE b) )" leaves "(CODE a) (CODE b)", two trees on one
    line. Then the damaged text gives the same items with the good tree after
    it as alone (the good tree does not change them), and the numbering goes
    on from there."""
    alone = _items_alone(damaged)
    if ops == 1:
        assert alone == (1 if _visible(damaged) else 0), (alone, damaged)
    elif alone > 1:
        STATS[test]["ambiguous"] += 1
    assert alone >= (1 if _visible(damaged) else 0)
    assert len(results) == alone + 1, [(r.sent_id, r.reason) for r in results]
    last = results[-1]
    assert last.sent_id == f"{SOURCE}:{alone + 1}"
    assert last.status == CONVERTED, last.error
    assert last.sentence.tokens == good_tokens


# ---------------------------------------------------------------- damage

# Non-ASCII characters (any plane, no surrogates) and ASCII control
# characters other than the two line breaks (tested separately below).
INSERTED = st.one_of(
    st.characters(min_codepoint=0x80, exclude_categories=("Cs",)),
    st.sampled_from([chr(c) for c in [*range(0, 32), 127] if chr(c) not in "\n\r"]),
)
OPS = ["delete-bracket", "delete-label", "delete-leaf", "truncate", "duplicate-close", "insert-char"]


def _token_end(text: str, i: int) -> int:
    while i < len(text) and text[i] not in " \t\n()":
        i += 1
    return i


def damage(draw, text: str, inserted=INSERTED, ops: list[str] | None = None) -> str:
    for op in ops or draw(st.lists(st.sampled_from(OPS), min_size=1, max_size=4), label="ops"):
        if not text:
            break
        if op == "delete-bracket":
            where = [i for i, c in enumerate(text) if c in "()"]
            if where:
                i = draw(st.sampled_from(where))
                text = text[:i] + text[i + 1:]
        elif op == "delete-label":
            where = [i + 1 for i, c in enumerate(text) if c == "("]
            if where:
                i = draw(st.sampled_from(where))
                text = text[:i] + text[_token_end(text, i):]
        elif op == "delete-leaf":
            where = [i for i, c in enumerate(text) if c == ")" and i and text[i - 1] not in " ()\n"]
            if where:
                j = draw(st.sampled_from(where))
                i = j
                while i > 0 and text[i - 1] not in " \t\n()":
                    i -= 1
                text = text[:i] + text[j:]
        elif op == "truncate":
            text = text[:draw(st.integers(0, len(text) - 1))]
        elif op == "duplicate-close":
            where = [i for i, c in enumerate(text) if c == ")"]
            if where:
                i = draw(st.sampled_from(where))
                text = text[:i] + ")" + text[i:]
        else:
            i = draw(st.integers(0, len(text)))
            text = text[:i] + draw(inserted) + text[i:]
    return text


@st.composite
def damaged_trees(draw, inserted=INSERTED):
    """(number of damage operations, damaged text)."""
    ops = draw(st.lists(st.sampled_from(OPS), min_size=1, max_size=4), label="ops")
    return len(ops), damage(draw, draw(st.sampled_from(BASES)), inserted, ops)


# PTB2FD_FUZZ_EXAMPLES=5000 for a longer campaign.
EXAMPLES = int(os.environ.get("PTB2FD_FUZZ_EXAMPLES", "500"))
FUZZ = settings(max_examples=EXAMPLES, deadline=timedelta(seconds=5),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(case=damaged_trees())
@example(case=(1, "( (S (NP-SBJ (NNS Owls) (VP (VBP hunt)) (. .)) )"))
@example(case=(2, "( (S (NP-SBJ (NNS Owls)) (VP (VBP hunt)) (. .)) ) ) )"))
@example(case=(2, " S NP-SBJ (NNS Owls)) (VP (VBP hunt)) (. .)) )"))
@example(case=(1, "( (S\n    (NP-SBJ (NNS Owls)))\n    (VP (VBP hunt))\n    (. .) ))"))
@example(case=(4, "( (S (NP-SBJ (NNS Ow\x00ls)) (VP (VBP h\u00fcnt\u2028)) (. \x1b.)) )"))
@example(case=(1, "\x00( (S (NP-SBJ (NNS Owls)) (VP (VBP hunt)) (. .)) )"))
@example(case=(1, "\ufeff"))
@example(case=(3, " (CODE <TURN>) (CODE <E_S> )"))  # two trees on a line: ambiguous in itself
def test_damaged_tree_then_good_tree(converter, good_alone, case):
    ops, damaged = case
    results = convert_all(converter, damaged + "\n" + GOOD + "\n", "damaged-tree")
    _check_good_tree_survives(results, damaged, good_alone, ops, "damaged-tree")


@settings(FUZZ, max_examples=max(1, EXAMPLES // 3))
@given(case=damaged_trees(inserted=st.sampled_from(["\n", "\r", "\r\n", "\n\n"])))
def test_line_breaks_inside_a_damaged_tree(converter, good_alone, case):
    _, damaged = case
    # A line break can cut a damaged tree in two items; whatever the items,
    # each is accounted for and the good tree still converts.
    results = convert_all(converter, damaged + "\n" + GOOD + "\n", "line-breaks")
    assert [r.sent_id for r in results] == [f"{SOURCE}:{i}" for i in range(1, len(results) + 1)]
    assert results[-1].status == CONVERTED and results[-1].sentence.tokens == good_alone


# ---------------------------------------------------------------- extremes


def _deep(levels: int) -> str:
    return "( " + "(S " * levels + "(NN x)" + ")" * levels + " )"


def _words(n: int) -> str:
    return "( (S (NP-SBJ (PRP She)) (VP (VBD named) (NP " + " ".join(f"(NN w{i})" for i in range(n)) + ")) (. .)) )"


def _clauses(n: int) -> str:
    clause = ("(S (NP-SBJ (DT the) (NN dog)) (VP (VBD saw) (NP (DT a) (JJ big) (NN cat)) "
              "(PP-LOC (IN in) (NP (DT the) (NN yard)))))")
    return "( (S " + " (, ,) (CC and) ".join([clause] * n) + " (. .)) )"


def _right_branching(n: int) -> str:
    tree = "(NP (NN house))"
    for i in range(n):
        tree = f"(NP (NP (NN room{i})) (PP (IN of) {tree}))"
    return f"( (S (NP-SBJ (PRP He)) (VP (VBD saw) {tree}) (. .)) )"


EXTREMES = {
    "nesting 10,000 levels": (_deep(10_000), FAILED),
    "nesting 10,000 levels, unclosed": ("( " + "(S " * 10_000 + "(NN x)", FAILED),
    "nesting 499 levels": (_deep(497), CONVERTED),
    "2,000-word flat NP": (_words(2_000), CONVERTED),
    "2,000 words in 200 coordinated clauses": (_clauses(200), CONVERTED),
    "2,000-word right-branching NP": (_right_branching(999), FAILED),  # 1,000 PPs: deeper than 500 levels
    "480-word right-branching NP": (_right_branching(240), CONVERTED),
    "5,000 trees on one line": (" ".join(["( (NN x) )"] * 5_000), CONVERTED),
    "100,000 closing brackets": ("( (NN x) " + ")" * 100_000, FAILED),
    "100,000 opening brackets": ("(" * 100_000, FAILED),
    "a 100,000-character word": ("( (NN " + "x" * 100_000 + ") )", CONVERTED),
}


def _every_extreme_case(test):
    for name in EXTREMES:  # each runs as an explicit example, within the deadline
        test = example(name=name)(test)
    return test


@settings(deadline=timedelta(seconds=30), max_examples=len(EXTREMES),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@_every_extreme_case
@given(name=st.sampled_from(sorted(EXTREMES)))
def test_extreme_input_is_converted_or_reported(converter, good_alone, name):
    text, status = EXTREMES[name]
    results = convert_all(converter, text + "\n" + GOOD + "\n", "extremes")
    *first, last = results
    assert first and {r.status for r in first} == {status}, name
    assert last.sent_id == f"{SOURCE}:{len(results)}" and last.sentence.tokens == good_alone
    if name == "nesting 10,000 levels":
        assert first[0].error.message == "tree nested deeper than 500 levels"


# ---------------------------------------------------------------- random trees

PHRASES = ["S", "SBAR", "SBARQ", "SQ", "SINV", "NP", "VP", "PP", "ADJP", "ADVP", "QP", "WHNP", "WHADVP", "PRN", "PRT",
           "UCP", "FRAG", "X", "INTJ", "NML", "NX", "CONJP", "RRC", "LST", "NAC", "EDITED", "CIT", "CAPTION", "FOO"]
FTAGS = ["SBJ", "PRD", "TMP", "LOC", "CLR", "DIR", "MNR", "PRP", "ADV", "LGS", "TPC", "NOM", "HLN", "TTL", "VOC",
         "CLF", "FRM", "UNF", "PUT", "DTV", "BNF", "EXT", "ZZ"]
LEAVES = {
    "CC": ["and", "or", "but"], "CD": ["1", "1989", "3\\/4"], "DT": ["the", "a"], "IN": ["of", "by", "in", "that"],
    "JJ": ["big", "first"], "MD": ["will"], "NN": ["dog", "%"], "NNS": ["dogs"], "NNP": ["November", "Ann"],
    "POS": ["'s"], "PRP": ["it", "he"], "RB": ["not", "n't", "up"], "RP": ["up"], "TO": ["to"],
    "VB": ["be", "have", "sell"], "VBD": ["was", "had", "sold"], "VBG": ["being", "selling"], "VBN": ["been"],
    "VBZ": ["is", "'s"], "WDT": ["which"], "WP": ["who"], "WRB": ["why"], "UH": ["uh"], "SYM": ["&", "\\*", "--"],
    "EX": ["there"], "AFX": ["pre"], "ZZT": ["odd"], ",": [","], ".": [".", "?"], ":": ["--", ";"],
    "``": ["``", '"'], "''": ["''", '"'], "-LRB-": ["-LRB-", "\\("], "-RRB-": ["-RRB-", "\\)"], "HYPH": ["-"],
    "-NONE-": ["*", "*T*-1", "*-2", "*PRO*", "*U*", "*?*", "*EXP*-1", "*ICH*-2", "*RNR*-1", "0", "*0*"],
    "CODE": ["<TURN>"],
}
# "(SYM --)" is punctuation by its word for the head finder but not for
# the punctuation stage (Table 4: "not SYM"); it once made a head cycle
# (see test_sym_punctuation_makes_no_cycle below).


def _label(draw) -> str:
    label = draw(st.sampled_from(PHRASES))
    for tag in draw(st.lists(st.sampled_from(FTAGS), max_size=2)):
        label += f"-{tag}"
    if draw(st.booleans()) and draw(st.booleans()):
        label += f"-{draw(st.integers(1, 3))}"
    if draw(st.integers(0, 9)) == 0:
        label += f"={draw(st.integers(1, 2))}"
    return label


leaves = st.sampled_from(sorted(LEAVES)).flatmap(lambda tag: st.sampled_from(LEAVES[tag]).map(lambda w: f"({tag} {w})"))


@st.composite
def phrases(draw, children):
    return f"({_label(draw)} {' '.join(draw(st.lists(children, min_size=1, max_size=5)))})"


random_trees = st.recursive(leaves, lambda children: phrases(children), max_leaves=40).map(lambda t: f"( {t} )")


@settings(FUZZ, max_examples=EXAMPLES)
@given(tree=random_trees)
def test_random_well_formed_trees(converter, good_alone, tree):
    results = convert_all(converter, tree + "\n" + GOOD + "\n", "random-trees")
    assert len(results) == 2 and results[1].sentence.tokens == good_alone


@pytest.mark.parametrize("text", [
    "( (INTJ (NN x) (SQ (. .) (SYM --))) )",
    "( (S (INTJ (. .) (SYM --)) (UCP (IN when))) )",
    "( (X (VP (-RRB- not) (SYM --)) ($ in)) )",
    "( (ADVP (SQ (NFP ran) (SYM --)) (CD to)) )",
])
def test_sym_punctuation_makes_no_cycle(converter, text):
    # A phrase of nothing but marks, one tagged SYM: the punctuation stage
    # must not attach a mark to one of its own dependents.
    result = converter.convert(next(split_trees(io.StringIO(text), SOURCE)))
    assert result.status == CONVERTED, result.error
    assert [t.word for t in result.sentence.tokens] == re.findall(r"\(\S+ ([^()\s]+)\)", text)
