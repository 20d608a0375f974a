"""parse_tree (one pass) builds exactly what from_nltk(Tree.fromstring)
builds, and leaves every error, with its message, to nltk and from_nltk."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptb2fd.errors import TreeParseError
from ptb2fd.trees.ptbtree import from_nltk, parse_tree, read_bracketed

PHRASES = frozenset({"S", "NP", "VP", "PP"})


def shape(node):
    if node.word is not None:
        return (node.label, node.tag, node.word)
    return (node.label, tuple(shape(c) for c in node.children))


def by_nltk(text):
    return from_nltk(read_bracketed(text), PHRASES)


def outcome(build, text):
    try:
        return "ok", shape(build(text))
    except TreeParseError as exc:
        return "error", str(exc)


@pytest.mark.parametrize("text", [
    "( (S (NP-SBJ (NNP Pierre) (NNP Vinken)) (VP (MD will) (VP (VB join))) (. .)) )",
    "(ROOT (S (NP (PRP it)) (VP (VBD rose))))",
    "(S (NP (CD 1\\/2)) (VP (VBZ \\*is\\*)))",
    "(S(NP(NN a))(VP(VBD b)))",  # no spaces
    "( S (NP ( NN a ) ) )",  # spaces inside brackets
    "(S (-LRB- -LRB-) (NP (NN \\(x\\))) (-RRB- -RRB-))",
    "(NN hello)",
])
def test_same_tree_as_nltk(text):
    assert outcome(parse_tree_p, text) == outcome(by_nltk, text)
    assert outcome(parse_tree_p, text)[0] == "ok"


def parse_tree_p(text):
    return parse_tree(text, PHRASES)


@pytest.mark.parametrize("text", [
    "(S (NP (NN a)) (VP (VBD b))",  # unbalanced
    "(S (NP (NN a))))",  # one too many
    "(S (NP a) (VP (VBD b)))",  # leaf with a phrase label
    "(S (NN a) b)",  # leaf beside children
    "(S ())",  # empty constituent
    "(S (NP (NN a))) (S (NN b))",  # two trees
    "hello",
    "",
    "(S (NP (NN a)) ( b))",  # "b" read as a label with no children
    "(" * 600 + "NN a" + ")" * 600,  # deeper than nltk allows
])
def test_errors_are_nltk_and_from_nltk_errors(text):
    got = outcome(parse_tree_p, text)
    assert got == outcome(by_nltk, text)
    assert got[0] == "error"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="()SNPVB- \\/*ab.", max_size=40))
def test_any_string_same_outcome(text):
    try:
        expected = outcome(by_nltk, text)
    except ValueError:  # nltk's own refusal; parse_tree raises it too
        with pytest.raises(ValueError):
            parse_tree_p(text)
        return
    assert outcome(parse_tree_p, text) == expected


@pytest.mark.sample
def test_whole_sample_same_trees(sample_raws, rules):
    phrases = rules.treebank.phrase_labels
    for raw in sample_raws:
        assert shape(parse_tree(raw.text, phrases)) == shape(from_nltk(read_bracketed(raw.text), phrases)), raw.sent_id


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="()SNP-= \t\n\u200a\x1cab.$", max_size=60))
def test_plain_tokens_are_the_escaping_tokens_without_a_backslash(text):
    """Trees without a backslash are cut by the plain pattern: the same tokens."""
    from ptb2fd.trees.ptbtree import _PLAIN_TREE_TOKEN, _TREE_TOKEN

    assert _PLAIN_TREE_TOKEN.findall(text) == _TREE_TOKEN.findall(text)
