"""`convert --jobs N` with workers that write their own shards, in every
format: `-o FILE` is byte-identical to `--jobs 1`; `-o DIR/` holds shards
that join into that file, listed by manifest.json with their counts, sizes
and SHA-256; the same stderr and --stats as one process; a failed run
leaves no manifest and no shard."""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from ptb2fd.cli import main
from ptb2fd.formats.parquet import ParquetSentenceWriter

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "conventions"
FORMATS = ["jsonl", "conllup", "halogen", "parquet"]
SMALL = "8k"  # partitions of 8 KB of trees: many shards, and cut files


def run(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["convert", *argv])
    return status, err.getvalue()


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    import nltk

    sample = Path(str(nltk.data.find("corpora/treebank/combined")))
    folder = tmp_path_factory.mktemp("in")
    with open(folder / "a_big.mrg", "wb") as out:  # one file cut into byte ranges
        for name in ("wsj_0001.mrg", "wsj_0002.mrg", "wsj_0003.mrg", "wsj_0004.mrg"):
            out.write((sample / name).read_bytes())
        out.write((FIXTURES / "damaged.mrg").read_bytes())
        out.write(b"( (S (NP (NN caf\xe9)) (VP (VBZ is) (ADJP (JJ open))) (. .)) )\n")  # not UTF-8
        out.write((sample / "wsj_0005.mrg").read_bytes())
    for name in ("wsj_0006.mrg", "wsj_0007.mrg", "wsj_0008.mrg"):  # small files, grouped
        shutil.copy(sample / name, folder / name)
    shutil.copy(FIXTURES / "unknown_labels.mrg", folder / "unknown_labels.mrg")
    shutil.copy(FIXTURES / "markup.mrg", folder / "markup.mrg")  # skipped trees
    return folder


@pytest.fixture(scope="module")
def reference(src, tmp_path_factory) -> dict:
    """--jobs 1 -o FILE in each format: (bytes, --stats, stderr)."""
    out = tmp_path_factory.mktemp("ref")
    refs = {}
    for fmt in FORMATS:
        status, err = run(str(src), "--format", fmt, "-o", str(out / f"ref.{fmt}"), "--stats", str(out / f"{fmt}.json"))
        assert status == 1  # damaged trees fail
        refs[fmt] = ((out / f"ref.{fmt}").read_bytes(), (out / f"{fmt}.json").read_text(), err)
    assert "failed" in refs["jsonl"][2] and "skipped" in refs["jsonl"][2]
    return refs


def joined(folder: Path, fmt: str, manifest: dict) -> bytes:
    """The shards of a manifest joined as the driver joins them."""
    if fmt != "parquet":
        return b"".join((folder / s["file"]).read_bytes() for s in manifest["shards"])
    sink = io.BytesIO()
    with ParquetSentenceWriter(sink) as writer:
        for shard in manifest["shards"]:
            writer.add_table(pq.read_table(folder / shard["file"]))
    return sink.getvalue()


def sentences_in(path: Path, fmt: str) -> int:
    data = path.read_bytes()
    if fmt == "parquet":
        ids = pq.read_table(path).column("sentence").to_pylist()
        return sum(1 for i, x in enumerate(ids) if i == 0 or x != ids[i - 1])
    return data.count(b"\n") if fmt == "jsonl" else data.count(b"\n\n")


@pytest.mark.sample
@pytest.mark.parametrize("fmt", FORMATS)
def test_jobs_2_to_a_file_is_byte_identical_to_jobs_1(src, reference, tmp_path, fmt):
    target = tmp_path / f"out.{fmt}"
    status, err = run(str(src), "--format", fmt, "--jobs", "2", "--partition-size", SMALL, "-o", str(target),
                      "--stats", str(tmp_path / "stats.json"))
    assert status == 1
    data, stats, ref_err = reference[fmt]
    assert target.read_bytes() == data
    assert (tmp_path / "stats.json").read_text() == stats
    assert err == ref_err  # the same errors, skips, warnings and summary, in the same order
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out." + fmt, "stats.json"]  # no shard folder left


@pytest.mark.sample
@pytest.mark.parametrize("fmt", FORMATS)
def test_shards_join_into_the_jobs_1_file_and_the_manifest_lists_them(src, reference, tmp_path, fmt):
    folder = tmp_path / "shards"
    status, err = run(str(src), "--format", fmt, "--jobs", "2", "--partition-size", SMALL, "-o", f"{folder}/")
    assert status == 1
    data, stats, ref_err = reference[fmt]
    assert err == ref_err
    manifest = json.loads((folder / "manifest.json").read_text())
    assert len(manifest["shards"]) >= 5
    assert [s["file"] for s in manifest["shards"]] == [f"part-{i:05d}.{fmt}" for i in range(len(manifest["shards"]))]
    for shard in manifest["shards"]:
        path = folder / shard["file"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == shard["sha256"]
        assert path.stat().st_size == shard["bytes"]
        assert sentences_in(path, fmt) == shard["sentences"]
    assert sorted(p.name for p in folder.iterdir()) == sorted([s["file"] for s in manifest["shards"]]
                                                               + ["manifest.json"])
    assert joined(folder, fmt, manifest) == data
    counts = json.loads(stats)
    assert manifest["sentences"] == counts["converted"]
    assert manifest["summary"] == {k: counts[k] for k in ("read", "converted", "failed", "skipped")}
    # --jobs 1 cuts the same partitions into the same shards.
    status, _ = run(str(src), "--format", fmt, "--partition-size", SMALL, "-o", f"{tmp_path / 'one'}/")
    assert json.loads((tmp_path / "one" / "manifest.json").read_text()) == manifest


@pytest.mark.sample
def test_conllup_shards_carry_the_header_once(src, tmp_path):
    run(str(src), "--format", "conllup", "--jobs", "2", "--partition-size", SMALL, "-o", f"{tmp_path}/")
    shards = sorted(tmp_path.glob("part-*.conllup"))
    assert [s.read_text().count("# global.columns =") for s in shards] == [1] + [0] * (len(shards) - 1)
    assert shards[0].read_text().startswith("# global.columns = ID FORM LEMMA")


@pytest.mark.sample
def test_a_new_run_replaces_the_shards_and_a_failed_one_leaves_none(src, tmp_path):
    folder = tmp_path / "out"
    run(str(src), "--jobs", "2", "--partition-size", "4k", "-o", f"{folder}/")
    many = len(list(folder.glob("part-*")))
    (folder / "notes.txt").write_text("kept\n")
    status, _ = run(str(src), "--jobs", "2", "--partition-size", "1M", "-o", f"{folder}/")
    assert status == 1
    manifest = json.loads((folder / "manifest.json").read_text())
    assert sorted(p.name for p in folder.glob("part-*")) == [s["file"] for s in manifest["shards"]]
    assert len(manifest["shards"]) < many
    status, err = run(str(src), "--jobs", "2", "--partition-size", "4k", "--strict", "-o", f"{folder}/")
    assert status == 1 and "--strict" in err
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]  # no manifest, no shard, no temporary file


def test_standard_input_with_jobs_2_is_streamed(tmp_path, monkeypatch):
    text = (FIXTURES / "tops.mrg").read_text()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    status, _ = run("-", "--jobs", "2", "-o", str(tmp_path / "out.jsonl"))
    assert status == 0
    ref = tmp_path / "ref.jsonl"
    assert run(str(FIXTURES / "tops.mrg"), "-o", str(ref))[0] == 0
    got = [json.loads(line)["tokens"] for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert got == [json.loads(line)["tokens"] for line in ref.read_text().splitlines()]
