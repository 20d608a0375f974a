"""Every rule matters: deleting it changes the output.

Each rule of rules/ is deleted in turn (from a copy of the folder, as its
YAML data) and the sentences of fixtures/ and the NLTK sample it fired on
(the first `PER_RULE` of them, and up to `MORE` when those do not tell) are converted and placed again, in the views
`rules check` counts firings in. The records (all but the fields that name
rules: rule, head_rule, rules) or the placements must change for at least
one of them, or the folder without the rule must be refused. A rule whose
deletion changes nothing is dead weight, or a later rule does the same, or
its sentences need a fixture that tells it apart: those known are listed in
`KNOWN_UNCHANGED` with the reason, and any other fails the test.

It converts the sample once and then a few sentences per rule (about a
minute and a half of CPU time): `make check-rules` runs it.
"""
from __future__ import annotations

import os
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from ptb2fd.commands.rules import FIRING_VIEWS, contraction_firings
from ptb2fd.conversion.converter import Converter
from ptb2fd.errors import RuleFileError
from ptb2fd.regen.order import Regenerator
from ptb2fd.regen.view import get_view, make_view
from ptb2fd.ruleset.load import load_rules
from ptb2fd.ruleset.validate import BUILTIN_IDS, DEFAULT_IDS, _raw_files
from ptb2fd.trees.reader import read_trees, resolve_inputs

ROOT = Path(__file__).resolve().parents[2]
PER_RULE = 20
MORE = 400
PROVENANCE = ("rule", "head_rule", "rules")

# Rules whose deletion changes nothing on fixtures/ and the sample, and why
# (found by this test; each is a candidate for a fixture that tells it apart,
# or for removal). A rule that starts to matter must leave this list, and a
# rule that joins it fails the test.
KNOWN_UNCHANGED = {
    # the default head rule (the first child from the left) picks the same head
    **dict.fromkeys(["head-INTJ", "head-LST", "head-UCP", "head-EDITED", "head-CIT", "head-ROOT", "head-CAPTION",
                     "head-HEADING", "head-TITLE"], "the default head rule agrees"),
    # the same analysis as coord-other; they differ in `count_as` (--stats) only
    **dict.fromkeys(["coord-np", "coord-clausal", "coord-vp"], "coord-other gives the same analysis"),
    # the modifier rules or a shorter unit group the same words
    **dict.fromkeys(["cp-instead-of", "cp-along-with", "cp-as-of", "cp-as-for", "cp-except-for", "cp-next-to",
                     "cp-up-to", "cp-inside-of", "cp-rather-than", "cp-more-than", "cp-less-than", "cp-even-though",
                     "cp-even-if"], "the same unit is grouped without it"),
    **dict.fromkeys(["punct-open", "punct-close"], "a later strategy attaches the mark to the same word"),
    **dict.fromkeys(["do-aux", "edited-reparandum", "dependent"], "a later rule gives the same role"),
    "contraction-d-have-taxis": "contraction-d-have gives the same base form",
    **dict.fromkeys(["ord-withinmod-left", "ord-comma-opened-adjunct-last"], "a later rule gives the same place"),
    **dict.fromkeys(["passive-reduced-relative", "passive-small-clause"], "the records are the same without the trace"),
}

pytestmark = [
    pytest.mark.sample, pytest.mark.slow,
    pytest.mark.skipif(not os.environ.get("PTB2FD_CHECK_RULES"),
                       reason="make check-rules runs it (PTB2FD_CHECK_RULES=1): every rule deleted in turn"),
]


def plain(value):
    """YAML data with line numbers -> plain dicts and lists (for safe_dump)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def without(data, rule_id: str) -> bool:
    """Delete the rule `rule_id` from a file's data; whether it was there."""
    if isinstance(data, dict):
        labels = data.get("labels")
        if rule_id.startswith("head-") and isinstance(labels, dict) and rule_id[5:] in labels:
            del labels[rule_id[5:]]
            return True
        for key, v in data.items():
            if isinstance(v, dict) and v.get("id") == rule_id:  # a section that is one rule (np_head_correction)
                del data[key]
                return True
        return any(without(v, rule_id) for v in data.values())
    if isinstance(data, list):
        for i, v in enumerate(data):
            if isinstance(v, dict) and v.get("id") == rule_id:
                del data[i]
                return True
        return any(without(v, rule_id) for v in data)
    return False


def outcome(rules, converter, raw):
    """What a sentence comes out as: its records without the rule names,
    and its placement in each view; or the kind of its failure."""
    result = converter.convert(raw)
    s = result.sentence
    if s is None:
        return ("failed", result.reason)
    records = tuple(tuple(getattr(t, f) if not isinstance(getattr(t, f), list) else tuple(getattr(t, f))
                          for f in t.__slots__ if f not in PROVENANCE) for t in s.tokens)
    placed = tuple(tuple(Regenerator(rules.order).order(make_view(s, rules.roles.adjunct_roles, seed=s.id,
                                                                  view=get_view(v)).view.records))
                   for v in FIRING_VIEWS)
    return records, placed


def firings(rules, converter, raw) -> set[str]:
    result = converter.convert(raw)
    fired = set(result.fired)
    s = result.sentence
    if s is not None:
        for v in FIRING_VIEWS:
            placer = Regenerator(rules.order)
            placer.order(make_view(s, rules.roles.adjunct_roles, seed=s.id, view=get_view(v)).view.records)
            fired |= set(placer.fired)
        fired |= set(contraction_firings(s, rules.baseforms))
    return fired


def test_deleting_any_rule_changes_the_output(tmp_path, monkeypatch):
    monkeypatch.setenv("PTB2FD_CACHE", str(tmp_path / "cache"))
    rules = load_rules(ROOT / "rules")
    converter = Converter(rules)
    raws = list(read_trees(resolve_inputs([str(ROOT / "fixtures")], "treebank", warn=lambda message: None)))
    fired_in: dict[str, list[int]] = defaultdict(list)
    for n, raw in enumerate(raws):
        for rid in firings(rules, converter, raw):
            fired_in[rid].append(n)
    raw_files = _raw_files(ROOT / "rules")
    skipped = {rid for ids in BUILTIN_IDS.values() for rid in ids} | set(DEFAULT_IDS.values())
    unchanged, new, missing, tried = [], [], [], 0
    for name, ids in rules.rule_ids().items():
        for rid in dict.fromkeys(ids):
            if rid in skipped:
                continue
            data = plain(raw_files[name])
            if not without(data, rid):
                missing.append(f"{name}: {rid}")
                continue
            folder = tmp_path / "rules"
            shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(ROOT / "rules", folder)
            (folder / name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
            tried += 1
            try:
                cut = load_rules(folder)
            except RuleFileError:
                continue  # the folder is refused without it
            cut_converter = Converter(cut, finder=None if name == "baseforms.yaml" else converter_finder(converter))
            sentences = fired_in.get(rid, [])
            # the first few, then (for a rule whose fallback agrees on those) many more
            if all(outcome(rules, converter, raws[n]) == outcome(cut, cut_converter, raws[n])
                   for n in sentences[:PER_RULE]) and \
                    all(outcome(rules, converter, raws[n]) == outcome(cut, cut_converter, raws[n])
                        for n in sentences[PER_RULE:MORE]):
                unchanged.append(rid)
                if rid not in KNOWN_UNCHANGED:
                    new.append(f"{name}: {rid} (fired in {len(fired_in.get(rid, []))} sentence(s); "
                               f"first {raws[sentences[0]].sent_id if sentences else '-'})")
    assert tried > 300
    assert not missing, f"rules not found in their file: {missing}"
    assert not new, f"{len(new)} of {tried} rules change nothing when deleted:\n" + "\n".join(new)
    assert set(KNOWN_UNCHANGED) <= set(unchanged), \
        f"these now change the output: take them off KNOWN_UNCHANGED: {sorted(set(KNOWN_UNCHANGED) - set(unchanged))}"


def converter_finder(converter):
    """The base-form finder a converter uses (warm: shared by the converters
    of folders whose baseforms.yaml is the same)."""
    from ptb2fd.lexicon.lemmas import BaseFormFinder

    for stage in converter.pipeline.stages:
        finder = getattr(stage, "finder", None)
        if isinstance(finder, BaseFormFinder):
            return finder
    return None
