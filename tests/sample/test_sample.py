"""Whole-sample tests: the NLTK Penn Treebank sample, 199 files, 3,914 trees.

The sample is converted once per session (tests/conftest.py).
"""
from __future__ import annotations

from collections import Counter

import pytest

from ptb2fd.regen.check import RegenerationCheck
from ptb2fd.regen.order import Regenerator
from ptb2fd.regen.report import metrics_of
from ptb2fd.regen.view import (
    ADJUNCT_ONLY,
    PUNCT_ROLES,
    VIEW_FIELDS,
    VIEWS,
    ViewRecord,
    initial_case_index,
    make_view,
)

pytestmark = pytest.mark.sample


def test_every_sample_tree_converts(sample_results):
    statuses = Counter(r.status for r in sample_results)
    assert len(sample_results) == 3914
    assert statuses == {"converted": 3914}
    assert sum(len(r.sentence.tokens) for r in sample_results) == 94084
    failures = [str(r.error) for r in sample_results if r.error is not None]
    assert failures == []


def test_ids_are_file_name_and_index(sample_results):
    assert sample_results[0].sent_id == "wsj_0001.mrg:1"
    assert sample_results[1].sent_id == "wsj_0001.mrg:2"
    assert sample_results[-1].sent_id.startswith("wsj_0199.mrg:")
    assert len({r.sent_id for r in sample_results}) == 3914


def test_invariants_hold_on_every_sentence(sample_sentences):
    # The converter already fails a sentence that breaks an invariant; check
    # the records once more from the outside.
    for s in sample_sentences:
        n = len(s.tokens)
        assert [t.id for t in s.tokens] == list(range(1, n + 1))
        roots = [t for t in s.tokens if t.head == 0]
        assert len(roots) == 1 and roots[0].role == "top", s.id
        for t in s.tokens:
            seen, h = 0, t.head
            while h:
                h = s.tokens[h - 1].head
                seen += 1
                assert seen <= n, f"cycle in {s.id}"


def test_every_role_of_the_inventory_occurs(rules, sample_sentences):
    # Roles the sample's annotation cannot produce, with the reason. None:
    # every role of Table 3 and coordpunc occurs in the sample.
    cannot_occur: dict[str, str] = {}
    counts = Counter(t.role for s in sample_sentences for t in s.tokens)
    assert set(counts) <= set(rules.roles.roles)
    assert set(rules.roles.roles) - set(counts) == set(cannot_occur)
    assert counts["beneficiary"] >= 1 and counts["dative"] >= 1


def test_dependent_is_a_last_resort(sample_sentences):
    words = sum(len(s.tokens) for s in sample_sentences)
    dependent = sum(t.role == "dependent" for s in sample_sentences for t in s.tokens)
    assert dependent / words < 0.03


def test_every_passive_with_an_overt_subject_has_a_logical_object(converter, sample_raws):
    passives = with_subject = 0
    for raw in sample_raws:
        parse = converter.parse(raw.text, raw.sent_id)
        for v in parse.passives:
            passives += 1
            subjects = [d for d, h in enumerate(parse.deps.head) if h == v and parse.roles[d] == "subject"]
            if subjects:
                with_subject += 1
                assert all(parse.logicalroles[d] == "object" for d in subjects), raw.sent_id
    assert passives > 500 and with_subject > 400


@pytest.mark.parametrize("view_name", sorted(VIEWS))
def test_regeneration_view_is_a_whitelist(rules, sample_sentences, view_name):
    assert ViewRecord._fields == VIEW_FIELDS
    assert not {"ap", "rp", "rule", "head_rule", "phrase", "rules"} & set(VIEW_FIELDS)
    adjunct = rules.roles.adjunct_roles
    hidden = set(VIEW_FIELDS) - VIEWS[view_name].fields
    moved = lowered = 0
    for s in sample_sentences[:300]:
        view = make_view(s, adjunct, seed=s.id, view=view_name)
        first = initial_case_index(s.tokens)
        for rec in view.records:
            position = view.position_of[rec.id]
            original = s.tokens[position]
            shown, expected = (rec.base, original.base) if view_name == "lemma" else (rec.word, original.word)
            # the same word, but for a capital it has only for coming first
            if position == first:
                assert shown == expected[:1].lower() + expected[1:], s.id
                lowered += 1
            else:
                assert shown == expected
            if original.role not in adjunct and original.role not in PUNCT_ROLES:
                assert all(getattr(rec, f) is None for f in ADJUNCT_ONLY)
            assert all(getattr(rec, f) is None for f in hidden)
        moved += any(view.position_of[r.id] != r.id - 1 for r in view.records)
    assert moved > 250  # ids really are renumbered
    assert lowered > 150  # sentence-initial capitals really are lowered


def test_regeneration_ignores_ids_and_record_order(rules, sample_sentences):
    """Every sample sentence regenerates to the same words from two
    differently permuted and renumbered copies of its view."""
    adjunct = rules.roles.adjunct_roles
    regen = Regenerator(rules.order)
    for s in sample_sentences:
        outs = []
        for seed in ("a", "b"):
            view = make_view(s, adjunct, seed=f"{s.id}/{seed}", view="paper")
            outs.append([s.tokens[view.position_of[i]].word for i in regen.order(view.records)])
        assert outs[0] == outs[1], s.id


# Floors for the rules realizer on dev, per view: ssa_id, exact, BLEU as
# measured when the floor was last raised (docs/figures.md has the current
# figures). A rule change that lowers one fails here; raise a floor when a
# change raises the figure.
DEV_FLOORS = {
    # one sentence lower in exact: wsj_0089.mrg:20 "in `` rounds , '' from
    # the highest-pitched bell ... -- a simple descending scale", whose
    # apposition is now headed by "rounds" (quotes no longer interrupt it)
    # and whose comma the regenerator then places at the end of the phrase
    "paper": (0.9936, 0.9563, 0.9930),
    "full": (0.9977, 0.9818, 0.9969),
    "shallow": (0.4779, 0.0979, 0.6127),
    "lemma": (0.4431, 0.0677, 0.5727),
}


@pytest.mark.parametrize("view_name", sorted(VIEWS))
def test_dev_regeneration_does_not_fall_below_its_floor(rules, sample_sentences, view_name):
    """Each view has its own floor on dev (wsj_0001-0099, 1,921 sentences)."""
    dev = [s for s in sample_sentences if s.id < "wsj_0100"]
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view_name)
    m = metrics_of(check.run(s) for s in dev)
    assert m["sentences"] == 1921
    measured = tuple(round(m[k], 4) for k in ("ssa_id", "exact", "bleu"))
    assert all(x >= floor for x, floor in zip(measured, DEV_FLOORS[view_name])), (measured, DEV_FLOORS[view_name])
