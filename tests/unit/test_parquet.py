"""The Parquet format (ptb2fd/formats/parquet.py): one row per word, read
back by pyarrow, pandas and ptb2fd into exactly the JSONL's tokens; row
groups cut the same way however the rows come; files written by others
(wider types, columns reordered) read; damage reported per sentence."""
from __future__ import annotations

import io
from dataclasses import replace
import json
import random

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ptb2fd.errors import TreeParseError, UsageError
from ptb2fd.formats import parquet
from ptb2fd.formats.jsonl import dump_sentence
from ptb2fd.formats.parquet import ParquetSentenceWriter, schema
from ptb2fd.formats.parquet_read import read_parquet
from ptb2fd.record import FIELDS

TREES = [
    "( (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat) (PP-LOC (IN on) (NP (DT the) (NN mat)))) (. .)) )",
    "( (S (NP-SBJ (PRP She)) (VP (VBZ sells) (NP (NNS shells) (CC and) (NNS stones))) (. .)) )",
    "( (S (NP-SBJ (NNP Ms.) (NNP Haag)) (VP (VBZ plays) (NP (NNP Elianti))) (. .)) )",
    # an unknown label and tag: the sentence carries its "unknown" map
    "( (S (NP-SBJ (PRP It)) (VP (VBZ is) (ZZP (QQ fine))) (. .)) )",
]


@pytest.fixture(scope="module")
def sentences(converter):
    out = []
    for i, tree in enumerate(TREES * 5):
        out.append(converter.convert_text(tree, f"t.mrg:{i + 1}"))
    assert any(s.unknown for s in out)
    return out


def _write(sentences, sink) -> None:
    with ParquetSentenceWriter(sink) as writer:
        for s in sentences:
            writer.add(s)


def _bytes(sentences) -> bytes:
    sink = io.BytesIO()
    _write(sentences, sink)
    return sink.getvalue()


def test_pyarrow_and_pandas_read_back_the_jsonl_tokens(sentences, tmp_path):
    path = tmp_path / "s.parquet"
    _write(sentences, str(path))
    expected = [dict(json.loads(dump_sentence(s)), sentence=s.id) for s in sentences]
    rows = [dict(tok, sentence=s["sentence"]) for s in expected for tok in s["tokens"]]
    table = pq.read_table(path)
    sentence_columns = ["unknown", "functions", "markup", "provenance"]
    assert table.column_names == ["sentence", *FIELDS, *sentence_columns]
    assert [{k: v for k, v in row.items() if k not in sentence_columns} for row in table.to_pylist()] == rows
    frame = pq.read_table(path).to_pandas()
    assert len(frame) == len(rows)
    for got, want in zip(frame.to_dict("records"), rows):
        for name in ("sentence", *FIELDS):
            value = got[name]
            if name == "rules":
                value = list(value)
            elif value is None or value != value:  # None or NaN: a null
                value = None
            elif name in ("id", "head", "ap") or isinstance(value, float):
                value = int(value)
            assert value == want[name], (name, got["sentence"], want["word"])
    unknown = {r["sentence"]: r["unknown"] for r in table.to_pylist() if r["unknown"]}
    assert unknown["t.mrg:4"] == [("label:ZZP", 1), ("tag:QQ", 1)]


def test_ptb2fd_reads_back_the_same_sentences(sentences, tmp_path):
    path = tmp_path / "s.parquet"
    _write(sentences, str(path))
    back = [s for _, s in read_parquet(str(path))]
    assert [dump_sentence(s) for s in back] == [dump_sentence(s) for s in sentences]
    rows = [row for row, _ in read_parquet(str(path))]
    assert rows[:2] == [1, 1 + len(sentences[0].tokens)]


def test_row_groups_hold_whole_sentences_and_join_to_the_same_bytes(sentences, monkeypatch):
    monkeypatch.setattr(parquet, "ROW_GROUP_ROWS", 20)
    whole = _bytes(sentences)
    meta = pq.ParquetFile(io.BytesIO(whole)).metadata
    assert meta.num_row_groups > 3
    starts = 0
    for g in range(meta.num_row_groups):
        ids = pq.ParquetFile(io.BytesIO(whole)).read_row_group(g).column("sentence").to_pylist()
        assert g == meta.num_row_groups - 1 or len(ids) >= 20
        starts += len(ids)
    rng = random.Random(3)
    for _ in range(5):
        cuts = sorted(rng.sample(range(1, len(sentences)), 4))
        bounds = [0, *cuts, len(sentences)]
        sink = io.BytesIO()
        with ParquetSentenceWriter(sink) as joined:
            for a, b in zip(bounds, bounds[1:]):
                joined.add_table(pq.read_table(io.BytesIO(_bytes(sentences[a:b]))))
        assert sink.getvalue() == whole


def test_a_row_group_is_read_in_slices_that_cover_it_once(sentences, tmp_path, monkeypatch):
    monkeypatch.setattr(parquet, "ROW_GROUP_ROWS", 60)
    path = str(tmp_path / "s.parquet")
    _write(sentences, path)
    ids = []
    for group in range(len(parquet.row_group_sizes(path))):
        for k in range(3):
            ids += [s.id for _, s in read_parquet(path, group, (k, 3))]
    assert ids == [s.id for s in sentences]


def test_a_file_written_by_pandas_with_wider_types_reads(sentences, tmp_path):
    frame = pq.read_table(pa.BufferReader(_bytes(sentences))).to_pandas()
    frame = frame[list(reversed(frame.columns))].drop(columns=["unknown"])
    frame["id"] = frame["id"].astype("int64")
    path = tmp_path / "pandas.parquet"
    frame.to_parquet(path)
    written = pq.read_schema(path)
    assert (written.field("id").type, written.field("word").type) == (pa.int64(), pa.large_string())
    back = [s for _, s in read_parquet(str(path))]
    assert [dump_sentence(s) for s in back] == [dump_sentence(replace(s, unknown=None)) for s in sentences]


def test_missing_or_unknown_columns_are_a_usage_error(sentences, tmp_path):
    table = pq.read_table(pa.BufferReader(_bytes(sentences)))
    path = tmp_path / "bad.parquet"
    pq.write_table(table.drop(["role"]).append_column("extra", pa.array([1] * table.num_rows)), path)
    with pytest.raises(UsageError, match="missing column\\(s\\) role; unknown column\\(s\\) extra"):
        list(read_parquet(str(path)))
    (tmp_path / "text.parquet").write_text("not parquet\n")
    with pytest.raises(UsageError, match="not a Parquet file"):
        list(read_parquet(str(tmp_path / "text.parquet")))


def test_a_null_in_a_required_column_fails_that_sentence_only(sentences, tmp_path):
    table = pq.read_table(pa.BufferReader(_bytes(sentences[:3])))
    words = table.column("word").to_pylist()
    words[len(sentences[0].tokens)] = None  # the first word of the second sentence
    loose = pa.schema([f.with_nullable(True) for f in schema()])
    table = table.set_column(table.column_names.index("word"), "word", pa.array(words)).cast(loose)
    path = tmp_path / "nulls.parquet"
    pq.write_table(table, path)
    items = list(read_parquet(str(path)))
    assert [type(x).__name__ for _, x in items] == ["Sentence", "TreeParseError", "Sentence"]
    err = items[1][1]
    assert isinstance(err, TreeParseError)
    assert str(err).startswith(f"{path}:{len(sentences[0].tokens) + 1} (t.mrg:2): ")
    assert "null in required column(s) word" in str(err)


def test_stats_reads_parquet_and_shard_folders_as_jsonl(sentences, tmp_path, capsys):
    from ptb2fd.cli import main

    (tmp_path / "s.jsonl").write_text("".join(dump_sentence(s) + "\n" for s in sentences), encoding="utf-8")
    _write(sentences, str(tmp_path / "s.parquet"))
    folder = tmp_path / "shards"
    folder.mkdir()
    _write(sentences[:7], str(folder / "part-00000.parquet"))
    _write(sentences[7:], str(folder / "part-00001.parquet"))
    (folder / "manifest.json").write_text(json.dumps(
        {"format": "parquet", "shards": [{"file": "part-00000.parquet"}, {"file": "part-00001.parquet"}]}))
    printed = []
    for source in ("s.jsonl", "s.parquet", "shards"):
        assert main(["stats", str(tmp_path / source), "--json"]) == 0
        printed.append(json.loads(capsys.readouterr().out))
    assert printed[0]["sentences"] == len(sentences)
    assert printed[1] == printed[0] and printed[2] == printed[0]
    assert printed[0]["unknown_labels"]  # the "unknown" maps came through


def test_a_completed_sentence_keeps_its_functions_and_an_older_file_reads_without_them(rules, tmp_path):
    import pyarrow as pa

    from ptb2fd.conversion.converter import Converter

    s = Converter(rules).convert_text("(ROOT (S (NP-SBJ (DT The) (NN bridge)) (VP (VBD was) (VP (VBN built) "
                                      "(PP (IN by) (NP (DT the) (NN city))))) (. .)))")
    assert s.functions and s.functions["empty_elements"] == 1
    path = tmp_path / "c.parquet"
    _write([s], str(path))
    back = [x for _, x in read_parquet(str(path))]
    assert back == [s] and back[0].functions == s.functions
    older = tmp_path / "older.parquet"
    pq.write_table(pq.read_table(path).drop(["functions"]), older)
    assert [x.functions for _, x in read_parquet(str(older))] == [None]
    assert pa.types.is_struct(pq.read_table(path).schema.field("functions").type)  # model, tags, empty_elements
