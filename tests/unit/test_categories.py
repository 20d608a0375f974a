"""Factored categories (paper Table 2), word by word."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ptb2fd.lexicon.categories import Factors, compile_categories, factor
from ptb2fd.rulelang.rulefile import Checker

RULE_DIR = Path(__file__).resolve().parents[2] / "rules"


def load(path: Path = RULE_DIR / "categories.yaml"):
    c = Checker(path)
    data = c.load()
    return compile_categories(data, c), c


@pytest.fixture(scope="module")
def rules():
    compiled, c = load()
    assert not c.problems
    return compiled


# word, tag, cat0, cat1, tense, pn
CASES = [
    # verbs: five moods
    ("join", "VB", "v", "infinitive", None, None),
    ("said", "VBD", "v", "indicative", "past", None),
    ("is", "VBZ", "v", "indicative", "present", "s"),
    ("are", "VBP", "v", "indicative", "present", "p"),
    ("'s", "VBZ", "v", "indicative", "present", "s"),
    ("buying", "VBG", "v", "present-participle", None, None),
    ("named", "VBN", "v", "past-participle", None, None),
    # nouns
    ("board", "NN", "n", "common", None, "s"),
    ("directors", "NNS", "n", "common", None, "p"),
    ("Vinken", "NNP", "n", "proper", None, "s"),
    ("Americans", "NNPS", "n", "proper", None, "p"),
    ("$", "$", "n", "common", None, None),
    ("#", "#", "n", "common", None, None),
    ("de", "FW", "n", "common", None, None),
    ("www.ibm.com", "ADD", "n", "proper", None, None),
    ("it", "PRP", "n", "pron", None, "s"),
    ("I", "PRP", "n", "pron", None, "s"),
    ("him", "PRP", "n", "pron", None, "s"),
    ("themselves", "PRP", "n", "pron", None, "p"),
    ("They", "PRP", "n", "pron", None, "p"),
    ("you", "PRP", "n", "pron", None, None),
    ("who", "WP", "n", "pron", None, None),
    ("there", "EX", "n", "pron", None, None),
    # adjectives
    ("old", "JJ", "adj", "other", None, None),
    ("older", "JJR", "adj", "comp", None, None),
    ("biggest", "JJS", "adj", "superl", None, None),
    ("61", "CD", "adj", "cardinal", None, None),
    ("its", "PRP$", "adj", "possessive-pron", None, None),
    ("whose", "WP$", "adj", "possessive-pron", None, None),
    ("pre", "AFX", "adj", "other", None, None),
    # adverbs
    ("not", "RB", "adv", "neg", None, None),
    ("n't", "RB", "adv", "neg", None, None),
    ("Never", "RB", "adv", "neg", None, None),
    ("quickly", "RB", "adv", "other", None, None),
    ("when", "WRB", "adv", "wh", None, None),
    ("later", "RBR", "adv", "comp", None, None),
    ("most", "RBS", "adv", "superl", None, None),
    # closed classes
    ("the", "DT", "det", None, None, None),
    ("this", "DT", "det", None, None, "s"),
    ("That", "DT", "det", None, None, "s"),
    ("these", "DT", "det", None, None, "p"),
    ("those", "DT", "det", None, None, "p"),
    ("all", "PDT", "det", None, None, None),
    ("which", "WDT", "det", None, None, None),
    ("of", "IN", "prep", None, None, None),
    ("to", "TO", "to", None, None, None),
    ("and", "CC", "conj", None, None, None),
    ("will", "MD", "modal", None, "present", None),
    ("can", "MD", "modal", None, "present", None),
    ("'ll", "MD", "modal", None, "present", None),
    ("wo", "MD", "modal", None, "present", None),
    ("ca", "MD", "modal", None, "present", None),
    ("would", "MD", "modal", None, "past", None),
    ("Could", "MD", "modal", None, "past", None),
    ("'d", "MD", "modal", None, "past", None),
    ("ought", "MD", "modal", None, None, None),
    ("up", "RP", "particle", None, None, None),
    ("'s", "POS", "poss", None, None, None),
    ("Oh", "UH", "interj", None, None, None),
    # punctuation: twelve classes
    (",", ",", "comma", None, None, None),
    (".", ".", "period", None, None, None),
    ("?", ".", "period", None, None, None),
    ("!", ".", "period", None, None, None),
    (":", ":", "colon", None, None, None),
    (";", ":", "semicolon", None, None, None),
    ("--", ":", "dash", None, None, None),
    ("-", ":", "dash", None, None, None),
    ("...", ":", "ellipsis", None, None, None),
    ("``", "``", "lquote", None, None, None),
    ("''", "''", "rquote", None, None, None),
    ("-LRB-", "-LRB-", "lbracket", None, None, None),
    ("-LCB-", "-LCB-", "lbracket", None, None, None),
    ("-RRB-", "-RRB-", "rbracket", None, None, None),
    ("-RSB-", "-RSB-", "rbracket", None, None, None),
    ("-", "HYPH", "hyphen", None, None, None),
    ("&", "SYM", "symbol", None, None, None),
    ("*", "NFP", "symbol", None, None, None),
    ("a", "LS", "symbol", None, None, None),
    ("xx", "XX", "symbol", None, None, None),
    ("/", ":", "symbol", None, None, None),  # ":" with another mark
    ("?", "???", "symbol", None, None, None),  # unknown tag: default
]


@pytest.mark.parametrize("word, tag, cat0, cat1, tense, pn", CASES)
def test_factor(rules, word, tag, cat0, cat1, tense, pn):
    assert factor(word, tag, rules) == Factors(cat0, cat1, tense, pn)


def test_imperative(rules):
    assert factor("Buy", "VB", rules, imperative=True) == Factors("v", "imperative", None, None)
    assert factor("Buy", "VB", rules) == Factors("v", "infinitive", None, None)
    # Only VB has an imperative reading.
    assert factor("said", "VBD", rules, imperative=True) == Factors("v", "indicative", "past", None)


def test_cases_cover_every_value(rules):
    cat0s = {c[2] for c in CASES}
    cat1s = {c[3] for c in CASES} | {"imperative"}
    assert rules.cat0_classes["closed"] <= cat0s and len(rules.cat0_classes["closed"]) == 8
    assert rules.cat0_classes["punctuation"] <= cat0s and len(rules.cat0_classes["punctuation"]) == 12
    assert rules.cat0_classes["open"] == {"v", "n", "adj", "adv"} <= cat0s
    assert {"infinitive", "imperative", "indicative", "present-participle", "past-participle", "common",
            "proper", "pron", "cardinal", "possessive-pron", "comp", "superl", "other", "neg", "wh"} <= cat1s


def test_every_treebank_tag_has_an_entry(rules):
    treebank = yaml.safe_load((RULE_DIR / "treebank.yaml").read_text(encoding="utf-8"))
    assert sorted(set(treebank["pos_tags"]) - set(rules.tags)) == []


def test_bad_rule_file_reports_problems(tmp_path):
    text = (RULE_DIR / "categories.yaml").read_text(encoding="utf-8")
    text = text.replace("JJR:   {cat0: adj, cat1: comp}", "JJR:   {cat0: adjective, cat1: comp}")
    text = text.replace("IN:  {cat0: prep}", "IN:  {cat0: prep, cat1: common, tense: future}")
    text = text.replace("VBZ: {cat0: v, cat1: indicative, tense: present, pn: s}",
                        "VBZ: {cat0: v, cat1: indicative, tense: present, pn: {words: {s: is}, imperative: s}}")
    path = tmp_path / "categories.yaml"
    path.write_text(text, encoding="utf-8")
    compiled, c = load(path)
    messages = [(p.rule_id, p.message) for p in c.problems]
    assert any(rid == "cat-JJR" and m.startswith("unknown cat0 'adjective'") for rid, m in messages)
    assert ("cat-JJR", "cat1 'comp' is not a subdivision of cat0 adjective") in messages
    assert ("cat-IN", "cat1 'common' is not a subdivision of cat0 prep") in messages
    assert ("cat-IN", "unknown tense 'future'; valid: past, present") in messages
    assert ("cat-VBZ", "'imperative' only applies to cat1, not pn") in messages
    assert len(messages) == 5
