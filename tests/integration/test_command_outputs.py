"""Every command that writes handles its outputs the way `convert` does
(ptb2fd/runner/targets.py): missing folders are created; a file where a
folder is wanted, a path through a file, a read-only folder or an immutable
file are refused before any work with one line and exit 2; a full disk
ends the run with one line and exit 1, the previous output kept; a full
standard output is one line and exit 1; no traceback, no `.part` left.

A full disk is simulated by making fsync fail with ENOSPC (the last step
before the rename), a full standard output with /dev/full, an immutable
target with `chattr +i` (skipped where it is not allowed).
"""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from ptb2fd.cli import main


@pytest.fixture(scope="module")
def inputs(tmp_path_factory, six_trees):
    """Trees, their JSONL and a regen report of them."""
    root = tmp_path_factory.mktemp("inputs")
    shutil.copy(six_trees, root / "trees.mrg")
    assert main(["convert", str(root / "trees.mrg"), "-o", str(root / "in.jsonl"), "--quiet"]) == 0
    assert main(["regen", str(root / "in.jsonl"), "--report", str(root / "report")]) == 0
    return root


# Each command that writes files: how to call it with OUT as its output, and
# whether OUT is a file or a folder (and the file of the folder to check).
WRITERS = {
    "convert -o": (lambda i, out: ["convert", f"{i}/trees.mrg", "-o", out, "--quiet"], "file"),
    "convert --stats": (lambda i, out: ["convert", f"{i}/trees.mrg", "--quiet", "--stats", out], "file"),
    "regen --report": (lambda i, out: ["regen", f"{i}/in.jsonl", "--report", out], "report.md"),
    "train -o": (lambda i, out: ["train", f"{i}/trees.mrg", "--variances", "10", "-o", out], "file"),
    "analyse -o": (lambda i, out: ["analyse", f"{i}/report", "-o", out, "--min-support", "1"], "analysis.md"),
}


def run(capsys, argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main(argv)
    return code, capsys.readouterr().err


def parts(folder: Path) -> list[Path]:
    return [p for p in folder.rglob(".*.part")]


def previous(out: Path, kind: str) -> Path:
    """An earlier output at `out`; the file whose content must survive."""
    if kind == "file":
        out.write_text("the previous output\n")
        return out
    out.mkdir()
    (out / kind).write_text("the previous output\n")
    return out / kind


@pytest.mark.parametrize("name", WRITERS)
def test_missing_folders_are_created(name, inputs, tmp_path, capsys):
    argv, kind = WRITERS[name]
    out = tmp_path / "new" / "deeper" / "out"
    code, err = run(capsys, argv(inputs, str(out)))
    assert code == 0, err
    assert (out.is_file() if kind == "file" else (out / kind).is_file())
    assert "Traceback" not in err and not parts(tmp_path)


@pytest.mark.parametrize("name", WRITERS)
def test_a_file_in_the_way_is_refused_before_any_work(name, inputs, tmp_path, capsys):
    argv, kind = WRITERS[name]
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    out = blocker if kind != "file" else blocker / "out"  # a folder wanted / a path through a file
    code, err = run(capsys, argv(inputs, str(out)))
    assert code == 2
    assert len(err.splitlines()) == 1, err  # no training log, no summary: refused before the work
    assert err.startswith("ptb2fd: ") and "is a file, not a folder" in err
    assert blocker.read_text() == "not a folder\n"


@pytest.mark.parametrize("name", WRITERS)
def test_a_full_disk_keeps_the_previous_output(name, inputs, tmp_path, capsys, monkeypatch):
    argv, kind = WRITERS[name]
    out = tmp_path / "out"
    kept = previous(out, kind)

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    code, err = run(capsys, argv(inputs, str(out)))
    assert code == 1
    line = [x for x in err.splitlines() if "cannot write" in x]
    assert line == [f"ptb2fd: {out}: cannot write: No space left on device (the previous "
                    f"{'file' if kind == 'file' else 'report' if name.startswith('regen') else 'analysis'} is kept)"]
    assert "Traceback" not in err
    assert kept.read_text() == "the previous output\n"
    assert not parts(tmp_path)


def _can_chattr(tmp_path: Path) -> bool:
    probe = tmp_path / "probe"
    probe.write_text("x")
    try:
        ok = subprocess.run(["chattr", "+i", str(probe)], capture_output=True).returncode == 0
    except OSError:
        return False
    subprocess.run(["chattr", "-i", str(probe)], capture_output=True)
    return ok


@contextmanager
def immutable(path: Path):
    subprocess.run(["chattr", "+i", str(path)], check=True)
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


@pytest.fixture
def chattr(tmp_path):
    if not _can_chattr(tmp_path):
        pytest.skip("chattr +i is not allowed here")
    return immutable


@pytest.mark.parametrize("name", WRITERS)
def test_an_immutable_file_is_refused_before_any_work(name, inputs, tmp_path, capsys, chattr):
    argv, kind = WRITERS[name]
    out = tmp_path / "out"
    kept = previous(out, kind)
    with chattr(kept):
        code, err = run(capsys, argv(inputs, str(out)))
    assert code == 2
    option = {"convert --stats": "--stats", "regen --report": "--report"}.get(name, "-o")
    assert err == f"ptb2fd: {option} {kept}: the file may not be replaced (read-only or immutable); choose " \
                  "another name or make it writable\n"
    assert kept.read_text() == "the previous output\n"
    assert not parts(tmp_path)


@pytest.mark.parametrize("name", WRITERS)
def test_a_read_only_folder_is_refused_before_any_work(name, inputs, tmp_path, capsys, chattr):
    argv, kind = WRITERS[name]
    folder = tmp_path / "locked"
    folder.mkdir()
    out = folder / "out"
    if kind != "file":  # the report folder itself is read-only
        folder = out
        out.mkdir()
    with chattr(folder):
        code, err = run(capsys, argv(inputs, str(out)))
    assert code == 2
    assert len(err.splitlines()) == 1 and "(read-only" in err, err
    assert not parts(tmp_path)


# Standard output --------------------------------------------------------------------------------------------

PRINTERS = {
    "regen --json": lambda i: ["regen", f"{i}/in.jsonl", "--json"],
    "regen": lambda i: ["regen", f"{i}/in.jsonl"],
    "stats": lambda i: ["stats", f"{i}/in.jsonl"],
    "diff": lambda i: ["diff", f"{i}/report", f"{i}/report"],
    "check-heads": lambda i: ["check-heads", f"{i}/trees.mrg"],
    "rules check": lambda i: ["rules", "check", "--no-sample"],
    "convert": lambda i: ["convert", f"{i}/trees.mrg", "--quiet"],
}


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("name", PRINTERS)
def test_a_full_standard_output_is_one_line_and_exit_1(name, inputs, capsys, monkeypatch):
    capsys.readouterr()
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        code = main(PRINTERS[name](inputs))
        monkeypatch.undo()
    err = capsys.readouterr().err
    assert code == 1
    assert "ptb2fd: standard output: cannot write: No space left on device" in err.splitlines()
    assert "Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_standard_output_prints_nothing_more_at_exit(inputs):
    """In a process of its own: Python's flush of stdout at exit adds no second message."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "ptb2fd", "stats", f"{inputs}/in.jsonl"], stdout=full,
                              stderr=subprocess.PIPE, text=True, env=env, timeout=300)
    assert proc.returncode == 1
    assert proc.stderr == "ptb2fd: standard output: cannot write: No space left on device\n"


# The .part files of a killed run ------------------------------------------------------------------------------

def test_a_dead_runs_part_is_removed_and_named(inputs, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    dead = tmp_path / ".out.jsonl.99999999.k1ll3d.part"  # no process has this id (above any pid_max)
    dead.write_text("x" * 1000)
    old_style = tmp_path / ".out.jsonl.a8c3k2l1.part"  # ptb2fd 0.1: no process id
    old_style.write_text("y")
    live = tmp_path / f".out.jsonl.{os.getppid()}.w0rk1n.part"  # a process that runs: another writer
    live.write_text("z")
    code, err = run(capsys, ["convert", f"{inputs}/trees.mrg", "-o", str(out), "--quiet"])
    assert code == 0
    assert f"ptb2fd: warning: removed {dead} (1,000 bytes), left by an earlier run that was killed" in err
    assert f"ptb2fd: warning: {old_style} (1 bytes) looks left by an earlier run that was killed; remove it" in err
    assert not dead.exists() and old_style.exists() and live.exists()
    assert str(live) not in err
    assert out.read_text().count("\n") == 6


def test_a_dead_runs_report_folder_is_removed(inputs, tmp_path, capsys):
    dead = tmp_path / ".report.99999999.k1ll3d.part"
    dead.mkdir()
    (dead / "sentences.jsonl").write_text("{}\n")
    code, err = run(capsys, ["regen", f"{inputs}/in.jsonl", "--report", str(tmp_path / "report")])
    assert code == 0
    assert f"ptb2fd: warning: removed {dead}" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report"]
    assert sorted(p.name for p in (tmp_path / "report").iterdir()) == ["metrics.json", "report.md",
                                                                       "sentences.jsonl"]
