"""Start-up: what `ptb2fd --version`, `--help` and a small conversion load.

Properties, not timings (the timings are in `make bench`): each check runs a
fresh interpreter and reads its sys.modules, since the cost of start-up is
the heavy libraries it imports (nltk pulled in scipy.stats: 0.7 s).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

HEAVY = ("scipy", "matplotlib", "nltk", "numpy", "dask", "distributed", "lemminflect")

_PROBE = """
import contextlib, io, json, sys
from ptb2fd.cli import main
argv = json.loads(sys.argv[1])
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
    try:
        status = main(argv) if argv else 0
    except SystemExit as exc:
        status = exc.code
heavy = sorted({m.split('.')[0] for m in sys.modules} & set(json.loads(sys.argv[2])))
print(json.dumps({"status": status, "heavy": heavy, "out": out.getvalue()}))
"""


def loaded_by(argv: list[str], stdin: str = "") -> dict:
    """Run ptb2fd's main(argv) in a fresh interpreter: its exit status, the
    heavy top-level packages it loaded, and what it printed."""
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(argv), json.dumps(HEAVY)], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_importing_the_cli_loads_no_heavy_library():
    assert loaded_by([])["heavy"] == []


def test_version_and_help_load_no_heavy_library():
    version = loaded_by(["--version"])
    assert version["status"] == 0 and version["out"].startswith("ptb2fd ")
    for argv in (["--help"], ["train", "--help"], ["regen", "--help"], ["diff", "--help"], ["analyse", "--help"]):
        result = loaded_by(argv)
        assert result["status"] == 0 and "usage: ptb2fd" in result["out"], argv
        assert result["heavy"] == [], argv


def test_train_defaults_to_the_models_prior_variances():
    """The default moved out of the numpy-loading trainer module: still the trainer's."""
    from ptb2fd.cli import build_parser
    from ptb2fd.realizer import trainer

    args = build_parser().parse_args(["train", "--corpus", "treebank", "-o", "m.model"])
    assert tuple(float(v) for v in args.variances.split(",")) == trainer.VARIANCES


def test_converting_a_tree_loads_neither_scipy_nor_matplotlib():
    """nltk is loaded (WordNet's morphy), but through load_nltk: no scipy."""
    result = loaded_by(["convert", "-"], stdin="( (S (NP-SBJ (NNS Stocks)) (VP (VBD rose)) (. .)) )\n")
    assert result["status"] == 0
    assert json.loads(result["out"].splitlines()[0])["tokens"][0]["word"] == "Stocks"
    assert "scipy" not in result["heavy"] and "matplotlib" not in result["heavy"]
    assert "nltk" in result["heavy"]


def test_load_nltk_leaves_scipy_importable_afterwards():
    code = ("import sys\nfrom ptb2fd.nltk_import import load_nltk\nnltk = load_nltk()\n"
            "from nltk.translate.bleu_score import sentence_bleu\n"
            "assert 'scipy' not in sys.modules and 'numpy' not in sys.modules, sorted(sys.modules)\n"
            "import scipy.stats, numpy\nprint(round(float(scipy.stats.entropy([1, 1])), 4), numpy.__name__)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["0.6931", "numpy"]


def test_parse_tree_depth_limit_is_nltks():
    """parse_tree keeps nltk's depth limit without importing nltk."""
    from nltk.tree import tree as nltk_tree

    from ptb2fd.trees.ptbtree import MAX_TREE_DEPTH

    assert MAX_TREE_DEPTH == nltk_tree.MAX_TREE_DEPTH
