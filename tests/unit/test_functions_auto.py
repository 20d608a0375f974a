"""What `--functions auto` decides in a tree that carries some annotation
(ptb2fd/conversion/stages/functions_auto.py), and what the run says about
it: one invented tree per decision."""
from __future__ import annotations

import json

import pytest

from ptb2fd.cli import main
from ptb2fd.conversion.converter import Converter

# a clause with a verb phrase and no -SBJ child: the tree was not annotated there
SUBJECTLESS = "(ROOT (S (NP-SBJ (PRP He)) (VP (VBD wanted) (S (VP (TO to) (VP (VB leave) (NP (NNP Tuesday)))))) (. .)))"
# a passive without a trace, in a tagged tree
TRACELESS = "(ROOT (S (NP-SBJ (DT The) (NN bridge)) (VP (VBD was) (VP (VBN built) (PP (IN by) (NP (DT the) (NN city))))) (. .)))"
# a reduced relative without a trace
REDUCED = ("(ROOT (S (NP-SBJ (NP (NNS Lanterns)) (VP (VBN given) (PRT (RP away)) (PP (IN by) (NP (DT the) (NN city))))) "
           "(VP (VBD glowed)) (. .)))")
# a participle clause after a comma, without subject or trace
COMMA = "(ROOT (S (S (VP (VBN Led) (PP (IN by) (NP (DT the) (NN mayor))))) (, ,) (NP-SBJ (DT the) (NN crowd)) (VP (VBD marched)) (. .)))"
# tagged, no empty element, and neither gap: cannot be told from gold
NO_GAP = "(ROOT (S (NP-SBJ (PRP He)) (VP (VBD left) (NP (NNP Tuesday)) (NP-ADV (NN home))) (. .)))"
# Penn annotation (an empty element), with an adjectival participle that has no trace
ANNOTATED = ("( (S (NP-SBJ-1 (PRP They)) (VP (VBD seemed) (S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB be) "
             "(VP (VBN worried) (PP-CLR (IN about) (NP (PRP it)))))))) (. .)))")


@pytest.fixture(scope="module")
def convert(rules):
    converters = {mode: Converter(rules, functions=mode) for mode in ("auto", "gold")}

    def run(text: str, mode: str = "auto"):
        return converters[mode].convert_text(text)
    return run


def words(sentence) -> dict[str, tuple[str, str]]:
    return {t.word: (t.role, t.logicalrole) for t in sentence.tokens}


def test_a_clause_without_a_subject_tag_gets_predicted_tags_in_a_tagged_tree(convert):
    s = convert(SUBJECTLESS)
    assert words(s)["Tuesday"] == ("temporal", "temporal")
    assert words(convert(SUBJECTLESS, "gold"))["Tuesday"][0] == "object"
    assert s.functions["tags"] >= 1
    assert s.tokens[0].rules == []  # "He" kept its given -SBJ: not predicted
    assert any(r.startswith("functions:") for r in s.tokens[4].rules)


def test_a_passive_without_a_trace_gets_it_back_and_its_by_phrase_is_the_logical_subject(convert):
    s = convert(TRACELESS)
    w = words(s)
    assert w["bridge"] == ("subject", "object")
    assert w["city"] == ("lgs-adjunct", "subject")
    assert s.functions["empty_elements"] == 1
    assert "passive-be" in s.tokens[1].rules
    assert words(convert(TRACELESS, "gold"))["bridge"] == ("subject", "subject")


@pytest.mark.parametrize("tree, agent", [(REDUCED, "city"), (COMMA, "mayor")])
def test_the_by_phrase_of_a_reduced_passive_is_the_logical_subject(convert, tree, agent):
    s = convert(tree)
    assert words(s)[agent] == ("lgs-adjunct", "subject")
    assert s.functions["empty_elements"] == 1


def test_the_by_phrase_of_a_gold_reduced_relative_is_the_logical_subject(convert):
    gold = ("( (NP (NP (NNS lanterns)) (VP (VBN given) (NP (-NONE- *)) (PRT (RP away)) "
            "(PP (IN by) (NP-LGS (DT the) (NN city))))))")
    assert words(convert(gold, "gold"))["city"] == ("lgs-adjunct", "subject")
    # an active participle with a wh-trace is no passive: "the car he had sold *T*"
    active = ("( (S (NP-SBJ (PRP He)) (VP (VBD had) (VP (VBN sold) (NP (-NONE- *T*-1)) (PP-CLR (IN to) "
              "(NP (PRP them))))) (. .)))")
    assert words(convert(active, "gold"))["He"] == ("subject", "subject")


def test_a_tagged_tree_with_neither_gap_is_converted_as_given(convert):
    s = convert(NO_GAP)
    assert s.functions is None
    assert words(s)["Tuesday"][0] == "object"


def test_a_tree_with_empty_elements_is_annotation_its_participles_without_trace_stay(convert):
    s = convert(ANNOTATED)
    assert s.functions is None
    assert s.tokens == convert(ANNOTATED, "gold").tokens
    assert words(s)["They"] == ("subject", "subject")


def test_has_got_and_gone_are_no_passives(convert):
    got = "(ROOT (S (NP-SBJ (PRP It)) (VP (VBZ 's) (VP (VBN got) (NP (JJ good) (NNS people)))) (. .)))"
    gone = "(ROOT (S (NP-SBJ (PRP They)) (VP (VBP 're) (VP (VBN gone))) (. .)))"
    assert convert(got).functions is None
    assert convert(gone).functions is None


def test_the_summary_counts_completed_trees_and_warns_over_a_tenth(tmp_path, capsys):
    src = tmp_path / "partly.mrg"
    src.write_text("\n".join([TRACELESS, NO_GAP, NO_GAP]) + "\n", encoding="utf-8")
    stats = tmp_path / "stats.json"
    assert main(["convert", str(src), "-o", str(tmp_path / "out.jsonl"), "--stats", str(stats)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("; 1 trees completed by the function-tag model (1 tags predicted, 1 empty elements "
                           "put back)")
    assert err[1].startswith("ptb2fd: warning: --functions auto completed 1 of 3 trees (33 %)")
    assert "--functions gold" in err[1]
    assert json.loads(stats.read_text())["functions"] == {"trees": 1, "tags": 1, "empty_elements": 1, "auto": 1}
    assert main(["convert", str(src), "-o", str(tmp_path / "gold.jsonl"), "--functions", "gold"]) == 0
    assert capsys.readouterr().err.splitlines() == ["ptb2fd: read 3, converted 3, failed 0, skipped 0; 18 words"]


def test_no_warning_when_a_tenth_or_less_was_completed(tmp_path, capsys):
    src = tmp_path / "mostly_gold.mrg"
    src.write_text("\n".join([TRACELESS] + [NO_GAP] * 10) + "\n", encoding="utf-8")
    assert main(["convert", str(src), "-o", str(tmp_path / "out.jsonl")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "1 trees completed" in err[0]


@pytest.mark.parametrize("tree", [
    "( (S (NP-SBJ-1 (PRP She)) (VP (VBD was) (VP (VBN forced) (S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB work)))))) (. .)))",
    "(ROOT (S (NP-SBJ (PRP She)) (VP (VBD was) (VP (VBN forced) (S (VP (TO to) (VP (VB work)))))) (. .)))",
])
def test_a_passive_whose_trace_is_the_subject_of_its_clause_complement_makes_the_subject_its_object(convert, tree):
    # "X forced her to work": in the active, "she" is the object
    assert words(convert(tree))["She"] == ("subject", "object")


def test_an_active_participle_with_a_clause_complement_is_no_passive(convert):
    tree = "( (S (NP-SBJ-1 (PRP She)) (VP (VBZ has) (VP (VBN tried) (S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB work)))))) (. .)))"
    assert words(convert(tree, "gold"))["She"] == ("subject", "subject")


def test_an_sbar_without_its_complementizer_is_a_gap(convert):
    # Penn writes the missing "that" as (-NONE- 0): without it the tree was not annotated there
    tree = ("(ROOT (S (NP-SBJ (PRP He)) (VP (VBD said) (SBAR (S (NP-SBJ (PRP it)) (VP (VBD rained) "
            "(NP (NNP Tuesday)))))) (. .)))")
    assert words(convert(tree))["Tuesday"] == ("temporal", "temporal")
    with_that = tree.replace("(SBAR (S", "(SBAR (IN that) (S")
    assert convert(with_that).functions is None


def test_a_completed_tree_reads_back_from_conllu_plus_with_its_functions(convert):
    from ptb2fd.formats import conllup
    from ptb2fd.formats.conllup_read import read_conllup

    s = convert(TRACELESS)
    back = list(read_conllup(conllup.header() + conllup.dump_sentence(s), "x.conllup"))
    assert back == [s] and back[0].functions == s.functions
