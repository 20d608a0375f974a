"""`ptb2fd stats`: counts over hand-built sentences, and the command."""
from __future__ import annotations

import json

import pytest

from ptb2fd.analysis.corpus_stats import NONE_KEY, PAPER, corpus_stats
from ptb2fd.cli import main
from ptb2fd.formats.jsonl import dump_sentence
from ptb2fd.record import Sentence, Token
from ptb2fd.ruleset.load import load_rules


def tok(id, word, head, role, **kw) -> Token:
    values = dict(base=word.lower(), cat="NN", cat0="n", cat1=None, tense=None, pn=None, logicalrole=role,
                  rolemarker=None, direction=None if head == 0 else ("left" if id < head else "right"),
                  rp=None if head == 0 else abs(id - head), ap=id - 1, rule=role)
    values.update(kw)
    return Token(id=id, word=word, head=head, role=role, **values)


def sentences() -> list[Sentence]:
    # 1: "The fleet was sold by Smith and Jones ."
    s1 = Sentence("a.mrg:1", [
        tok(1, "The", 2, "determiner", rule="dt-determiner"),
        tok(2, "fleet", 4, "subject", logicalrole="object", rule="ftag-sbj"),
        tok(3, "was", 4, "voice", rule="be-voice"),
        tok(4, "sold", 0, "top", grouptype="clause", subject_position="default", rule="top",
            corrected="VBN>VBD", rules=["vbn-vbd-finite"]),
        tok(5, "by", 6, "rolemarker", rule="in-rolemarker"),
        tok(6, "Smith", 4, "lgs-adjunct", logicalrole="subject", rule="pp-lgs", position_class="after-object",
            junction=1, junction_position=1, rules=["coord-np", "nesting:np"]),
        tok(7, "and", 6, "junction-marker", rule="cc-junction-marker", junction=1, rules=["coord-np"]),
        tok(8, "Jones", 4, "lgs-adjunct", logicalrole="subject", rule="pp-lgs", position_class="after-object",
            junction=1, junction_position=2, rules=["coord-np"]),
        tok(9, ".", 4, "rightpunc", rule="punct-root-final"),
    ])
    # 2: "Because of rain , it rained and poured ."
    s2 = Sentence("a.mrg:2", [
        tok(1, "Because", 3, "rolemarker", rule="compound-rolemarker", compound=1, compound_position=1,
            rules=["cp-because-of"]),
        tok(2, "of", 3, "rolemarker", rule="compound-rolemarker", compound=1, compound_position=2,
            rules=["cp-because-of"]),
        tok(3, "rain", 6, "adverbial", position_class="before-subject", grouptype="np", rules=["np-head-category"]),
        tok(4, ",", 3, "rightpunc", rule="punct-outward"),
        tok(5, "it", 6, "subject", rule="ftag-sbj"),
        tok(6, "rained", 0, "top", grouptype="clause", subject_position="postaux", rule="top",
            junction=1, junction_position=1, rules=["coord-vp", "nesting:clausal"]),
        tok(7, "and", 8, "junction-marker", rule="cc-junction-marker", junction=1, rules=["coord-vp"]),
        tok(8, "poured", 6, "dependent", rule="coord-root-conjunct", junction=1, junction_position=2,
            corrected="VBN>VBD", rules=["coord-vp", "vbn-vbd-finite"]),
        tok(9, ".", 6, "rightpunc", rule="punct-root-final"),
    ])
    # 3: "( such as X )": a second compound unit, another coordination rule id, WDT>DT.
    s3 = Sentence("b.mrg:1", [
        tok(1, "(", 4, "leftpunc", rule="punct-pair"),
        tok(2, "such", 4, "rolemarker", rule="compound-rolemarker", compound=1, compound_position=1,
            rules=["cp-such-as"]),
        tok(3, "as", 4, "rolemarker", rule="compound-rolemarker", compound=1, compound_position=2,
            rules=["cp-such-as"]),
        tok(4, "X", 0, "top", rule="top", corrected="WDT>DT", rules=["wdt-dt-outside-whnp"]),
        tok(5, ")", 4, "rightpunc", rule="punct-pair"),
    ])
    return [s1, s2, s3]


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture(scope="module")
def stats(rules):
    return corpus_stats(sentences(), rules)


def test_sizes(stats):
    assert stats["sentences"] == 3
    assert stats["words"] == 23


def test_roles_cover_the_inventory(stats, rules):
    roles = stats["roles"]
    assert list(roles)[:len(rules.roles.roles)] == list(rules.roles.roles)
    assert roles["rolemarker"] == {"count": 5, "share": round(5 / 23, 6)}
    assert roles["top"]["count"] == 3
    assert roles["rightpunc"]["count"] == 4
    assert roles["temporal"] == {"count": 0, "share": 0.0}
    assert sum(v["count"] for v in roles.values()) == 23
    assert stats["dependent_share"] == round(1 / 23, 6)


def test_value_counts(stats):
    assert stats["position_class"]["after-object"] == 2
    assert stats["position_class"]["before-subject"] == 1
    assert stats["position_class"]["free"] == 0
    assert stats["position_class"][NONE_KEY] == 20
    assert stats["grouptype"] == {"clause": 2, "np": 1, "other": 20}
    assert stats["subject_position"] == {"default": 1, "postaux": 1, "after-nonaux-finite": 0, "final": 0,
                                         NONE_KEY: 21}


def test_logicalrole_changes(stats):
    assert stats["logicalrole_changes"] == {"words": 3, "transitions": {"lgs-adjunct>subject": 2,
                                                                       "subject>object": 1}}


def test_coordinations_are_counted_once_per_junction(stats):
    co = stats["coordinations"]
    assert co["total"] == 2
    assert co["by_rule"]["coord-np"] == 1
    assert co["by_rule"]["coord-vp"] == 1
    assert co["by_rule"]["coord-clausal"] == 0


def test_nestings_with_paper_figures(stats):
    n = stats["nestings"]
    assert n["clausal"]["count"] == 1 and n["np"]["count"] == 1 and n["other"]["count"] == 0
    assert n["np"]["per_sentence"] == round(1 / 3, 6)
    assert n["clausal"]["paper"] == 5115 and n["np"]["paper"] == 6030
    assert n["np"]["paper_per_sentence"] == round(6030 / 50000, 6)
    assert n["other"]["paper"] is None


def test_compound_units(stats):
    cp = stats["compound_prepositions"]
    assert cp["total"] == 2
    assert cp["by_rule"]["cp-because-of"] == 1
    assert cp["by_rule"]["cp-such-as"] == 1
    assert cp["by_rule"]["cp-according-to"] == 0
    assert cp["paper"] == 3985


def test_punctuation_by_rule(stats):
    pu = stats["punctuation"]
    assert pu["total"] == 5
    assert pu["by_role"] == {"leftpunc": 1, "rightpunc": 4, "coordpunc": 0}
    assert pu["by_rule"] == {"punct-pair": 2, "punct-root-final": 2, "punct-outward": 1}


def test_pos_corrections_beside_table_5(stats):
    pc = stats["pos_corrections"]
    assert pc["total"] == 3
    assert pc["paper"] == 3255 == sum(PAPER["pos_corrections"].values())
    assert pc["by_kind"]["VBN>VBD"]["count"] == 2
    assert pc["by_kind"]["VBN>VBD"]["paper"] == 639
    assert pc["by_kind"]["WDT>DT"] == {"count": 1, "per_1000_sentences": round(1000 / 3, 3), "paper": 481,
                                       "paper_per_1000_sentences": 9.62}
    assert pc["by_kind"]["UH>RB"]["count"] == 0
    assert len(pc["by_kind"]) == 20


def test_np_head_and_role_rules(stats, rules):
    assert stats["np_head_corrections"] == 1
    rr = stats["role_rules"]
    assert list(rr)[:len(rules.roles.rule_ids())] == rules.roles.rule_ids()
    assert rr["ftag-sbj"] == 2
    assert rr["pp-lgs"] == 2
    assert rr["coord-root-conjunct"] == 1
    assert rr["np-object"] == 0
    assert sum(rr.values()) == 23


def test_unknown_values_are_kept(rules):
    s = Sentence("c.mrg:1", [tok(1, "x", 0, "oddrole", rule="odd-rule", corrected="NN>XX")])
    st = corpus_stats([s], rules)
    assert st["roles"]["oddrole"]["count"] == 1
    assert st["role_rules"]["odd-rule"] == 1
    assert st["pos_corrections"]["by_kind"]["NN>XX"] == {"count": 1, "per_1000_sentences": 1000.0, "paper": None,
                                                         "paper_per_1000_sentences": None}


def test_empty_corpus(rules):
    st = corpus_stats([], rules)
    assert st["sentences"] == 0 and st["words"] == 0
    assert st["dependent_share"] == 0.0


# -- the command -------------------------------------------------------------

def write_jsonl(path, sents) -> str:
    path.write_text("".join(dump_sentence(s) + "\n" for s in sents), encoding="utf-8")
    return str(path)


def test_cli_plain(tmp_path, capsys):
    f = write_jsonl(tmp_path / "tiny.jsonl", sentences())
    assert main(["stats", f]) == 0
    out = capsys.readouterr().out
    lines = [line.split() for line in out.splitlines()]
    assert ["sentences", "3"] in lines
    assert ["words", "23"] in lines
    # aligned rows: role, count, share
    assert ["rolemarker", "5", "21.74%"] in lines
    assert ["VBN>VBD", "2", "666.67", "639", "12.78"] in lines
    assert ["clausal", "1", "33.33%", "5115", "10.23%"] in lines
    assert "Coordinations (distinct sentence/junction pairs): 2" in out
    assert "NP-head category corrections (np-head-category): 1" in out


def test_cli_json(tmp_path, capsys):
    f = write_jsonl(tmp_path / "tiny.jsonl", sentences())
    assert main(["stats", f, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    made = data.pop("provenance")
    assert data == corpus_stats(sentences())
    assert list(data)[:4] == ["sentences", "words", "roles", "dependent_share"]
    # records made by hand: no provenance, no markup removed
    assert made == {"made": [{"provenance": None, "sentences": len(sentences())}],
                    "markup_leaves": {"sentences": 0, "leaves": 0}}


def test_cli_bad_line(tmp_path, capsys):
    f = tmp_path / "bad.jsonl"
    good = dump_sentence(sentences()[0])
    f.write_text(good + "\n" + '{"id": "x", "tokens": [1]}\n', encoding="utf-8")
    assert main(["stats", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"{f}:2" in err


def test_cli_missing_file(tmp_path, capsys):
    assert main(["stats", str(tmp_path / "nope.jsonl")]) == 2
    assert "nope.jsonl" in capsys.readouterr().err
