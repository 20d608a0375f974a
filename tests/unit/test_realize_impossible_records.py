"""The record checks of `ptb2fd realize`: what the converter writes is
accepted (nested coordinations, whose first inner conjunct stands in the
outer coordination; the outer coordination continuing from the last
conjunct of an inner one), and impossible input is refused with one line
naming the record and the field (a tag outside the rules' tag set, a root
that is not `top`, a coordination without its conjunction, a `lemma`
record without its base form)."""
from __future__ import annotations

import copy
import json
import random

import pytest

from ptb2fd.cli import main
from ptb2fd.formats.jsonl import dump_sentence
from ptb2fd.realizer import RecordError, load_realizer
from ptb2fd.realizer.model import save_model
from ptb2fd.realizer.record_checks import tag_set
from ptb2fd.realizer.records import records_view
from ptb2fd.realizer.trainer import train_model

TRAIN = [
    "(S (NP-SBJ (DT The) (NN firm)) (VP (VBD hired) (NP (NP (NNS cooks)) (CC and) (NP (NNS bakers)))) (. .))",
    "(S (NP-SBJ (NNS Sales)) (VP (VP (VBD rose)) (CC but) (VP (VBD stayed) (ADJP-PRD (JJ low)))) (. .))",
    "(S (NP-SBJ (PRP She)) (VP (VBD sold) (NP (DT the) (NN car))) (. .))",
]
# Invented nested coordinations, written by the converter as: "wages" a
# conjunct of the outer junction and the first of the inner one, "bonuses"
# naming it as its sibling and head; ", but shares rose" depending on "was",
# the inner coordination's last conjunct.
NESTED = [
    ("(S (NP-SBJ (PRP They)) (VP (VBD cut) (NP (NP (DT the) (NN staff)) (, ,) (CC or) (NP (PRP$ its) (NNS wages)"
     " (CC or) (NNS bonuses)))) (. .))", "They cut the staff , or its wages or bonuses ."),
    ("(S (S (NP-SBJ (NN Profit)) (VP (VP (VBD fell)) (CC and) (VP (VBD was) (ADJP-PRD (JJ low))))) (, ,) (CC but)"
     " (S (NP-SBJ (NNS shares)) (VP (VBD rose))) (. .))", "Profit fell and was low , but shares rose ."),
]


@pytest.fixture(scope="module")
def model_path(tmp_path_factory, converter, rules):
    path = tmp_path_factory.mktemp("model") / "paper.model"
    save_model(train_model([converter.convert_text(t) for t in TRAIN * 3], "paper", rules, (1.0,)), str(path))
    return path


def user_records(sentence, seed: int = 3) -> list[dict]:
    """The converted records as a user gives them: no ap/rp, shuffled, ids renumbered."""
    rng = random.Random(seed)
    tokens = json.loads(dump_sentence(sentence))["tokens"]
    new = dict(zip((t["id"] for t in tokens), rng.sample(range(11, 11 + 7 * len(tokens)), len(tokens))))
    out = []
    for t in tokens:
        r = {k: v for k, v in t.items() if k not in ("ap", "rp")}
        r.update(id=new[t["id"]], head=new[t["head"]] if t["head"] else 0)
        for name in ("conj_anchor", "conj_sibling"):
            if r[name] is not None:
                r[name] = new[r[name]]
        out.append(r)
    rng.shuffle(out)
    return out


@pytest.mark.parametrize("tree, text", NESTED)
def test_nested_coordinations_as_converted_are_realized(converter, rules, model_path, tree, text):
    records = user_records(converter.convert_text(tree))
    for view in ("paper", "full", "shallow", "lemma"):
        assert len(records_view(records, view, rules).records) == len(records)
    assert " ".join(load_realizer(str(model_path)).realize(records)) == text


def test_a_sibling_in_another_junction_is_refused_unless_it_is_the_nested_first_conjunct(converter, rules):
    """Only the inner coordination's first conjunct (the head of its second) may stand in another junction."""
    records = user_records(converter.convert_text(NESTED[0][0]))
    by_word = {r["word"]: r for r in records}
    by_word["bonuses"]["conj_sibling"] = by_word["staff"]["id"]
    k = records.index(by_word["bonuses"]) + 1
    with pytest.raises(RecordError, match=rf"^record error: record {k} \(id \d+\): field 'conj_sibling': "
                                          rf"record \d+ is not in junction 2$"):
        records_view(records, "paper", rules)


def _dogs() -> list[dict]:
    """ "Dogs and cats barked ." by hand."""
    return [
        {"id": 1, "word": "dogs", "cat": "NNS", "head": 4, "role": "subject", "junction": 1,
         "junction_position": 1, "conj_anchor": 2},
        {"id": 2, "word": "and", "cat": "CC", "head": 1, "role": "junction-marker", "junction": 1},
        {"id": 3, "word": "cats", "cat": "NNS", "head": 1, "role": "withinmod", "junction": 1,
         "junction_position": 2, "conj_anchor": 2, "conj_sibling": 1},
        {"id": 4, "word": "barked", "cat": "VBD", "head": 0, "role": "top", "subject_position": "default"},
        {"id": 5, "word": ".", "cat": ".", "head": 4, "role": "rightpunc", "direction": "right"},
    ]


def _drop(*fields):
    return lambda rs: [r.pop(f, None) for r in rs for f in fields]


@pytest.mark.parametrize("view, change, message", [
    ("paper", lambda rs: rs[0].update(cat="XYZ"),
     "record 1 (id 1): field 'cat': 'XYZ' is not a tag of the rules' tag set (treebank.yaml pos_tags)"),
    ("shallow", lambda rs: rs[3].update(role="object"),
     "record 4 (id 4): field 'role': the root (head 0) must have role top (got 'object')"),
    ("paper", lambda rs: rs[0].update(role="top"),
     "record 1 (id 1): field 'role': only the root (head 0) has role top"),
    ("paper", _drop("conj_anchor"), "record 1 (id 1): field 'junction': junction 1 has no anchor: none of its "
                                    "conjuncts names its conjunction (conj_anchor)"),
    ("shallow", lambda rs: rs.pop(1) and [r.pop("conj_anchor", None) for r in rs],
     "record 1 (id 1): field 'junction': junction 1 has no anchor: none of its records is its conjunction "
     "(role junction-marker)"),
    ("paper", lambda rs: rs[4].update(junction=7), "record 5 (id 5): field 'junction': junction 7 has no anchor"),
    ("paper", lambda rs: rs[2].update(conj_anchor=4),
     "record 3 (id 3): field 'conj_anchor': record 4 is not in junction 1"),
    ("lemma", lambda rs: rs[2].pop("base"), "record 3 (id 3): field 'base': missing"),
])
def test_impossible_records_are_refused_naming_the_record_and_the_field(rules, view, change, message):
    records = [dict(r, base=r["word"]) for r in _dogs()]
    assert len(records_view(records, view, rules).records) == 5  # (unchanged, they are read)
    change(records)
    with pytest.raises(RecordError) as caught:
        records_view(records, view, rules)
    assert str(caught.value).startswith("record error: " + message)
    assert "\n" not in str(caught.value)


def test_the_tag_set_is_the_rule_folders(rules):
    tags = tag_set(rules)
    assert {"NN", "VBD", "-LRB-", "HYPH"} <= tags and "XYZ" not in tags
    assert tags == rules.treebank.pos_tags


def test_realize_refuses_an_impossible_sentence_in_one_line_and_goes_on(tmp_path, model_path, capsys):
    bad = copy.deepcopy(_dogs())
    bad[0]["cat"] = "XYZ"
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"id": "odd", "tokens": bad}) + "\n"
                    + json.dumps({"id": "ok", "tokens": _dogs()}) + "\n")
    assert main(["realize", str(path), "--model", str(model_path)]) == 1
    out, err = capsys.readouterr()
    first, second = out.splitlines()
    assert first == "" and sorted(second.lower().split()) == [".", "and", "barked", "cats", "dogs"]
    assert err.splitlines()[0] == (f"ptb2fd: {path}:1 (odd): record error: record 1 (id 1): field 'cat': 'XYZ' is "
                                   f"not a tag of the rules' tag set (treebank.yaml pos_tags)")
