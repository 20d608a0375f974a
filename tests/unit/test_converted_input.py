"""Converted records as input (runner/converted.py): JSONL cut at line
boundaries reads like the whole file, with the same line numbers in its
errors; shard folders are read in manifest order; bad manifests and mixed
inputs are usage errors."""
from __future__ import annotations

import gzip
import json
import shutil
from types import SimpleNamespace

import pytest

from ptb2fd.errors import UsageError
from ptb2fd.formats.jsonl import dump_sentence
from ptb2fd.runner.converted import (
    _jsonl_cuts,
    converted_files,
    plan_converted,
    read_piece,
    whole,
)
from ptb2fd.runner.sources import JsonlCounts, converted_input

TREE = "( (S (NP-SBJ (NNP Kim)) (VP (VBD saw) (NP (DT the) (NN {}))) (. .)) )"


@pytest.fixture(scope="module")
def jsonl(converter, tmp_path_factory):
    path = tmp_path_factory.mktemp("conv") / "x.jsonl"
    lines = [dump_sentence(converter.convert_text(TREE.format("dog" * (1 + i % 7)), f"x.mrg:{i + 1}")) + "\n"
             for i in range(60)]
    lines[11] = "{broken\n"
    lines[30] = "\n"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _read(pieces):
    counts, said = JsonlCounts(), []
    ids = [s.id for p in pieces for s in read_piece(p, counts, said.append)]
    return ids, said, (counts.read, counts.failed)


def test_jsonl_pieces_end_at_line_feeds_and_know_their_line_numbers(jsonl):
    data = jsonl.read_bytes()
    cuts = _jsonl_cuts(str(jsonl), 1500)
    assert len(cuts) > 5
    assert cuts[0][0] == 0 and cuts[-1][1] in (None, len(data))
    for (start, end, lines), (nxt, _, _) in zip(cuts, cuts[1:]):
        assert end == nxt and data[end - 1:end] == b"\n"
        assert lines == data[:start].count(b"\n")
    pieces = plan_converted([(str(jsonl), "jsonl")], 1)
    assert len(pieces) == 1  # small: read whole
    from ptb2fd.runner.converted import ConvertedPiece

    cut = [ConvertedPiece(str(jsonl), "jsonl", a, b, n) for a, b, n in cuts]
    assert _read(cut) == _read([whole(str(jsonl), "jsonl")])
    ids, said, counts = _read(cut)
    assert len(ids) == 58 and counts == (59, 1)
    assert said == [f"ptb2fd: {jsonl}:12 (?): parse error: bad JSON line: Expecting property name enclosed in "
                    "double quotes: line 1 column 2 (char 1)"]


def test_gzip_is_read_whole_and_shard_folders_in_manifest_order(jsonl, tmp_path):
    gz = tmp_path / "x.jsonl.gz"
    gz.write_bytes(gzip.compress(jsonl.read_bytes()))
    assert plan_converted([(str(gz), "jsonl")], 8) == [whole(str(gz), "jsonl")]
    folder = tmp_path / "shards"
    folder.mkdir()
    lines = jsonl.read_text().splitlines(keepends=True)
    (folder / "part-00001.jsonl").write_text("".join(lines[:20]))
    (folder / "part-00000.jsonl").write_text("".join(lines[20:]))
    manifest = {"format": "jsonl", "shards": [{"file": "part-00001.jsonl"}, {"file": "part-00000.jsonl"}]}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    files = converted_files([str(folder)])
    assert [p for p, _ in files] == [str(folder / "part-00001.jsonl"), str(folder / "part-00000.jsonl")]
    ids = _read([whole(p, k) for p, k in files])[0]
    assert ids[:3] == ["x.mrg:1", "x.mrg:2", "x.mrg:3"]
    (folder / "part-00000.jsonl").unlink()
    with pytest.raises(UsageError, match="missing: part-00000.jsonl"):
        converted_files([str(folder)])
    (folder / "manifest.json").write_text(json.dumps(dict(manifest, format="halogen")))
    with pytest.raises(UsageError, match="halogen shards cannot be read back"):
        converted_files([str(folder)])


def test_records_and_trees_together_are_a_usage_error(jsonl, tmp_path):
    shutil.copy(jsonl, tmp_path / "y.jsonl")
    args = SimpleNamespace(inputs=[str(tmp_path / "y.jsonl"), "trees.mrg"], corpus=None)
    with pytest.raises(UsageError, match="not both"):
        converted_input(args)
    shutil.copy(jsonl, tmp_path / "z.parquet")  # JSONL under another name: the content decides
    assert converted_input(SimpleNamespace(inputs=[str(tmp_path / "y.jsonl"), str(tmp_path / "z.parquet")],
                                           corpus=None))
    assert not converted_input(SimpleNamespace(inputs=["a.mrg"], corpus=None))
