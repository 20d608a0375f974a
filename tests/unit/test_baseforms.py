"""Base forms (paper section 4.1), word by word, with the real WordNet."""
from __future__ import annotations

from pathlib import Path

import pytest

from ptb2fd.lexicon.lemmas import BaseFormFinder, compile_baseforms, restore_case
from ptb2fd.rulelang.rulefile import Checker

RULES = Path(__file__).resolve().parents[2] / "rules" / "baseforms.yaml"


def load(path: Path = RULES):
    c = Checker(path)
    data = c.load()
    return compile_baseforms(data, c), c


@pytest.fixture(scope="module")
def rules():
    compiled, c = load()
    assert not c.problems
    return compiled


@pytest.fixture(scope="module")
def finder(rules):
    return BaseFormFinder(rules)


CASES = [
    # step 4: WordNet morphy
    ("went", "VBD", "go"),
    ("was", "VBD", "be"),
    ("are", "VBP", "be"),
    ("has", "VBZ", "have"),
    ("buying", "VBG", "buy"),
    ("children", "NNS", "child"),
    ("taxes", "NNS", "tax"),
    # morphy lists the word itself first when it is also a lemma; inflected
    # tags take the other analysis, uninflected ones keep the word
    ("stocks", "NNS", "stock"),
    ("men", "NNS", "man"),
    ("saw", "VBD", "see"),
    ("found", "VBN", "find"),
    ("data", "NNS", "datum"),
    ("data", "NN", "data"),
    ("news", "NN", "news"),
    ("saw", "VB", "saw"),
    # own_base: plural nouns that are their own dictionary form
    ("species", "NNS", "species"),
    ("means", "NNS", "means"),
    # WordNet has the form itself
    ("1980s", "NNS", "1980s"),
    ("people", "NNS", "people"),
    # step 5: morphy fails, a lemminflect candidate is in WordNet
    ("blogged", "VBD", "blog"),
    ("focussed", "VBN", "focus"),
    # step 5: no candidate in WordNet -> the word (lowercased, then recased)
    ("remarketed", "VBD", "remarketed"),
    ("LBOs", "NNS", "LBOs"),
    ("Vinken", "NNP", "Vinken"),
    # NNP is singular: its base is the word, even where WordNet has a
    # singular for it; NNPS still lemmatizes
    ("Peters", "NNP", "Peters"),
    ("Miles", "NNP", "Miles"),
    ("Times", "NNP", "Times"),
    ("Airlines", "NNPS", "Airline"),
    # steps 1 and 7: hyphens
    ("co-founders", "NNS", "co-founder"),
    ("cost-cutting", "NN", "cost-cutting"),
    ("e-mails", "NNS", "e-mail"),
    ("X-rays", "NNS", "X-ray"),
    ("mothers-in-law", "NNS", "mothers-in-law"),  # only the last part is looked at
    ("pre-", "NN", "pre-"),
    # step 2: not alphanumeric
    ("U.S.", "NNP", "U.S."),
    ("Inc.", "NNP", "Inc."),
    ("rock-'n'-roll", "NN", "rock-'n'-roll"),
    # steps 3 and 6: case
    ("Stocks", "NNS", "Stock"),
    ("Went", "VBD", "Go"),
    ("WENT", "VBD", "GO"),
    ("MEN", "NNS", "MAN"),
    ("Americans", "NNPS", "American"),
    ("IBM", "NNP", "IBM"),
    # not lemmatized: the word itself
    ("older", "JJR", "older"),
    ("better", "RBR", "better"),
    ("quickly", "RB", "quickly"),
    ("the", "DT", "the"),
    ("its", "PRP$", "its"),
    ("ran", "JJ", "ran"),
    # contractions
    ("n't", "RB", "not"),
    ("N'T", "RB", "NOT"),
    ("'s", "VBZ", "be"),
    ("'s", "POS", "'s"),
    ("'s", "PRP", "us"),
    ("'re", "VBP", "be"),
    ("'m", "VBP", "be"),
    ("'ll", "MD", "will"),
    ("'ve", "VBP", "have"),
    ("'d", "MD", "would"),
    ("'d", "VBD", "have"),
    ("ca", "MD", "can"),
    ("Ca", "MD", "Can"),
    ("wo", "MD", "will"),
    ("n’t", "RB", "not"),
]


@pytest.mark.parametrize("word, tag, expected", CASES)
def test_base(finder, word, tag, expected):
    assert finder.base(word, tag) == expected


@pytest.mark.parametrize("word, tag, context, expected", [
    ("'s", "VBZ", {"role": "taxis"}, "have"),  # "it 's been"
    ("'s", "VBZ", {"role": "subject"}, "be"),
    ("'d", "VBD", {"role": "taxis"}, "have"),
    ("'d", "MD", {"role": "taxis"}, "would"),  # the tag MD decides first
    ("'d", "NN", {"next_tag": "VBN"}, "have"),  # mistagged: "I 'd gone"
    ("'d", "NN", {"next_tag": "VB"}, "would"),  # mistagged: "I 'd go"
    ("'d", "NN", {}, "'d"),
    ("ca", "IN", {}, "ca"),  # "ca." = circa, not a contraction
])
def test_contraction_context(finder, word, tag, context, expected):
    assert finder.base(word, tag, **context) == expected


def test_memo_keeps_context_only_where_it_matters(rules):
    finder = BaseFormFinder(rules)
    assert finder.base("stocks", "NNS", role="subject", next_tag="VBD") == "stock"
    assert finder.base("stocks", "NNS", role="object", next_tag="IN") == "stock"
    assert list(finder._memo) == [("stocks", "NNS", None, None)]
    finder.base("'s", "VBZ", role="taxis", next_tag="VBN")
    finder.base("'s", "VBZ", role="subject", next_tag="VBN")
    assert set(finder._memo) - {("stocks", "NNS", None, None)} == {
        ("'s", "VBZ", "taxis", None), ("'s", "VBZ", "subject", None)}


class NoWordNet:
    def __getattr__(self, name):
        raise AssertionError(f"WordNet used: {name}")


def test_wordnet_not_needed_for_contractions_and_other_tags(rules):
    finder = BaseFormFinder(rules, wn=NoWordNet())
    assert finder.base("n't", "RB") == "not"
    assert finder.base("'ll", "MD") == "will"
    assert finder.base("older", "JJR") == "older"
    assert finder.base("U.S.", "NNP") == "U.S."
    assert finder.base("species", "NNS") == "species"


@pytest.mark.parametrize("original, base, expected", [
    ("stocks", "stock", "stock"),
    ("Stocks", "stock", "Stock"),
    ("Men", "man", "Man"),
    ("Went", "go", "Go"),
    ("WENT", "go", "GO"),
    ("McDonalds", "mcdonald", "McDonald"),
    ("A", "a", "A"),
    ("Ca", "can", "Can"),
])
def test_restore_case(original, base, expected):
    assert restore_case(original, base) == expected


def test_lemmatized_tags_come_from_yaml(rules):
    # NNP is not lemmatized: a singular proper noun is its own base.
    assert sorted(rules.tags) == ["NN", "NNPS", "NNS", "VB", "VBD", "VBG", "VBN", "VBP", "VBZ"]
    assert {t.wordnet_pos for t in rules.tags.values()} == {"n", "v"}
    assert [t for t, r in rules.tags.items() if not r.inflected] == ["NN", "VB", "VBP"]


def test_every_contraction_has_an_id(rules):
    ids = rules.rule_ids()
    assert len(ids) == len(set(ids)) == len(rules.contractions)
    assert "contraction-nt" in ids


def test_bad_rule_file_reports_problems(tmp_path):
    path = tmp_path / "baseforms.yaml"
    path.write_text(
        "lemmatize:\n"
        "  NN: {wordnet: noun, upos: NOUN}\n"
        "  VB: {wordnet: v, upos: VERB, inflected: maybe}\n"
        "contractions:\n"
        "  - {word: \"n't\", base: not}\n"
        "  - {id: c-s, word: \"'s\", tags: VBZ, base: be}\n"
        "  - {id: c-ll, word: \"'ll\"}\n",
        encoding="utf-8")
    compiled, c = load(path)
    messages = [(p.rule_id, p.message) for p in c.problems]
    assert ("lemmatize-NN", "wordnet must be one of n, v, a, r; got 'noun'") in messages
    assert ("lemmatize-VB", "inflected must be true or false") in messages
    assert (None, "contraction has no 'id'") in messages
    assert any(rid == "c-s" and "unknown key 'tags'" in m for rid, m in messages)
    assert ("c-ll", "contraction is missing required key 'base'") in messages
    assert sorted(compiled.tags) == ["VB"]


# Invented sentences: contractions whose base depends on the role or the next
# tag, the same word in two contexts, a word again after its memo is filled.
SENTENCES = [
    (["It", "'s", "been", "sold", "and", "it", "'s", "gone"],
     ["PRP", "VBZ", "VBN", "VBN", "CC", "PRP", "VBZ", "VBN"],
     ["subject", "taxis", "aspect", "top", "coord", "subject", "top", "predicative"]),
    (["I", "'d", "gone", "but", "you", "'d", "go", "and", "Stocks", "fell"],
     ["PRP", "VBD", "VBN", "CC", "PRP", "MD", "VB", "CC", "NNS", "VBD"],
     ["subject", "taxis", "top", "coord", "subject", "modal", "conj", "coord", "subject", "conj"]),
    (["Let", "'s", "see", "what", "they", "'d"], ["VB", "PRP", "VB", "WP", "PRP", "VBD"],
     ["top", "object", "xcomp", "object", "subject", "taxis"]),
]


@pytest.mark.parametrize("words,tags,roles", SENTENCES)
def test_sentence_bases_is_base_and_rule_word_by_word(rules, words, tags, roles):
    """The whole-sentence lookup (memo by word and tag where no context
    counts) gives what base_and_rule gives each word in its context."""
    fast, slow = BaseFormFinder(rules), BaseFormFinder(rules)
    for _ in range(2):  # the second time from the memos
        got = fast.sentence_bases(words, tags, roles)
        expected = [slow.base_and_rule(w, t, role=r, next_tag=tags[i + 1] if i + 1 < len(tags) else None)
                    for i, (w, t, r) in enumerate(zip(words, tags, roles))]
        assert got == expected


def test_sentence_bases_reads_the_context(rules):
    words, tags, roles = SENTENCES[0]
    bases = [base for base, _ in BaseFormFinder(rules).sentence_bases(words, tags, roles)]
    assert bases == ["It", "have", "be", "sell", "and", "it", "be", "go"]
