"""A core install (`pip install ptb2fd`, no extras) converts, regenerates
with the rules realizer, and runs stats, diff and `rules check`; a command
that needs an extra says in one line which one to install.

The missing extras are simulated: a fresh interpreter whose import system
refuses the extras' packages (as a core install has none of them) runs the
commands in turn and reports each one's exit status and standard error.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from ptb2fd.errors import EXTRA_OF_MODULE, missing_module_line

ROOT = Path(__file__).resolve().parents[2]
EXTRAS_ONLY = ["scipy", "matplotlib", "dask", "distributed", "pyarrow", "threadpoolctl"]

_RUN_WITHOUT = """
import contextlib, importlib.abc, io, json, sys
blocked = set(json.loads(sys.argv[1]))

class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Missing())
from ptb2fd.cli import main
report = []
for argv in json.loads(sys.argv[2]):
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(argv)
    report.append({"argv": argv, "status": status, "stderr": err.getvalue()})
print(json.dumps(report))
"""

TREES = ("( (S (NP-SBJ (NNS Stocks)) (VP (VBD rose) (NP (CD 3) (NN %))) (. .)) )\n"
         "( (S (NP-SBJ (PRP He)) (VP (VBD sold) (NP (DT the) (NN unit))) (. .)) )\n")


def run_without(modules: list[str], commands: list[list[str]]) -> list[dict]:
    proc = subprocess.run([sys.executable, "-c", _RUN_WITHOUT, json.dumps(modules), json.dumps(commands)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("core") / "t.mrg"
    path.write_text(TREES)
    return path


def test_core_commands_run_without_any_extra(trees):
    d = trees.parent
    runs = run_without(EXTRAS_ONLY, [
        ["convert", str(trees), "-o", str(d / "t.jsonl")],
        ["convert", str(trees), "--format", "conllup", "-o", str(d / "t.conllup")],
        ["convert", str(trees), "--format", "halogen", "-o", str(d / "t.txt")],
        ["stats", str(d / "t.jsonl")],
        ["regen", str(d / "t.jsonl")],
        ["regen", str(trees), "--report", str(d / "report")],
        ["diff", str(d / "report"), str(d / "report")],
        ["rules", "check", "--no-sample"],
    ])
    for run in runs:
        assert run["status"] == 0, run
        assert "pip install" not in run["stderr"], run
    assert [json.loads(line)["tokens"][0]["word"] for line in (d / "t.jsonl").read_text().splitlines()] == \
        ["Stocks", "He"]
    assert "ptb2fd: read 2, failed 0" in runs[4]["stderr"]


def test_a_command_needing_a_missing_extra_names_it_in_one_line(trees):
    d = trees.parent
    cases = [
        (["train", str(trees), "-o", str(d / "m.model")], "realizer"),
        (["train-functions", str(trees), "-o", str(d / "f.ftm")], "realizer"),
        (["convert", str(trees), "--format", "parquet", "-o", str(d / "t.parquet")], "parquet"),
        (["convert", str(trees), "--engine", "dask", "-o", str(d / "dask.jsonl")], "scale"),
        (["analyse", str(d / "report"), "-o", str(d / "analysis")], "analysis"),
    ]
    run_without([], [["regen", str(trees), "--report", str(d / "report")]])
    runs = run_without(EXTRAS_ONLY, [argv for argv, _ in cases])
    for run, (argv, extra) in zip(runs, cases):
        assert run["status"] == 2, run
        lines = run["stderr"].splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"ptb2fd {argv[0]}: needs "), run
        assert lines[0].endswith(f"pip install 'ptb2fd[{extra}]'"), run
    assert not (d / "t.parquet").exists() and not (d / "m.model").exists()


def test_the_extras_named_are_the_ones_pyproject_declares():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    for module, extra in EXTRA_OF_MODULE.items():
        names = {r.split(">")[0].split("~")[0].split("<")[0].split("[")[0].strip().lower() for r in extras[extra]}
        assert module in names, (module, extra)
    assert {"realizer", "analysis", "scale", "parquet", "all", "dev"} <= set(extras)
    assert "==" not in json.dumps(project["dependencies"]) + json.dumps(extras)
    core = {r.split(">")[0].split("~")[0].strip().lower() for r in project["dependencies"]}
    assert core.isdisjoint({"scipy", "matplotlib", "dask", "distributed", "pyarrow"})


def test_the_line_for_a_module_no_extra_brings():
    assert missing_module_line("yaml", "convert") == \
        "ptb2fd convert: needs the module yaml, which is not installed: reinstall ptb2fd (pip install ptb2fd)"
    assert missing_module_line("scipy.stats", "analyse").endswith("pip install 'ptb2fd[analysis]'")


def test_the_core_install_holds_none_of_the_extras():
    """The distributions a core install brings (measured in MB by `make bench`)."""
    from ptb2fd.bench.install_size import core_closure

    names = set(core_closure())
    assert names.isdisjoint({"scipy", "matplotlib", "dask", "distributed", "pyarrow", "pandas", "threadpoolctl"})
    assert {"ptb2fd", "nltk", "lemminflect", "pyyaml", "numpy"} <= names
    assert "wn" not in names  # WordNet 3.0 ships inside ptb2fd (6 MB, not wn's 100 MB)
