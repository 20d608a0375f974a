"""Running a figure's command and keeping what it says.

`Run` runs `ptb2fd ARGS…` (or `python -m MODULE ARGS…`) in a child process
with the environment of this one, in a work folder shared by the sections,
so that a converted file or a trained model is made once per `make
figures`. A `Figure` is one row of a table: what was measured, the command
that measured it (as a user types it), the data and split, the view, the
realizer, and the values.
"""
from __future__ import annotations

import hashlib
import json
import platform
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ptb2fd.errors import Ptb2fdError

DEV = ("dev", "wsj_0001–0099", "wsj_00*")
TEST = ("test", "wsj_0100–0199", "wsj_01*")
SPLITS = (DEV, TEST)
SAMPLE = "NLTK Penn Treebank sample"


class FigureError(Ptb2fdError):
    """A command a figure rests on failed: the figure is not written."""


@dataclass
class Figure:
    """One row: `values` in the order the table shows them."""
    what: str
    command: str
    data: str = SAMPLE
    split: str = "-"
    view: str = "-"
    realizer: str = "-"
    values: dict = field(default_factory=dict)


@dataclass
class Section:
    """One section of the page: its rows, under a title and an anchor."""

    name: str  # for --skip and the anchor
    title: str
    about: str
    figures: list[Figure]


def shown(argv: list[str]) -> str:
    """The command as a user types it: `ptb2fd regen --corpus treebank …`."""
    return " ".join(shlex.quote(a) for a in argv)


class Run:
    """Runs commands for the sections, in `work` (created), timing each."""

    def __init__(self, work: Path):
        self.work = work
        work.mkdir(parents=True, exist_ok=True)
        self.seconds: dict[str, float] = {}
        self._check_made_by()

    def _check_made_by(self) -> None:
        """A work folder kept from a run of other code (a changed stage or
        rule) would give that code's converted files and models, silently:
        its files are made by this code, or removed first."""
        stamp, made_by = self.work / "made-by", code_digest()
        if stamp.exists() and stamp.read_text(encoding="utf-8").strip() == made_by:
            return
        stale = [p for p in self.work.iterdir() if p.name != stamp.name]
        if stale:
            print(f"figures: {self.work} holds files of other code: removed ({len(stale)})", file=sys.stderr)
        for p in stale:
            shutil.rmtree(p) if p.is_dir() and not p.is_symlink() else p.unlink()
        stamp.write_text(made_by + "\n", encoding="utf-8")

    def path(self, name: str) -> Path:
        return self.work / name

    def __call__(self, argv: list[str], *, stdout: Path | None = None) -> str:
        """Run `argv` (its first word `ptb2fd` or `python`); its standard
        output as text, or written to `stdout`. A non-zero exit is an error."""
        if argv[0] == "ptb2fd":
            real = [sys.executable, "-m", "ptb2fd", *argv[1:]]
        elif argv[0] == "python":
            real = [sys.executable, *argv[1:]]
        else:
            raise FigureError(f"not a ptb2fd command: {shown(argv)}")
        start = time.perf_counter()
        with open(stdout, "w", encoding="utf-8") if stdout else open(Path("/dev/null"), "w") as sink:
            done = subprocess.run(real, stdout=subprocess.PIPE if stdout is None else sink,
                                  stderr=subprocess.PIPE, text=True)
        self.seconds[shown(argv)] = time.perf_counter() - start
        if done.returncode != 0:
            tail = (done.stderr or "").strip().splitlines()[-3:]
            raise FigureError(f"{shown(argv)} exited {done.returncode}: {' | '.join(tail)}")
        return done.stdout or ""

    def json(self, argv: list[str]) -> dict:
        return json.loads(self(argv))

    def once(self, name: str, argv: list[str], *, stdout: bool = False) -> Path:
        """The file `name` in the work folder, made by `argv` unless it is
        there already (argv writes it with -o, or on stdout)."""
        target = self.path(name)
        if not target.exists():
            # (the name keeps its suffix, which decides the output's format)
            partial = target.with_name("partial-" + target.name)
            cmd = [a if a != str(target) else str(partial) for a in argv]
            self(cmd, stdout=partial if stdout else None)
            partial.rename(target)
        return target


def code_digest() -> str:
    """SHA-256 of what decides the figures' files: ptb2fd's code, data
    and models, and the rule folder."""
    from ptb2fd.rulelang.folder import default_rules_dir

    package = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for root in (package, Path(default_rules_dir())):
        for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def commit() -> str:
    """The commit measured, with '+changes' when the work tree differs."""
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], capture_output=True, text=True, check=True,
                                  cwd=Path(__file__).resolve().parents[2]).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", "ptb2fd", "rules")
    return head + ("+changes" if dirty else "")


def machine() -> str:
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{platform.machine()}, {cores} cores, Python {platform.python_version()}"


def corpus_files(split) -> list[str]:
    return ["--corpus", "treebank", "--files", split[2]]


REGEN_KEYS = ("sentences", "ssa_id", "exact", "bleu", "gsa", "sta", "gta", "dea")


def regen_values(result: dict) -> dict:
    """The figures of `ptb2fd regen --json`, as the tables show them."""
    return {k: (result[k] if k == "sentences" else f"{100 * result[k]:.2f}" if k != "bleu" else f"{result[k]:.4f}")
            for k in REGEN_KEYS}
