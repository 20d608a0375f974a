"""`--functions auto|gold|infer` (ptb2fd/conversion/stages/functions.py)
and the provenance of records whose function tags were predicted."""
from __future__ import annotations

import json

import pytest

from ptb2fd.cli import main
from ptb2fd.conversion.converter import Converter
from ptb2fd.errors import UsageError
from ptb2fd.functions.model import default_model_path, load_model

GOLD = "( (S (NP-SBJ (PRP He)) (VP (VBD left) (NP-TMP (NNP Tuesday))) (. .)) )"
PARSED = "(ROOT (S (NP (PRP He)) (VP (VBD left) (NP (NNP Tuesday))) (. .)))"
# "Tuesday" tagged -ADV by hand: gold mode keeps what the tree says.
ODD = "( (S (NP-SBJ (PRP He)) (VP (VBD left) (NP-ADV (NNP Tuesday))) (. .)) )"


@pytest.fixture(scope="module")
def convert(rules):
    converters = {mode: Converter(rules, functions=mode) for mode in ("auto", "gold", "infer")}

    def run(text: str, mode: str):
        return converters[mode].convert_text(text)
    return run


def roles(sentence) -> list[tuple[str, str]]:
    return [(t.word, t.role) for t in sentence.tokens]


def test_gold_uses_the_tags_as_given_and_marks_nothing(convert):
    s = convert(ODD, "gold")
    assert roles(s)[2] == ("Tuesday", "adverbial")
    assert s.functions is None and all(not r.startswith("functions:") for t in s.tokens for r in t.rules)


def test_auto_keeps_a_tagged_tree_as_it_is(convert):
    assert convert(ODD, "auto").tokens == convert(ODD, "gold").tokens
    assert convert(ODD, "auto").functions is None


def test_auto_predicts_tags_for_a_tree_without_any(convert):
    s = convert(PARSED, "auto")
    assert roles(s) == [("He", "subject"), ("left", "top"), ("Tuesday", "temporal"), (".", "rightpunc")]
    name = load_model(default_model_path()).name
    assert s.functions == {"model": name, "tags": 2, "empty_elements": 0}
    assert s.tokens[2].rule == "ftag-tmp" and s.tokens[2].rules == [f"functions:{name}:TMP"]
    assert s.tokens[2].phrase == "NP-TMP"


def test_gold_on_parser_output_has_no_tags_to_read(convert):
    assert roles(convert(PARSED, "gold"))[2] == ("Tuesday", "object")


def test_infer_ignores_the_given_tags(convert):
    s = convert(ODD, "infer")
    assert roles(s)[2] == ("Tuesday", "temporal")
    assert s.functions is not None
    assert s.tokens == convert(PARSED, "auto").tokens


def test_a_tree_with_empty_elements_but_no_tag_is_annotation_not_parser_output(convert):
    text = "( (NP (NP (CD 10) (NN %)) (PP (IN of) (NP ($ $) (CD 5) (-NONE- *U*)))) )"
    assert convert(text, "auto").functions is None
    assert convert(text, "auto").tokens == convert(text, "gold").tokens


def test_a_fragment_without_a_clause_is_converted_as_given_under_auto(convert):
    # gold treebanks have such trees, untagged: they cannot be told from a parser's
    text = "( (FRAG (NP (NN Fees)) (NP (CD 1) (CD 3\\/4)) (. .)) )"
    s = convert(text, "auto")
    assert s.functions is None and s.tokens == convert(text, "gold").tokens
    assert convert(text.replace("FRAG", "S"), "auto").functions is not None  # a clause: parser output


def test_a_tree_the_model_gives_nothing_is_converted_as_given(convert):
    text = "(ROOT (S (INTJ (UH Yes)) (. .)))"
    s = convert(text, "infer")
    assert s.functions is None and s.tokens == convert(text, "gold").tokens


def test_passive_logical_roles_name_the_restoring_rule(convert):
    s = convert("(ROOT (S (NP (DT The) (NN fleet)) (VP (VBD was) (VP (VBN sold) (PP (IN by) (NP (DT the) "
                "(NN company))))) (. .)))", "auto")
    fleet, company = s.tokens[1], s.tokens[6]
    assert (fleet.role, fleet.logicalrole) == ("subject", "object")
    assert (company.role, company.logicalrole) == ("lgs-adjunct", "subject")
    assert "passive-be" in fleet.rules and "passive-be" in company.rules
    assert s.functions["empty_elements"] == 1


def test_a_missing_model_is_a_usage_error_naming_the_file(rules, tmp_path):
    conv = Converter(rules, functions="infer", function_model=str(tmp_path / "none.ftm"))
    with pytest.raises(UsageError, match="none.ftm: no such model file"):
        conv.load_function_model()
    assert Converter(rules, functions="gold", function_model=str(tmp_path / "none.ftm")).load_function_model() is None


def test_cli_modes_records_stats_and_exit_status(tmp_path, capsys):
    src = tmp_path / "parsed.mrg"
    src.write_text(PARSED + "\n" + GOLD + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["convert", str(src), "-o", str(out), "--stats", str(tmp_path / "st.json")]) == 0
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert "functions" in lines[0] and "functions" not in lines[1]
    assert json.loads((tmp_path / "st.json").read_text())["notes"]["functions-inferred"] == 1
    capsys.readouterr()
    assert main(["stats", str(out)]) == 0
    assert "Function tags inferred (parser output, docs/parser-output.md): 1 of 2 sentences" in capsys.readouterr().out
    assert main(["convert", str(src), "--functions", "gold", "-o", str(out)]) == 0
    assert all("functions" not in json.loads(x) for x in out.read_text(encoding="utf-8").splitlines())
    assert main(["convert", str(src), "--function-model", str(tmp_path / "no.ftm")]) == 2
    assert "no.ftm: no such model file" in capsys.readouterr().err


def test_conllup_says_when_tags_were_inferred(tmp_path, capsys):
    src = tmp_path / "parsed.mrg"
    src.write_text(PARSED + "\n", encoding="utf-8")
    assert main(["convert", str(src), "--format", "conllup"]) == 0
    assert "# functions = inferred by " in capsys.readouterr().out


def test_complete_keeps_the_given_tags_and_fills_in_the_rest(rules):
    # a partly tagged tree, as GUM's: the subject is tagged, the temporal NP is not
    partial = "(ROOT (S (NP-SBJ (PRP He)) (VP (VBD left) (NP (NNP Tuesday)) (NP-ADV (NN home))) (. .)))"
    conv = Converter(rules, functions="complete")
    s = conv.convert_text(partial)
    assert roles(s)[:4] == [("He", "subject"), ("left", "top"), ("Tuesday", "temporal"), ("home", "adverbial")]
    assert s.tokens[0].rules == [] and s.tokens[3].rules == []  # given tags: not inferred
    assert s.tokens[2].rules[0].startswith("functions:")
    assert Converter(rules, functions="auto").convert_text(partial).tokens[2].role == "object"


@pytest.mark.parametrize("command", [["regen", "--json"], ["check-heads", "--json"], ["check-functions", "--json"]])
def test_other_commands_take_the_modes(tmp_path, capsys, command):
    src = tmp_path / "gold.mrg"
    src.write_text(GOLD + "\n" + ODD + "\n", encoding="utf-8")
    outputs = {}
    for mode in ("gold", "infer"):
        assert main([command[0], str(src), "--functions", mode, *command[1:]]) == 0
        outputs[mode] = json.loads(capsys.readouterr().out)
    assert outputs["gold"]["sentences"] == outputs["infer"]["sentences"] == 2
    if command[0] == "check-functions":  # stripped trees: gold mode has no tags to read
        assert outputs["infer"]["agreement"]["role"] > outputs["gold"]["agreement"]["role"]
