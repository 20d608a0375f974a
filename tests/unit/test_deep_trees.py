"""Deeply nested trees: up to 500 levels every command handles them (also
when called from deep in a test runner, or in a `--jobs 2` worker); deeper
ones fail their sentence with one located line (docs/limits.md), and the
run goes on with the next tree."""
from __future__ import annotations

import json

import pytest

SHORT = "( (S (NP-SBJ (PRP It)) (VP (VBZ works)) (. .)) )"


def nested(levels: int) -> str:
    """"It works in x": a PP chain whose tree is about `levels` deep (two levels per PP)."""
    pps = levels // 2
    return "( (S (NP-SBJ (PRP It)) (VP (VBZ works) " + "(PP (IN in) (NP " * pps + "(NN x)" + "))" * pps + \
        ") (. .)) )"


@pytest.fixture
def trees(tmp_path):
    path = tmp_path / "deep.mrg"
    path.write_text("\n".join([SHORT, nested(494), nested(600), SHORT]) + "\n")
    return path


DEEP_ERROR = "ptb2fd: deep.mrg:3 (deep.mrg:3): [read] parse error: tree nested deeper than 500 levels"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_convert_converts_494_levels_and_names_the_tree_deeper_than_500(trees, cli, jobs):
    code, out, err = cli("convert", str(trees), "--jobs", jobs)
    assert code == 1
    ids = [json.loads(line)["id"] for line in out.splitlines()]
    assert ids == ["deep.mrg:1", "deep.mrg:2", "deep.mrg:4"]
    words = [t["word"] for t in json.loads(out.splitlines()[1])["tokens"]]
    assert words == ["It", "works"] + ["in"] * 247 + ["x", "."]
    assert err.splitlines()[0] == DEEP_ERROR
    assert "Traceback" not in err


def test_check_heads_compares_494_levels_without_a_recursion_error(trees, cli):
    code, out, err = cli("check-heads", str(trees), "--json")
    assert code == 1
    result = json.loads(out)
    assert (result["sentences"], result["failed"], result["unaligned"]) == (4, 1, 0)
    assert result["compared"] == result["agree"] == 7  # the content words of the three trees that convert
    assert err.splitlines()[0] == DEEP_ERROR
    assert err.splitlines()[-1] == "ptb2fd: 1 sentence(s) failed to convert"


def test_regen_names_the_deep_tree_and_scores_the_others(trees, cli):
    code, out, err = cli("regen", str(trees), "--json")
    assert code == 1
    assert json.loads(out)["sentences"] == 3
    assert DEEP_ERROR in err.splitlines()
    assert "Traceback" not in err
