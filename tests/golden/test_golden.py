"""Golden files, one per rule file.

`cases/<rules>.mrg` holds hand-written trees that exercise `rules/<rules>.yaml`;
`cases/<rules>.expected` is their reviewed output: one line per word with the
fields that rule file decides, and the sentence the regenerator rebuilds
from the unordered records (order.yaml). A rule change that alters any of
them shows up here as a diff. After reviewing an intended change:

    PTB2FD_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/golden

rewrites the .expected files (then read `git diff tests/golden`).
"""
from __future__ import annotations

import dataclasses

import os
from pathlib import Path

import pytest

from ptb2fd.regen.check import RegenerationCheck
from ptb2fd.trees.splitter import split_trees
from ptb2fd.ud.writer import dump_sentence

CASES = Path(__file__).parent / "cases"
# The fields each rule file decides, beside word, head and role.
FIELDS = {
    "heads": ["head_rule", "phrase"],
    "roles": ["rule", "position_class"],
    "coordination": ["junction", "junction_position", "conj_anchor", "conj_sibling", "rules"],
    "compound_prepositions": ["rule", "compound", "compound_position", "rolemarker"],
    "punctuation": ["rule", "direction"],
    "pos_corrections": ["cat", "cat0", "cat1", "tense", "corrected", "base"],
    "clauses": ["logicalrole", "grouptype", "subject_position", "cat1"],
    "baseforms": ["cat", "base", "cat0", "cat1", "tense", "pn"],
    # parser-style trees: tags predicted by the shipped model, empty elements put back
    "empty_elements": ["logicalrole", "phrase", "rules"],
    # the Universal Dependencies export: each sentence's CoNLL-U block
    "ud": [],
}


def render(converter, check, path: Path) -> str:
    lines: list[str] = []
    with open(path, encoding="utf-8") as handle:
        for raw in split_trees(handle, path.name):
            s = converter.convert_text(raw.text, raw.sent_id)
            if path.stem == "ud":  # (the columns; the provenance comment has the run's time)
                lines.append(dump_sentence(dataclasses.replace(s, provenance=None)))
                continue
            lines.append(f"# {s.id}: {' '.join(s.words)}")
            for t in s.tokens:
                head = s.tokens[t.head - 1].word if t.head else "ROOT"
                extra = " ".join(f"{f}={_value(getattr(t, f))}" for f in FIELDS[path.stem])
                lines.append(f"{t.id}\t{t.word}\t<- {t.head} {head}\t{t.role}\t{extra}")
            lines.append(f"regenerated: {' '.join(check.run(s).output)}")
            lines.append("")
    return "\n".join(lines)


def _value(v) -> str:
    if isinstance(v, list):
        return ",".join(v) or "-"
    return "-" if v is None else str(v)


@pytest.fixture(scope="module")
def check(rules):
    return RegenerationCheck(rules.order, rules.roles.adjunct_roles, view="full")


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_golden(name, converter, check):
    case = CASES / f"{name}.mrg"
    expected = CASES / f"{name}.expected"
    got = render(converter, check, case)
    if os.environ.get("PTB2FD_UPDATE_GOLDEN"):
        expected.write_text(got, encoding="utf-8")
    assert expected.exists(), f"no golden file {expected.name}: run with PTB2FD_UPDATE_GOLDEN=1 and review it"
    assert got == expected.read_text(encoding="utf-8")


def test_every_rule_file_with_rules_has_a_golden_file(rules):
    stems = {f.split(".")[0] for f in rules.rule_ids()} - {"order"}
    stems.add("clauses")
    assert stems <= set(FIELDS)
    assert all((CASES / f"{name}.mrg").exists() for name in FIELDS)
