"""`regen --jobs N` and `regen --engine dask` on JSONL, Parquet, a shard
folder and trees: the same metrics, stderr and report folder, byte for
byte, as `--jobs 1`; `train --jobs N` writes the same model."""
from __future__ import annotations

import contextlib
import filecmp
import io
import json
import shutil
from pathlib import Path

import pytest

from ptb2fd.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "conventions"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def same_tree(a: Path, b: Path) -> bool:
    cmp = filecmp.dircmp(a, b)
    files = sorted(p.name for p in a.iterdir())
    return not cmp.left_only and not cmp.right_only and filecmp.cmpfiles(a, b, files, shallow=False)[0] == files


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, Path]:
    import nltk

    sample = Path(str(nltk.data.find("corpora/treebank/combined")))
    folder = tmp_path_factory.mktemp("regen-in")
    trees = folder / "trees"
    trees.mkdir()
    for i in range(1, 13):
        shutil.copy(sample / f"wsj_{i:04d}.mrg", trees)
    shutil.copy(FIXTURES / "damaged.mrg", trees)
    jsonl = folder / "dev.jsonl"
    assert run("convert", str(trees), "-o", str(jsonl))[0] == 1
    lines = jsonl.read_text(encoding="utf-8").splitlines(keepends=True)
    bad = json.loads(lines[5])
    bad["tokens"][1]["ap"] = bad["tokens"][0]["ap"]  # two words at one position
    lines[5] = json.dumps(bad) + "\n"
    lines[40] = "{not json\n"
    lines.insert(80, "\n")
    jsonl.write_text("".join(lines), encoding="utf-8")
    parquet = folder / "dev.parquet"
    assert run("convert", str(trees), "--format", "parquet", "-o", str(parquet))[0] == 1
    shards = folder / "shards"
    assert run("convert", str(trees), "--format", "parquet", "--jobs", "2", "--partition-size", "16k",
               "-o", f"{shards}/")[0] == 1
    return {"jsonl": jsonl, "parquet": parquet, "shards": shards, "trees": trees}


@pytest.mark.sample
@pytest.mark.parametrize("kind", ["jsonl", "parquet", "shards", "trees"])
def test_regen_jobs_2_gives_the_report_of_jobs_1(inputs, tmp_path, kind, monkeypatch):
    from ptb2fd.runner import converted

    monkeypatch.setattr(converted, "MIN_PARQUET_ROWS", 256)  # a row group read in slices
    if kind == "parquet":
        assert len(converted.plan_converted([(str(inputs[kind]), "parquet")], 2)) > 4
    one = run("regen", str(inputs[kind]), "--report", str(tmp_path / "one"), "--view", "shallow")
    two = run("regen", str(inputs[kind]), "--report", str(tmp_path / "two"), "--view", "shallow", "--jobs", "2")
    assert two == one
    assert same_tree(tmp_path / "one", tmp_path / "two")
    status, out, err = one
    metrics = json.loads((tmp_path / "one" / "metrics.json").read_text())
    assert 100 < metrics["sentences"] < 120 and 0 < metrics["exact"] < 1
    if kind == "jsonl":  # the damaged lines, named as one process names them
        assert status == 1
        assert f"{inputs['jsonl']}:6 (" in err and "bad records: " in err
        assert f"{inputs['jsonl']}:41 (?): parse error: bad JSON line" in err
    if kind == "trees":
        assert status == 1 and "damaged.mrg:2 (damaged.mrg:2): parse error" in err


@pytest.mark.sample
def test_the_same_sentences_from_jsonl_parquet_and_shards(inputs, tmp_path):
    reports = {}
    for kind in ("parquet", "shards"):
        status, out, _ = run("regen", str(inputs[kind]), "--jobs", "2", "--json")
        reports[kind] = json.loads(out)
    assert reports["parquet"] == reports["shards"]
    assert reports["parquet"]["sentences"] > 100


@pytest.mark.sample
@pytest.mark.slow
def test_train_jobs_2_writes_the_same_model_and_regen_stat_the_same_report(inputs, tmp_path):
    models = {}
    for jobs in ("1", "2"):
        models[jobs] = tmp_path / f"m{jobs}.model"
        status, _, err = run("train", str(inputs["parquet"]), "-o", str(models[jobs]), "--jobs", jobs,
                             "--variances", "0.3,1")
        assert status == 0, err
    assert models["1"].read_bytes() == models["2"].read_bytes()
    reports = []
    for jobs in ("1", "2"):
        reports.append(run("regen", str(inputs["jsonl"]), "--realizer", "stat", "--model", str(models["1"]),
                           "--report", str(tmp_path / f"r{jobs}"), "--jobs", jobs))
    assert reports[0] == reports[1]
    assert same_tree(tmp_path / "r1", tmp_path / "r2")
    assert "## Exact with stat, not with rules" in (tmp_path / "r1" / "report.md").read_text()


@pytest.mark.sample
@pytest.mark.slow
def test_regen_on_dask_gives_the_report_of_jobs_1(inputs, tmp_path):
    one = run("regen", str(inputs["jsonl"]), "--report", str(tmp_path / "one"))
    dask = run("regen", str(inputs["jsonl"]), "--report", str(tmp_path / "dask"), "--engine", "dask",
               "--jobs", "2")
    assert dask == one
    assert same_tree(tmp_path / "one", tmp_path / "dask")
