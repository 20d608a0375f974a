"""`convert --engine dask` on a local Dask cluster: the same bytes as
`--jobs 1` (JSONL, CoNLL-U Plus and Parquet, shards written by the
workers), shards with a manifest, a worker killed mid-run retried, and a
partition that keeps killing its workers accounted for sentence by sentence."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ptb2fd.cli import main
from ptb2fd.runner.dask_engine import partition_results
from ptb2fd.trees.partition import plan

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "conventions"
PTB2FD = [sys.executable, "-m", "ptb2fd.cli"]


def _inputs(folder: Path) -> Path:
    import nltk

    sample = Path(str(nltk.data.find("corpora/treebank/combined")))
    src = folder / "in"
    src.mkdir()
    with open(src / "big.mrg", "wb") as out:  # one file, cut into byte ranges
        for name in ("wsj_0001.mrg", "wsj_0002.mrg", "wsj_0003.mrg", "wsj_0004.mrg"):
            out.write((sample / name).read_bytes())
        out.write((FIXTURES / "damaged.mrg").read_bytes())
        out.write(b"( (S (NP (NN caf\xe9)) (VP (VBZ is) (ADJP (JJ open))) (. .)) )\n")
        out.write((sample / "wsj_0005.mrg").read_bytes())
    for name in ("wsj_0006.mrg", "wsj_0007.mrg"):  # small files, grouped
        shutil.copy(sample / name, src / name)
    shutil.copy(FIXTURES / "unknown_labels.mrg", src / "unknown_labels.mrg")
    return src


@pytest.mark.sample
@pytest.mark.slow
def test_dask_shards_equal_jobs_1_and_a_killed_worker_is_retried(tmp_path, capsys):
    src = _inputs(tmp_path)
    assert main(["convert", str(src), "-o", str(tmp_path / "ref.jsonl"), "--stats", str(tmp_path / "ref.json")]) == 1
    ref_err = capsys.readouterr().err
    env = dict(os.environ, PTB2FD_TEST_DASK_CRASH="big.mrg:30@once", PTB2FD_TEST_DASK_FLAGS=str(tmp_path))
    run = subprocess.run(PTB2FD + ["convert", str(src), "--engine", "dask", "--jobs", "2", "--partition-size", "6k",
                                   "-o", str(tmp_path / "shards") + "/", "--stats", str(tmp_path / "dask.json")],
                         env=env, capture_output=True, text=True, timeout=240)
    assert run.returncode == 1, run.stderr
    assert (tmp_path / "crashed-big.mrg:30").exists()  # the worker did die on that sentence
    manifest = json.loads((tmp_path / "shards" / "manifest.json").read_text())
    assert len(manifest["shards"]) >= 4
    joined = b""
    for shard in manifest["shards"]:
        data = (tmp_path / "shards" / shard["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == shard["sha256"]
        assert shard["sentences"] == data.count(b"\n")
        joined += data
    assert joined == (tmp_path / "ref.jsonl").read_bytes()
    assert (tmp_path / "dask.json").read_bytes() == (tmp_path / "ref.json").read_bytes()
    assert run.stderr == ref_err  # the same errors, warnings and summary line, in the same order
    assert manifest["sentences"] == json.loads((tmp_path / "ref.json").read_text())["converted"]


@pytest.mark.sample
@pytest.mark.slow
def test_dask_single_output_in_conllup_equals_jobs_1(tmp_path, capsys):
    src = _inputs(tmp_path)
    assert main(["convert", str(src), "--format", "conllup", "-o", str(tmp_path / "ref.conllup")]) == 1
    capsys.readouterr()
    run = subprocess.run(PTB2FD + ["convert", str(src), "--engine", "dask", "--jobs", "1", "--format", "conllup",
                                   "--partition-size", "4k"], capture_output=True, text=True, timeout=240)
    assert run.returncode == 1, run.stderr
    assert run.stdout == (tmp_path / "ref.conllup").read_text()


@pytest.mark.sample
@pytest.mark.slow
def test_dask_workers_write_parquet_shards_joined_into_the_jobs_1_file(tmp_path, capsys):
    # (The shards are those of the local engine: tests/integration/test_shards.py has every format.)
    src = _inputs(tmp_path)
    assert main(["convert", str(src), "--format", "parquet", "-o", str(tmp_path / "ref.parquet")]) == 1
    ref_err = capsys.readouterr().err
    run = subprocess.run(PTB2FD + ["convert", str(src), "--engine", "dask", "--jobs", "2", "--format", "parquet",
                                   "--partition-size", "6k", "-o", str(tmp_path / "dask.parquet")],
                         capture_output=True, text=True, timeout=240)
    assert run.returncode == 1, run.stderr
    assert (tmp_path / "dask.parquet").read_bytes() == (tmp_path / "ref.parquet").read_bytes()
    assert run.stderr == ref_err


def test_dask_refuses_standard_input_before_starting_a_cluster(capsys):
    assert main(["convert", "-", "--engine", "dask"]) == 2
    assert "standard input ('-') is not supported" in capsys.readouterr().err
    assert main(["convert", str(FIXTURES / "tops.mrg"), "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "--scheduler goes with --engine dask" in capsys.readouterr().err


class _Lost:
    """A future whose partition killed every worker that ran it."""

    def result(self):
        raise type("KilledWorker", (Exception,), {})("all workers died")

    def release(self):
        pass


class _Client:
    def submit(self, *args, **kwargs):
        return _Lost()


@pytest.mark.sample
def test_a_partition_lost_for_good_fails_each_of_its_sentences(tmp_path):
    src = _inputs(tmp_path)
    paths = sorted(str(p) for p in src.iterdir())
    partitions, cut = plan(paths, 1 << 30)  # no cuts: whole files
    assert not cut
    results = [r for _, rs in partition_results(_Client(), partitions, None, "jsonl", None, window=2) for r in rs]
    from ptb2fd.trees.reader import read_trees

    assert [r.sent_id for r in results] == [raw.sent_id for raw in read_trees(paths)]
    assert {r.status for r in results} == {"failed"} and {r.reason for r in results} == {"worker-crash"}
    assert "every worker that ran it died" in str(results[0].error)
