"""Reading speech and web trees.

Slash-unit markers written as leaves ("(SU /)", "(. /)", "-/", "/-") are
markup, not words; a hair space or a no-break space inside a leaf is part
of the word. Each failed before its fix: the reader stopped on "(SU /)"
("leaf '/' has no POS tag"), kept "(. /)" as a final period, and cut
"10<hair space>km" into two words, so the tree failed.
"""
from __future__ import annotations

from tests.conventions.test_conventions import all_converted, convert  # noqa: F401  (fixture)


def test_slash_unit_markers_are_markup(convert):  # noqa: F811
    r = convert("slash_units.mrg")
    all_converted(r)
    assert r.stats["read"] == 6 and r.stats["converted"] == 6
    assert r.words(1) == ["I", "think", "it", "helps"]
    assert r.heads(1) == [("I", "think"), ("think", "ROOT"), ("it", "helps"), ("helps", "think")]
    # "(. /)" is a slash unit, not a sentence-final period.
    assert r.words(2) == ["Well", ",", "we", "moved", "here"]
    assert r.words(3) == ["and", "they", "said"]  # "-/": an incomplete unit
    assert r.words(4) == ["she", "works", "downtown"]  # "/-" before, "/" after
    assert r.words(5) == ["Yeah"] and r.roles(5) == {"Yeah": "top"}
    assert r.stats["notes"]["markup-leaves"] == 6


def test_slash_as_a_symbol_stays_a_word(convert):  # noqa: F811
    r = convert("slash_units.mrg")
    assert "/" in r.words(6) and r.role_of(6, "/", "cat") == "SYM"


def test_hair_space_inside_a_leaf_is_part_of_the_word(convert):  # noqa: F811
    r = convert("hair_space.mrg")
    all_converted(r)
    assert r.words(2) == ["We", "ran", "10\u200akm", "."]
    assert r.heads(2)[2] == ("10\u200akm", "ran") and r.role_of(2, "10\u200akm") == "object"
    assert r.words(3) == ["It", "costs", "$", "5\u00a0000", "."]
    # Between two brackets a hair space separates, as any space does.
    assert r.words(1) == ["We", "ran", "10", "km", "."]


def test_slash_unit_tag_is_checked(tmp_path, capsys):
    import shutil

    from ptb2fd.cli import main
    from ptb2fd.ruleset.load import default_rules_dir

    rules = tmp_path / "rules"
    shutil.copytree(default_rules_dir(), rules)
    path = rules / "treebank.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("tag: -DFL-}", "tag: XYZ}"), encoding="utf-8")
    assert main(["rules", "check", str(rules), "--no-sample"]) == 2
    assert "slash_units.tag 'XYZ' must be one of markup_tags" in capsys.readouterr().out
