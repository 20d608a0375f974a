"""Realizing a user's own records (`ptb2fd realize`, `load_realizer(path).realize(records)`):
the records are plain dicts, in any order, with any ids, and only some
fields; every bad record is refused with one line naming the record and
the field. A small paper model trained on invented trees realizes them."""
from __future__ import annotations

import json

import pytest

from ptb2fd.cli import main
from ptb2fd.realizer import RecordError, load_realizer
from ptb2fd.realizer.model import save_model
from ptb2fd.realizer.records import records_view
from ptb2fd.realizer.trainer import train_model

TREES = [
    "(S (NP-SBJ (DT The) (JJ old) (NN dog)) (VP (VBD chased) (NP (DT a) (NN ball))) (. .))",
    "(S (NP-SBJ (DT A) (NN cat)) (VP (VBD saw) (NP (DT the) (JJ red) (NN car))) (. .))",
    "(S (NP-SBJ (DT The) (NN girl)) (VP (VBD found) (NP (DT a) (NN key))) (. .))",
    "(S (NP-SBJ (DT The) (NN boy)) (VP (VBD painted) (NP (DT the) (JJ small) (NN door))) (. .))",
]


def _dog_records() -> list[dict]:
    """ "The young dog chased the cat ." written by hand: shuffled, odd ids, few fields."""
    return [
        {"id": 70, "word": ".", "cat": ".", "head": 9, "role": "rightpunc", "direction": "right"},
        {"id": 3, "word": "cat", "cat": "NN", "head": 9, "role": "object", "grouptype": "np"},
        {"id": 9, "word": "chased", "cat": "VBD", "head": 0, "role": "top", "grouptype": "clause",
         "subject_position": "default"},
        {"id": 41, "word": "the", "cat": "DT", "head": 3, "role": "determiner"},
        {"id": 12, "word": "dog", "cat": "NN", "head": 9, "role": "subject", "grouptype": "np"},
        {"id": 5, "word": "young", "cat": "JJ", "head": 12, "role": "withinmod", "direction": "left"},
        {"id": 6, "word": "the", "cat": "DT", "head": 12, "role": "determiner"},
    ]


@pytest.fixture(scope="module")
def model_path(tmp_path_factory, converter, rules):
    path = tmp_path_factory.mktemp("model") / "paper.model"
    save_model(train_model([converter.convert_text(t) for t in TREES * 3], "paper", rules, (1.0,)), str(path))
    return path


def test_plain_dicts_in_any_order_are_realized(model_path):
    realizer = load_realizer(str(model_path))  # the view is the model's own
    assert realizer.view_name == "paper"
    words, ids = realizer.realize_ordered(_dog_records())
    assert words == ["The", "young", "dog", "chased", "the", "cat", "."]
    assert ids == [6, 5, 12, 9, 41, 3, 70]
    assert realizer.realize(list(reversed(_dog_records()))) == words


def test_missing_fields_get_their_defaults(rules):
    view = records_view(_dog_records(), "paper", rules)
    chased = next(r for r in view.records if r.word == "chased")
    assert (chased.base, chased.logicalrole, chased.cat0, chased.cat1, chased.tense) == (
        "chased", "top", "v", "indicative", "past")
    dog = next(r for r in view.records if r.word == "dog")
    assert (dog.cat0, dog.cat1, dog.pn, dog.unit_rank, dog.direction) == ("n", "common", "s", None, None)
    # a field the view hides is dropped: no side in the shallow view
    assert all(r.direction is None for r in records_view(_dog_records(), "shallow", rules).records)


@pytest.mark.parametrize("change, message", [
    (lambda rs: rs[1].pop("head"), "record 2 (id 3): field 'head': missing"),
    (lambda rs: rs[1].update(head=99), "record 2 (id 3): field 'head': 99 is no record of the sentence"),
    (lambda rs: rs[1].update(head="9"), "record 2 (id 3): field 'head': not a whole number (got '9')"),
    (lambda rs: rs[1].update(role="objekt"), "record 2 (id 3): field 'role': not a role of rules/roles.yaml"),
    (lambda rs: rs[1].update(colour="red"), "record 2 (id 3): field 'colour': not a field of the records"),
    (lambda rs: rs[1].update(id=9), "record 3 (id 9): field 'id': 9 is the id of record 2 too"),
    (lambda rs: rs[1].update(head=0),
     "record 3 (id 9): field 'head': 2 records with head 0; a sentence has one root"),
    (lambda rs: rs[4].update(head=5), "record 5 (id 12): field 'head': the heads go round in a circle"),
    (lambda rs: rs[0].update(direction="up"), "record 1 (id 70): field 'direction': one of left, right"),
    (lambda rs: rs[0].update(word=""), "record 1 (id 70): field 'word': not a non-empty string"),
    (lambda rs: rs.__setitem__(0, "."), "record 1: not an object of fields"),
])
def test_bad_records_name_the_record_and_the_field(rules, change, message):
    records = _dog_records()
    change(records)
    with pytest.raises(RecordError, match="^record error: " + message.replace("(", r"\(").replace(")", r"\)")):
        records_view(records, "paper", rules)
    with pytest.raises(RecordError, match="a list of records"):
        records_view({"id": 1}, "paper", rules)


def _coordination() -> list[dict]:
    """ "John , Paul and Mary left ." by hand: the conjuncts, the comma and "and" share junction 5."""
    return [
        {"id": 1, "word": "John", "cat": "NNP", "head": 6, "role": "subject", "junction": 5, "junction_position": 1,
         "conj_anchor": 4},
        {"id": 2, "word": ",", "cat": ",", "head": 6, "role": "coordpunc", "direction": "left", "junction": 5},
        {"id": 3, "word": "Paul", "cat": "NNP", "head": 6, "role": "subject", "junction": 5, "junction_position": 2,
         "conj_anchor": 4, "conj_sibling": 1},
        {"id": 4, "word": "and", "cat": "CC", "head": 6, "role": "junction-marker", "junction": 5},
        {"id": 7, "word": "Mary", "cat": "NNP", "head": 6, "role": "subject", "junction": 5, "junction_position": 3,
         "conj_anchor": 4, "conj_sibling": 3},
        {"id": 6, "word": "left", "cat": "VBD", "head": 0, "role": "top", "subject_position": "default"},
        {"id": 8, "word": ".", "cat": ".", "head": 6, "role": "rightpunc", "direction": "right"},
    ]


def test_coordinations_are_laid_out_by_their_positions(model_path):
    words = load_realizer(str(model_path)).realize(_coordination())
    assert words == ["John", ",", "Paul", "and", "Mary", "left", "."]


@pytest.mark.parametrize("change, message", [
    (lambda rs: rs[6].update(junction_position=4), "record 7 (id 8): field 'junction_position': only in a junction"),
    (lambda rs: rs[2].update(conj_anchor=6), "record 3 (id 3): field 'conj_anchor': record 6 is not in junction 5"),
    (lambda rs: rs[1].update(head=4), "record 2 (id 2): field 'head': the members of junction 5 depend on different"),
])
def test_coordinations_must_hang_together(rules, change, message):
    records = _coordination()
    change(records)
    with pytest.raises(RecordError, match="^record error: " + message.replace("(", r"\(").replace(")", r"\)")):
        records_view(records, "paper", rules)


def test_the_lemma_view_needs_base_forms(rules):
    with pytest.raises(RecordError, match="record 1 \\(id 70\\): field 'base': missing"):
        records_view(_dog_records(), "lemma", rules)
    with_base = [dict(r, base=r["word"]) for r in _dog_records()]
    assert len(records_view(with_base, "lemma", rules).records) == 7


def test_realize_command(tmp_path, model_path, capsys):
    good = {"id": "dog", "tokens": _dog_records()}
    bad = {"id": "broken", "tokens": [dict(r, head=44) if r["id"] == 3 else r for r in _dog_records()]}
    path = tmp_path / "in.jsonl"
    path.write_bytes((json.dumps(good) + "\n" + json.dumps(bad) + "\n\n" + "{not json\n"
                      + json.dumps(_dog_records()) + "\n").encode() + b'"\xff"\n')
    assert main(["realize", str(path), "--model", str(model_path)]) == 1
    out, err = capsys.readouterr()
    assert out.split("\n") == ["The young dog chased the cat .", "", "", "The young dog chased the cat .", "", ""]
    lines = err.strip().split("\n")
    assert lines[0] == (f"ptb2fd: {path}:2 (broken): record error: record 2 (id 3): field 'head': "
                        f"44 is no record of the sentence")
    assert lines[1].startswith(f"ptb2fd: {path}:4 (line 4): record error: not JSON")
    assert lines[2].startswith(f"ptb2fd: {path}:6 (line 6): record error: not UTF-8")
    assert lines[-1] == "ptb2fd: read 5, realized 2, failed 3"
    out_file = tmp_path / "out.jsonl"
    assert main(["realize", str(path), "--model", str(model_path), "--json", "-o", str(out_file)]) == 1
    rows = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert rows[0] == {"id": "dog", "text": "The young dog chased the cat .",
                       "words": ["The", "young", "dog", "chased", "the", "cat", "."], "ids": [6, 5, 12, 9, 41, 3, 70]}
    assert rows[1] == {"id": "broken", "error": "record 2 (id 3): field 'head': 44 is no record of the sentence"}
    assert rows[3]["id"] == "line 5" and len(rows) == 5


def test_realize_command_usage_errors(tmp_path, model_path, capsys):
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(_dog_records()) + "\n")
    assert main(["realize", str(tmp_path / "missing.jsonl"), "--model", str(model_path)]) == 2
    assert main(["realize", str(path), "--model", str(tmp_path / "missing.model")]) == 2
    err = capsys.readouterr().err
    assert "missing.jsonl: no such file" in err and "missing.model: no such model file" in err
    assert "Traceback" not in err


def test_realize_command_reads_parquet_with_only_some_columns(tmp_path, model_path, capsys):
    """One record a row, the sentence id in `sentence`; the columns a user has
    (no ap/rp, no cat0 ...), nulls where a record leaves a field out."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    good = _dog_records()
    bad = [dict(r, head=44) if r["id"] == 3 else r for r in good]
    rows = [dict(r, sentence="dog") for r in good] + [dict(r, sentence="broken") for r in bad]
    columns = sorted({k for r in rows for k in r})
    path = tmp_path / "in.parquet"
    pq.write_table(pa.Table.from_pylist([{k: r.get(k) for k in columns} for r in rows]), path)
    assert main(["realize", str(path), "--model", str(model_path), "--json"]) == 1
    out, err = capsys.readouterr()
    results = [json.loads(line) for line in out.splitlines()]
    assert results[0]["id"] == "dog" and results[0]["text"] == "The young dog chased the cat ."
    assert results[1] == {"id": "broken", "error": "record 2 (id 3): field 'head': 44 is no record of the sentence"}
    assert err.splitlines()[0] == (f"ptb2fd: {path}:{len(good) + 1} (broken): record error: record 2 (id 3): "
                                   f"field 'head': 44 is no record of the sentence")
    no_ids = tmp_path / "no-ids.parquet"
    pq.write_table(pa.Table.from_pylist(good), no_ids)
    assert main(["realize", str(no_ids), "--model", str(model_path)]) == 2
    assert "no 'sentence' column" in capsys.readouterr().err
