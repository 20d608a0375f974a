"""The rough edges a new user hits, one test (or two) each:
folders, a full disk, unknown labels, undecodable input, workers outliving a
killed run, --jobs above the cores, --version and the help texts."""
from __future__ import annotations

import errno
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ptb2fd.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "conventions"
PTB2FD = [sys.executable, "-m", "ptb2fd.cli"]
TREE = "( (S (NP-SBJ (PRP It)) (VP (VBZ works)) (. .)) )\n"


# 1. A folder is read for tree files only; the others are named in one warning.
def test_a_folder_reads_tree_files_only_and_warns_about_the_rest(tmp_path, capsys):
    (tmp_path / "a.mrg").write_text(TREE * 2)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.tree").write_text(TREE)
    (tmp_path / "readme.txt").write_text("This corpus (c) 1999 holds (parsed) text.\n")
    (tmp_path / "LICENSE.txt").write_text("Permission is granted (see below).\n")
    (tmp_path / ".a.mrg.swp").write_text("( (S")
    assert main(["convert", str(tmp_path), "-o", str(tmp_path / "out.jsonl")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"ptb2fd: warning: {tmp_path}: skipped 3 file(s) that are not tree files: ")
    assert all(name in err[0] for name in ("readme.txt", "LICENSE.txt", ".a.mrg.swp"))
    assert err[-1] == "ptb2fd: read 3, converted 3, failed 0, skipped 0; 9 words"
    ids = [json.loads(line)["id"] for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert ids == ["a.mrg:1", "a.mrg:2", "b.tree:1"]


# 2. A full disk: one line, exit 1, the previous output kept.
def test_disk_full_on_the_output_file_keeps_the_old_file(tmp_path, capsys, monkeypatch):
    (tmp_path / "in.mrg").write_text(TREE * 3)
    out = tmp_path / "out.jsonl"
    out.write_text("the previous output\n")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    assert main(["convert", str(tmp_path / "in.mrg"), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == f"ptb2fd: {out}: cannot write: No space left on device (the previous file is kept)\n"
    assert out.read_text() == "the previous output\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.mrg", "out.jsonl"]  # no .part left


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_disk_full_on_standard_output_is_one_line_and_exit_1(tmp_path):
    (tmp_path / "in.mrg").write_text(TREE * 3000)  # more than the stdout buffer
    with open("/dev/full", "w") as full:
        run = subprocess.run(PTB2FD + ["convert", str(tmp_path / "in.mrg")], stdout=full, stderr=subprocess.PIPE,
                             text=True, timeout=300)
    assert run.returncode == 1
    assert run.stderr == "ptb2fd: standard output: cannot write: No space left on device\n"


# 3. Unknown labels: warned once each with their count, listed by `ptb2fd stats`.
def test_unknown_labels_are_warned_once_each_and_shown_by_stats(tmp_path, capsys):
    src = tmp_path / "in.mrg"
    src.write_text((FIXTURES / "unknown_labels.mrg").read_text() * 3)
    out = tmp_path / "out.jsonl"
    assert main(["convert", str(src), "-o", str(out)]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert warnings == [
        "ptb2fd: warning: unknown function tag 'XYZ' in 3 place(s) (converted with the default rules; "
        "listed by `ptb2fd stats`)",
        "ptb2fd: warning: unknown label 'BLOB' in 3 place(s) (converted with the default rules; "
        "listed by `ptb2fd stats`)",
        "ptb2fd: warning: unknown label 'ZZP' in 3 place(s) (converted with the default rules; "
        "listed by `ptb2fd stats`)",
        "ptb2fd: warning: unknown tag 'QQ' in 3 place(s) (converted with the default rules; "
        "listed by `ptb2fd stats`)",
    ]
    assert main(["stats", str(out)]) == 0
    text = capsys.readouterr().out
    section = text[text.index("Labels and tags unknown to treebank.yaml"):].splitlines()
    assert section[0].endswith(": 4")
    assert [line.split() for line in section[2:]] == [
        ["function-tag:XYZ", "3", "3"], ["label:BLOB", "3", "3"], ["label:ZZP", "3", "3"], ["tag:QQ", "3", "3"]]


# 4. Undecodable input fails its sentence, naming file, line and id; --encoding reads it.
def test_latin1_input_fails_its_sentence_unless_encoding_is_given(tmp_path, capsys):
    src = tmp_path / "latin.mrg"
    src.write_bytes(TREE.encode() + b"( (S (NP-SBJ (NNP Jos\xe9))\n    (VP (VBD left)) (. .)) )\n" + TREE.encode())
    assert main(["convert", str(src), "-o", str(tmp_path / "out.jsonl")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("ptb2fd: latin.mrg:2 (latin.mrg:2): parse error: line 2: bytes b'\\xe9' are not "
                             "valid UTF-8")
    assert "--encoding latin-1" in err[0]
    assert err[-1].startswith("ptb2fd: read 3, converted 2, failed 1 (parse: 1)")
    assert main(["convert", str(src), "--encoding", "latin-1", "-o", str(tmp_path / "out.jsonl")]) == 0
    words = [t["word"] for line in (tmp_path / "out.jsonl").read_text().splitlines()
             for t in json.loads(line)["tokens"]]
    assert "José" in words
    assert main(["convert", str(src), "--encoding", "no-such-codec"]) == 2


# 5. Workers die with their parent.
def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_when_a_jobs_2_run_is_killed(tmp_path):
    src = tmp_path / "in.mrg"
    src.write_text((FIXTURES / "parser_output.mrg").read_text() * 400)
    proc = subprocess.Popen(PTB2FD + ["convert", str(src), "--jobs", "2", "-o", str(tmp_path / "out.jsonl")],
                            stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.time() + 180
        while time.time() < deadline and not workers:
            workers = _children(proc.pid)
            time.sleep(0.2)
        assert workers, "no worker started"
        time.sleep(0.5)
        workers = _children(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        deadline = time.time() + 10
        while time.time() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.1)
        assert not [w for w in workers if _alive(w)]
    finally:
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()


# 6. --jobs above the core count warns and is capped.
def test_jobs_above_the_cores_is_capped_with_a_warning(tmp_path, capsys, monkeypatch):
    import ptb2fd.runner.stream
    from ptb2fd.runner.jobs import usable_cores

    seen = []
    real = ptb2fd.runner.stream.convert_stream

    def spy(converter, items, jobs=1, render=None):
        seen.append(jobs)
        return real(converter, items, 1, render)

    monkeypatch.setattr(ptb2fd.runner.stream, "convert_stream", spy)
    (tmp_path / "in.mrg").write_text(TREE)
    assert main(["convert", str(tmp_path / "in.mrg"), "--jobs", "64"]) == 0  # to stdout: streamed
    cores = usable_cores()
    assert seen == [cores]
    assert f"ptb2fd: warning: --jobs 64 is more than the {cores} core(s) this process may use; running {cores}" \
        in capsys.readouterr().err


# 7. --version; the help texts.
def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    top = next(line for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("## "))
    named = re.match(r"## (\d+\.\d+\.\d+) \(\d{4}-\d\d-\d\d\)$", top)
    assert named, f"the CHANGELOG's top entry names no released version: {top!r}"
    assert capsys.readouterr().out.strip() == f"ptb2fd {named.group(1)}"


def test_version_written_once():
    """pyproject.toml reads the version from ptb2fd.__version__, so the two cannot disagree."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "ptb2fd.__version__"}


@pytest.mark.parametrize("argv, wanted", [
    ([], ["convert", "regen", "diff", "stats"]),
    (["convert"], ["--encoding", "--engine", "--scheduler", "shards"]),
    (["regen"], ["JSONL", "the output of `ptb2fd convert`"]),
    (["diff"], ["BEFORE", "a `regen --report` folder, or a rule folder", "AFTER"]),
    (["stats"], ["FILE", "converted JSONL"]),
    (["rules", "check"], ["RULES", "TREES"]),
    (["analyse"], ["REPORT_DIR"]),
])
def test_every_help_lists_the_exit_statuses(capsys, argv, wanted):
    with pytest.raises(SystemExit):
        main(argv + ["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0 " in text
    for word in wanted:
        assert word in text
