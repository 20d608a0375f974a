"""Treebank conventions beyond the WSJ sample, one fixture file each.

Every fixture in fixtures/conventions/ is converted through the `convert`
command (in this process, so the rules load once) with `-o` and `--stats`;
the tests check the real records (words, heads, roles), the counts in
--stats, and the error messages (file:line and sentence id).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ptb2fd.cli import main
from ptb2fd.formats.jsonl import read_jsonl

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "conventions"


class Run:
    """One `ptb2fd convert FIXTURE -o OUT --stats STATS` run."""

    def __init__(self, status: int, sentences: dict, stats: dict, stderr: str):
        self.status = status
        self.sentences = sentences  # sentence id -> Sentence
        self.stats = stats
        self.stderr = stderr

    def __getitem__(self, index: int):
        """The sentence with 1-based index `index` in the fixture."""
        return self.sentences[f"{self.source}:{index}"]

    def words(self, index: int) -> list[str]:
        return [t.word for t in self[index].tokens]

    def heads(self, index: int) -> list[tuple[str, str]]:
        """(word, word it depends on) pairs; the root depends on "ROOT"."""
        toks = self[index].tokens
        return [(t.word, toks[t.head - 1].word if t.head else "ROOT") for t in toks]

    def roles(self, index: int) -> dict[str, str]:
        return {t.word: t.role for t in self[index].tokens}

    def role_of(self, index: int, word: str, field: str = "role") -> str:
        [tok] = [t for t in self[index].tokens if t.word == word]
        return getattr(tok, field)

    def failure(self, index: int) -> dict:
        [f] = [f for f in self.stats["failures"] if f["id"] == f"{self.source}:{index}"]
        return f


@pytest.fixture
def convert(tmp_path, capsys):
    def run(name: str, *extra: str) -> Run:
        src = FIXTURES / name
        out, stats = tmp_path / f"{name}.jsonl", tmp_path / f"{name}.stats.json"
        capsys.readouterr()
        status = main(["convert", str(src), "-o", str(out), "--stats", str(stats), *extra])
        stderr = capsys.readouterr().err
        with open(out, encoding="utf-8") as handle:
            sentences = {s.id: s for s in read_jsonl(handle, str(out))}
        data = json.loads(stats.read_text(encoding="utf-8"))
        # The summary accounts for every tree, on the summary line too.
        assert data["read"] == data["converted"] + data["failed"] + data["skipped"]
        assert data["converted"] == len(sentences)
        assert f"read {data['read']}, converted {data['converted']}, failed {data['failed']}" in stderr
        r = Run(status, sentences, data, stderr)
        r.source = name
        return r

    return run


def check_tree(sentence) -> None:
    """The invariants, from the outside: ids 1..n, one root with role top,
    heads inside the sentence, no cycles."""
    toks = sentence.tokens
    n = len(toks)
    assert [t.id for t in toks] == list(range(1, n + 1))
    roots = [t for t in toks if t.head == 0]
    assert len(roots) == 1 and roots[0].role == "top"
    for t in toks:
        seen, h = 0, t.head
        while h:
            assert 1 <= h <= n
            h = toks[h - 1].head
            seen += 1
            assert seen <= n, f"cycle in {sentence.id}"


def all_converted(run: Run) -> None:
    assert run.status == 0, run.stderr
    assert run.stats["failed"] == 0 and run.stats["skipped"] == 0
    for s in run.sentences.values():
        check_tree(s)


# ------------------------------------------------------------------ tops


def test_tops_root_empty_top_and_wrappers(convert):
    r = convert("tops.mrg")
    all_converted(r)
    assert r.stats["read"] == 7
    # (ROOT ...), ( (S ...) ), ((S ...)), (TOP ...), (S1 ...) and a bare (S ...)
    # all give the same records.
    expected = [("She", "reads"), ("reads", "ROOT"), ("maps", "reads"), (".", "reads")]
    for i in range(1, 7):
        assert r.heads(i) == expected, i
        assert r.roles(i) == {"She": "subject", "reads": "top", "maps": "object", ".": "rightpunc"}
    # A wrapper over several constituents is kept as a ROOT phrase.
    assert r.heads(7) == [("Maps", "ROOT"), (".", "Maps")]
    # Wrapper labels are not unknown labels.
    assert not [k for k in r.stats["notes"] if k.startswith("unknown-")]


def test_non_ptb_root_labels_caption_heading_title(convert):
    r = convert("root_labels.mrg")
    all_converted(r)
    assert r.words(1) == ["Figure", "3", ":", "rainfall", "by", "month"]
    assert r.role_of(1, "by", "role") == "rolemarker"
    assert r.heads(2) == [("Regional", "results"), ("results", "ROOT")]
    assert r.heads(3)[:2] == [("Farmers", "brace"), ("brace", "ROOT")]
    assert r.role_of(3, "Farmers") == "subject"
    # CAPTION, HEADING and TITLE have head rules: not counted as unknown.
    assert not [k for k in r.stats["notes"] if k.startswith("unknown-label")]


def test_comment_lines_and_several_trees_on_one_line(convert):
    r = convert("comments_and_shared_lines.mrg")
    all_converted(r)
    # The commented-out tree is not read; the two trees of line 3 are items 1
    # and 2, both starting on line 3; the multi-line tree is item 3.
    assert r.stats["read"] == 4
    assert [r.words(i)[0] for i in range(1, 5)] == ["Birds", "Dogs", "Fish", "Cows"]
    assert r.heads(3) == [("Fish", "swim"), ("swim", "ROOT"), (".", "swim")]


# ------------------------------------------------------------------ newer guidelines


def test_nml_hyph_afx(convert):
    r = convert("nml_hyph_afx.mrg")
    all_converted(r)
    # NML is an NP-like label: its last noun heads it, and the NML depends on
    # the noun it modifies.
    assert r.heads(1)[:4] == [("The", "office"), ("New", "York"), ("York", "office"), ("office", "closed")]
    # HYPH is punctuation: it never heads, the nouns around it do.
    assert dict(r.heads(2))["mail"] == "sent"
    assert r.role_of(2, "mail") == "object"
    assert r.role_of(2, "-").endswith("punc")
    assert r.role_of(3, "debate") == "object"
    assert dict(r.heads(3))["pre"] == "election"
    assert not [k for k in r.stats["notes"] if k.startswith("unknown-")]


def test_bracket_tags_and_both_kinds_of_escaped_brackets(convert):
    r = convert("bracket_tags.mrg")
    all_converted(r)
    assert r.words(2) == ["Editors", "added", "-LSB-", "sic", "-RSB-", "."]
    assert r.role_of(2, "-LSB-") == "leftpunc" and r.role_of(2, "-RSB-") == "rightpunc"
    assert r.role_of(3, "-LCB-") == "leftpunc" and r.role_of(3, "-RCB-") == "rightpunc"
    # "\(" and "\)" leaves are unescaped in `word`; the tag keeps its name.
    assert r.words(4) == ["The", "note", "said", "(", "see", "below", ")", "."]
    assert [t.cat for t in r[4].tokens][3] == "-LRB-"
    assert r.role_of(4, "(") == "leftpunc" and r.role_of(4, ")") == "rightpunc"
    # An escaped bracket inside a word.
    assert r.words(5)[4] == "draft(2)"
    assert r.role_of(1, "-LRB-") == "leftpunc"
    assert not [k for k in r.stats["notes"] if k.startswith("unknown-")]


def test_raw_double_quotes(convert):
    r = convert("raw_quotes.mrg")
    all_converted(r)
    toks = r[1].tokens
    assert [t.word for t in toks] == ["He", "called", "it", '"', "progress", '"', "."]
    # Raw quotes are punctuation: the first opens, the second closes.
    assert [(t.role, toks[t.head - 1].word) for t in toks if t.word == '"'] == [
        ("leftpunc", "progress"), ("rightpunc", "progress")]
    assert r.role_of(1, "progress") == "predicate"
    assert r.words(2)[:5] == ['"', "We", "won", ",", '"']


def test_slash_and_star_escapes_are_undone_in_word(convert):
    r = convert("escapes.mrg")
    all_converted(r)
    assert r.words(1)[2] == "1/2"
    assert r.words(2)[3] == "*"
    assert r.words(3)[2] == "3/4"
    assert r.role_of(1, "point") == "extent"


# ------------------------------------------------------------------ empty elements


def test_co_indexing_in_either_place(convert):
    r = convert("coindexing.mrg")
    all_converted(r)
    # "(NP (-NONE- *T*-1))" and "(NP-1 (-NONE- *T*))" give the same records.
    assert r[1].tokens == r[2].tokens
    assert r.roles(1) == {"What": "topic", "did": "aux", "she": "subject", "build": "top", "?": "rightpunc"}
    # Same for the passive's object trace: "(NP (-NONE- *-2))" / "(NP-2 (-NONE- *))".
    assert r[3].tokens == r[4].tokens
    for i in (3, 4):
        assert r.role_of(i, "bridge") == "subject"
        assert r.role_of(i, "bridge", "logicalrole") == "object"
        assert r.role_of(i, "engineers", "logicalrole") == "subject"
        assert r.role_of(i, "engineers", "rolemarker") == "by"
    assert r.stats["notes"]["null-elements"] == 4


def test_every_kind_of_empty_element(convert):
    r = convert("empty_elements.mrg")
    assert r.status == 1  # the last tree is nothing but null elements
    assert r.stats["read"] == 11 and r.stats["converted"] == 10 and r.stats["failed"] == 1
    assert r.stats["failure_kinds"] == {"empty": 1}
    f = r.failure(11)
    assert (f["source"], f["line"], f["kind"], f["stage"]) == ("empty_elements.mrg", 11, "empty", "nulls")
    assert "empty_elements.mrg:11 (empty_elements.mrg:11): [nulls] empty error" in r.stderr
    for s in r.sentences.values():
        check_tree(s)
    # No empty element reaches the records.
    nulls = {"*", "*PRO*", "*T*", "*U*", "*?*", "*EXP*", "*ICH*", "*RNR*", "*PPA*", "*NOT*", "0", "*0*"}
    for s in r.sentences.values():
        assert not {t.word for t in s.tokens} & nulls
        assert "-NONE-" not in {t.cat for t in s.tokens}
    # 13 empty elements in the 10 converted trees (the failed tree's 2 too).
    assert r.stats["notes"]["null-elements"] == 15
    assert r.words(1) == ["Workers", "wanted", "to", "leave", "."]  # *-1
    assert r.role_of(2, "Leaving") == "subject"  # *PRO*
    assert r.role_of(3, "%") == "extent"  # *U*
    assert r.words(4) == ["She", "could", "not", "."]  # *?*
    assert r.role_of(5, "say", "rule") == "extraposed"  # *EXP*
    assert r.role_of(6, "won", "rule") == "extraposed"  # *ICH*
    assert r.words(7) == ["Buyers", "liked", "and", "bought", "the", "house", "."]  # *RNR*
    assert dict(r.heads(8))["failed"] == "said"  # 0
    assert dict(r.heads(9))["worked"] == "said"  # *0*
    assert r.words(10) == ["We", "left", "."]  # *PPA*, *NOT*


def test_extra_function_tags(convert):
    r = convert("function_tags.mrg")
    all_converted(r)
    assert r.role_of(1, "Star") == "predicate"  # NP-PRD-TTL
    assert r.heads(2) == [("Acme", "Buys"), ("Buys", "ROOT"), ("Zenith", "Buys")]  # S-HLN
    assert r.role_of(2, "Acme") == "subject"
    assert r.role_of(3, "Running") == "subject"  # NP-NOM
    assert r.role_of(4, "Bob") == "predicate"  # NP-PRD-CLF
    assert dict(r.heads(5))["Sam"] == "look"  # NP-VOC
    assert r.heads(6) == [("I", "mea"), ("mea", "ROOT")]  # -FRM, -UNF
    assert r.role_of(6, "I") == "subject"
    # All of them are known function tags.
    assert not [k for k in r.stats["notes"] if k.startswith("unknown-")]


def test_gapping_indices(convert):
    r = convert("gapping.mrg")
    all_converted(r)
    # "=1" / "=2" are read as gap indices, not as part of the label: NP-SBJ=1
    # is still a subject; the gapped clause attaches to the first one.
    assert r.role_of(1, "Ann") == "subject"
    assert r.role_of(1, "tea") == "object"
    assert dict(r.heads(1))["Bo"] == "ordered"
    assert not [k for k in r.stats["notes"] if k.startswith("unknown-")]


def test_unknown_labels_get_the_default_rule_and_are_counted(convert):
    r = convert("unknown_labels.mrg")
    all_converted(r)
    notes = r.stats["notes"]
    assert notes["unknown-label:ZZP"] == 1
    assert notes["unknown-label:BLOB"] == 1
    assert notes["unknown-tag:QQ"] == 1
    assert notes["unknown-function-tag:XYZ"] == 1
    # The default rule (heads.yaml `default: {direction: left}`): the first
    # child heads the phrase.
    assert r.heads(2) == [("fog", "ROOT"), ("banks", "fog")]
    assert dict(r.heads(1))["fog"] == "saw" and dict(r.heads(1))["banks"] == "fog"
    assert [(t.word, t.head_rule) for t in r[1].tokens][3] == ("banks", "head-default")
    assert r[1].tokens[2].phrase == "ZZP"
    # The unknown function tag does not hide the known one.
    assert r.role_of(4, "We") == "subject"


# ------------------------------------------------------------------ spoken material


def test_spoken_material_edited_intj_uh_prn(convert):
    r = convert("spoken.mrg")
    all_converted(r)
    # EDITED: the reparandum is kept as a word and depends on the clause.
    assert r.words(1)[:3] == ["I", "I", "think"]
    assert [t.head for t in r[1].tokens][:2] == [3, 3]
    assert r[1].tokens[1].role == "subject"
    assert dict(r.heads(2))["Well"] == "tried"  # INTJ
    assert r.heads(3) == [("Yes", "ROOT"), (".", "Yes")]  # INTJ tree
    assert dict(r.heads(4))["guess"] == "agreed"  # PRN
    assert r.role_of(4, "She") == "subject"
    assert dict(r.heads(5))["uh"] == "were"  # UH inside a VP


def test_markup_leaves_removed_markup_only_trees_skipped(convert):
    r = convert("markup.mrg")
    s = r.stats
    assert (s["read"], s["converted"], s["failed"], s["skipped"]) == (5, 1, 1, 3)
    assert s["skip_reasons"] == {"markup only": 3}
    # Markup leaves never become words.
    assert r.words(2) == ["You", "know", "."]
    assert r.role_of(2, "You") == "subject"
    # "(CODE (SYM SpeakerB2) (. .))" is markup as a whole: skipped, not a
    # sentence "SpeakerB2 ." (and CODE is not an unknown label).
    assert "markup.mrg:3" not in r.sentences
    assert not [k for k in s["notes"] if k.startswith("unknown-")]
    assert s["notes"]["markup-leaves"] == 1 + 2 + 2 + 2 + 1
    # Counted on the summary line; a line each only with --verbose (a
    # spoken treebank has hundreds), and listed in --stats.
    assert "skipped 3 markup-only trees;" in r.stderr and "skipped (markup only)" not in r.stderr
    assert [k["id"] for k in s["skips"]] == ["markup.mrg:1", "markup.mrg:3", "markup.mrg:4"]
    verbose = convert("markup.mrg", "--verbose")
    assert "markup.mrg:1 (markup.mrg:1): skipped (markup only)" in verbose.stderr
    assert verbose.stderr.count("skipped (markup only)") == 3
    # Null elements and markup and nothing else: an error, not a skip.
    assert r.failure(5)["kind"] == "empty"
    assert r.status == 1


# ------------------------------------------------------------------ sentence types


def test_headlines_and_fragments(convert):
    r = convert("headlines_fragments.mrg")
    all_converted(r)
    assert r.heads(1)[:2] == [("Weather", "ROOT"), (":", "sunny")]  # FRAG
    assert r.heads(2) == [("fig.", "3"), ("3", "ROOT")]  # X
    assert r.heads(3) == [("A", "morning"), ("quiet", "morning"), ("morning", "ROOT")]  # NP-rooted
    assert r.heads(4) == [("Markets", "Update"), ("Update", "ROOT")]  # NP-HLN
    assert r.heads(5) == [("For", "example"), ("example", "ROOT"), (".", "example")]
    assert r.role_of(5, "For") == "rolemarker"


def test_questions(convert):
    r = convert("questions.mrg")
    all_converted(r)
    assert r.roles(1) == {"Who": "topic", "called": "top", "?": "rightpunc"}  # SBARQ, WHNP
    assert r.roles(2)["Where"] == "topic"  # WHADVP
    assert r.roles(2)["they"] == "subject" and r.roles(2)["did"] == "aux"
    assert r.roles(3) == {"Is": "top", "it": "subject", "ready": "predicate", "?": "rightpunc"}  # SQ
    assert dict(r.heads(4))["Which"] == "road" and r.roles(4)["road"] == "topic"


def test_imperatives(convert):
    r = convert("imperatives.mrg")
    all_converted(r)
    assert r.heads(1) == [("Close", "ROOT"), ("the", "door"), ("door", "Close"), (".", "Close")]
    assert r.role_of(1, "door") == "object"
    assert r.heads(2)[0] == ("Sit", "ROOT")  # with an explicit (NP-SBJ (-NONE- *))
    assert r.roles(3)["n't"] == "polarity" and r.roles(3)["touch"] == "top"


def test_one_word_trees(convert):
    r = convert("one_word.mrg")
    all_converted(r)
    for i, word in enumerate(["Thanks", "Hello", "Bye", "Boston"], 1):
        assert r.heads(i) == [(word, "ROOT")]
        assert r[i].tokens[0].role == "top"


def test_trees_of_only_punctuation(convert):
    r = convert("punctuation_only.mrg")
    all_converted(r)
    assert r.heads(1) == [(".", "ROOT")]
    assert [t.head for t in r[2].tokens] == [0, 1]
    assert r.words(3) == ["``", "''"]


def test_sentences_without_final_punctuation(convert):
    r = convert("no_final_punctuation.mrg")
    all_converted(r)
    assert r.heads(1) == [("Dogs", "bark"), ("bark", "ROOT")]
    assert r.roles(2) == {"The": "determiner", "show": "subject", "ended": "top", "tonight": "temporal"}


def test_citations_inside_sentences(convert):
    r = convert("citations.mrg")
    all_converted(r)
    heads = dict(r.heads(1))
    assert heads["1998"] == "work" and heads["Lee"] == "1998"
    assert r.role_of(1, "-LRB-") == "leftpunc" and r.role_of(1, "-RRB-") == "rightpunc"
    assert r.role_of(1, "work") == "object"
    assert dict(r.heads(2))["Hart"] == "cite"
    assert not [k for k in r.stats["notes"] if k.startswith("unknown-label")]


# The parser-output trees of parser_output.mrg as the treebank annotates them.
ANNOTATED = [
    "( (S (NP-SBJ (DT The) (NN committee)) (VP (VBD approved) (NP (DT the) (NN plan))) (. .)) )",
    "( (S (NP-SBJ (PRP He)) (VP (VBD said) (SBAR (-NONE- 0) (S (NP-SBJ (PRP they)) (VP (VBD agreed))))) (. .)) )",
    "( (SBARQ (WHNP-1 (WP What)) (SQ (VBD did) (NP-SBJ (PRP she)) (VP (VB find) (NP (-NONE- *T*-1)))) (. ?)) )",
    "( (S (NP-SBJ-1 (DT The) (NN plan)) (VP (VBD was) (VP (VBN approved) (NP (-NONE- *-1)) (PP (IN by) "
    "(NP-LGS (DT the) (NN board))))) (. .)) )",
]


def test_parser_output_without_function_tags_or_empty_elements(convert, converter):
    r = convert("parser_output.mrg")
    all_converted(r)
    # The input has none; the one counted is the object trace put back for
    # the passive of tree 4 ("The plan was approved by the board").
    assert r.stats["notes"].get("null-elements", 0) == 1
    for i, text in enumerate(ANNOTATED, 1):
        gold = converter.convert_text(text).tokens
        # Same words, same heads as the annotated tree ...
        assert [(t.word, t.head) for t in r[i].tokens] == [(t.word, t.head) for t in gold], i
    assert r.heads(1) == [("The", "committee"), ("committee", "approved"), ("approved", "ROOT"),
                          ("the", "plan"), ("plan", "approved"), (".", "approved")]
    assert r.role_of(1, "plan") == "object"
    assert r.roles(3)["What"] == "topic"
    # ... and the passive's logical roles, without the object trace and
    # -LGS of the annotated tree: `--functions auto` puts them back.
    gold = {t.word: t for t in converter.convert_text(ANNOTATED[3]).tokens}
    assert (gold["plan"].logicalrole, gold["board"].logicalrole) == ("object", "subject")
    assert r.role_of(4, "plan", "logicalrole") == "object"
    assert r.role_of(4, "board", "logicalrole") == "subject"


# ------------------------------------------------------------------ errors


def test_damaged_trees_are_reported_with_file_line_and_id(convert):
    r = convert("damaged.mrg")
    assert r.status == 1
    s = r.stats
    assert (s["read"], s["converted"], s["failed"], s["skipped"]) == (8, 2, 6, 0)
    assert s["failure_kinds"] == {"parse": 5, "empty": 1}
    # The good trees around the damaged ones keep their ids.
    assert r.words(1) == r.words(8) == ["Owls", "hunt", "."]
    got = {f["id"]: (f["line"], f["kind"], f["message"]) for f in s["failures"]}
    assert got == {
        "damaged.mrg:2": (2, "parse", "unbalanced brackets: 1 closing bracket(s) missing"),
        "damaged.mrg:3": (3, "parse", "unbalanced brackets: extra closing bracket(s) after the tree"),
        "damaged.mrg:4": (4, "parse", "leaf 'Owls' has no POS tag (its label is 'NP-SBJ')"),
        "damaged.mrg:5": (5, "parse", "text outside brackets"),
        "damaged.mrg:6": (6, "parse", "malformed POS tag 'VB%P' on word 'hunt'"),
        "damaged.mrg:7": (7, "empty", "no words left once null elements are removed"),
    }
    # On stderr: file:line (sentence id): [stage] kind error: message.
    assert "ptb2fd: damaged.mrg:4 (damaged.mrg:4): [read] parse error: leaf 'Owls' has no POS tag" in r.stderr
    assert "ptb2fd: damaged.mrg:2 (damaged.mrg:2): parse error: unbalanced brackets" in r.stderr
    assert "failed 6 (empty: 1, parse: 5)" in r.stderr


def test_every_fixture_has_a_test():
    names = {p.name for p in FIXTURES.glob("*.mrg")}
    source = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    assert {n for n in names if f'"{n}"' not in source} == set()
