"""Nothing lost, same bytes: the `convert` command end to end.

- The output is byte-identical across runs and for --jobs 1 / --jobs 2.
- A worker that crashes never drops sentences silently.
- -o writes atomically: an interrupted or failed run leaves neither the
  file nor a temporary file.
- The summary line and --stats account for every input tree (read =
  converted + failed + skipped, each with reasons), also on damaged input.
- Inputs: standard input, .gz files, the LDC layout with --sections.
- Exit statuses: 1 when a sentence failed (and --strict stops at the first
  one), 2 for unusable arguments and broken rule folders.

Subprocesses are used where the process itself matters (several runs, a
crash, a signal); the rest runs `ptb2fd.cli.main` in this process.
"""
from __future__ import annotations

import gzip
import io
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ptb2fd.cli import main
from ptb2fd.formats.jsonl import read_jsonl
from ptb2fd.trees.reader import read_trees
from ptb2fd.trees.splitter import split_trees

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "conventions"
PTB2FD = [sys.executable, "-m", "ptb2fd.cli"]


def _env(**extra: str) -> dict:
    env = dict(os.environ)
    env.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _good_trees() -> list[str]:
    """The fixture trees that convert, one per line."""
    out = []
    for path in sorted(FIXTURES.glob("*.mrg")):
        if path.name in {"damaged.mrg", "markup.mrg", "empty_elements.mrg"}:
            continue
        with open(path, encoding="utf-8") as handle:
            # One line each; a space inside a word (hair_space.mrg) stays.
            out += [re.sub(r"[ \t\n\r\f\v]+", " ", r.text).strip()
                    for r in split_trees(handle, path.name) if r.error is None]
    return out


GOOD = _good_trees()


def write_trees(path: Path, n: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    trees = [rng.choice(GOOD) for _ in range(n)]
    path.write_text("\n".join(trees) + "\n", encoding="utf-8")
    return trees


def damaged_file(path: Path, n: int = 120, seed: int = 1) -> None:
    """Good trees, damaged ones (brackets and leaves deleted, truncated,
    doubled brackets, control and non-ASCII characters), markup-only trees,
    null-only trees and text outside brackets, mixed."""
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        t = rng.choice(GOOD)
        kind = rng.randrange(8)
        if kind == 0:
            i = rng.choice([k for k, c in enumerate(t) if c in "()"])
            t = t[:i] + t[i + 1:]
        elif kind == 1:
            t = t[:rng.randrange(1, len(t))]
        elif kind == 2:
            i = rng.choice([k for k, c in enumerate(t) if c == ")"])
            t = t[:i] + ")" + t[i:]
        elif kind == 3:
            i = rng.randrange(len(t))
            t = t[:i] + rng.choice(["\x00", "\x1b", "\u00e9", "\u4e2d", "\U0001f600", "\u2028", "\ufffd"]) + t[i:]
        elif kind == 4:
            t = rng.choice(["( (CODE <TURN>) )", "( (S (NP-SBJ (-NONE- *)) (VP (-NONE- *?*))) )",
                            "not a tree at all", "( (S (NP-SBJ Owls) (VP (VBP hunt))) )"])
        lines.append(t)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def run_main(capsys, *argv: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["convert", *argv])
    return status, capsys.readouterr().err


def load(out: Path) -> list:
    with open(out, encoding="utf-8") as handle:
        return list(read_jsonl(handle, str(out)))


def check_accounting(stats: dict, all_ids: list[str], sentences: list) -> None:
    """Every input id is in exactly one place: converted (the output),
    failed or skipped (--stats), and the counts add up."""
    assert stats["read"] == len(all_ids) == stats["converted"] + stats["failed"] + stats["skipped"]
    assert sum(stats["failure_kinds"].values()) == stats["failed"] == len(stats["failures"])
    assert sum(stats["skip_reasons"].values()) == stats["skipped"] == len(stats["skips"])
    converted = [s.id for s in sentences]
    failed = [f["id"] for f in stats["failures"]]
    skipped = [s["id"] for s in stats["skips"]]
    assert sorted(converted + failed + skipped) == sorted(all_ids)
    assert len(set(all_ids)) == len(all_ids)
    assert converted == [i for i in all_ids if i in set(converted)]  # in input order
    for f in stats["failures"]:
        assert f["source"] and f["line"] >= 1 and f["kind"] and f["message"]


# ---------------------------------------------------------------- same bytes


@pytest.mark.sample
def test_whole_sample_same_bytes_across_runs_and_jobs(tmp_path):
    # Two separate runs (different hash seeds), --jobs 1 and --jobs 2, at once.
    runs = {}
    for jobs, seed in (("1", "1"), ("2", "2")):
        out, stats = tmp_path / f"out{jobs}.jsonl", tmp_path / f"stats{jobs}.json"
        proc = subprocess.Popen(PTB2FD + ["convert", "--corpus", "treebank", "--jobs", jobs, "-o", str(out),
                                          "--stats", str(stats)], env=_env(PYTHONHASHSEED=seed),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        runs[jobs] = (proc, out, stats)
    results = {}
    for jobs, (proc, out, stats) in runs.items():
        _, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        assert "ptb2fd: read 3914, converted 3914, failed 0, skipped 0; 94084 words" in err
        results[jobs] = (out.read_bytes(), json.loads(stats.read_text(encoding="utf-8")))
    assert results["1"][0] == results["2"][0]
    assert results["1"][1] == results["2"][1]
    data = results["1"][0]
    assert data.count(b"\n") == 3914 and data.endswith(b"\n")
    assert data.startswith(b'{"id":"wsj_0001.mrg:1","tokens":[{"id":1,"word":"Pierre"')


def test_jobs_1_and_2_give_the_same_bytes_and_stats_on_damaged_input(tmp_path, capsys):
    src = tmp_path / "damaged.mrg"
    damaged_file(src, 300)
    outs = {}
    for jobs in ("1", "2"):
        out, stats = tmp_path / f"o{jobs}.jsonl", tmp_path / f"s{jobs}.json"
        status, err = run_main(capsys, str(src), "--jobs", jobs, "-o", str(out), "--stats", str(stats))
        assert status == 1
        outs[jobs] = (out.read_bytes(), stats.read_text(encoding="utf-8"), err)
    assert outs["1"] == outs["2"]


# ---------------------------------------------------------------- crashes


def test_worker_crash_fails_the_crashed_batch_only_and_accounts_for_every_id(tmp_path):
    src = tmp_path / "many.mrg"
    write_trees(src, 300)
    out, stats = tmp_path / "out.jsonl", tmp_path / "stats.json"
    proc = subprocess.run(PTB2FD + ["convert", str(src), "--jobs", "2", "-o", str(out), "--stats", str(stats)],
                          env=_env(PTB2FD_TEST_CRASH_ON="many.mrg:150"), capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 1, proc.stderr
    data = json.loads(stats.read_text(encoding="utf-8"))
    all_ids = [f"many.mrg:{i}" for i in range(1, 301)]
    sentences = load(out)
    check_accounting(data, all_ids, sentences)
    # Batches hold 64 trees: the crash at tree 150 costs trees 129-192, each
    # failed with reason worker-crash; the batches in flight with it are
    # converted again, not lost.
    crashed = [f"many.mrg:{i}" for i in range(129, 193)]
    assert [f["id"] for f in data["failures"]] == crashed
    assert {f["kind"] for f in data["failures"]} == {"worker-crash"}
    assert data["failure_kinds"] == {"worker-crash": 64}
    assert data["converted"] == 236
    assert "failed 64 (worker-crash: 64)" in proc.stderr
    assert "many.mrg:150 (many.mrg:150): [worker] conversion error: worker process crashed" in proc.stderr


# ---------------------------------------------------------------- atomic output


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_run_leaves_no_file_and_no_temporary_file(tmp_path, sig, jobs):
    src = tmp_path / "in" / "big.mrg"
    src.parent.mkdir()
    write_trees(src, 20_000)
    outdir = tmp_path / "out"
    outdir.mkdir()
    target = outdir / "big.jsonl"
    # SIGINT at its default in the child, as in a terminal: a background
    # `make test &` starts with SIGINT ignored, and children inherit that.
    proc = subprocess.Popen(PTB2FD + ["convert", str(src), "--jobs", jobs, "-o", str(target), "--quiet"],
                            env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while not _leftovers(outdir):  # the temporary file exists: the run is writing
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.05)
        time.sleep(0.5)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 128 + sig, err  # 143 for SIGTERM, 130 for SIGINT (Ctrl-C)
    assert "Traceback" not in err
    assert list(outdir.iterdir()) == []  # no target, no ".big.jsonl.*.part"


def test_a_failed_strict_run_leaves_no_file_and_no_temporary_file(tmp_path, capsys):
    target = tmp_path / "out" / "damaged.jsonl"
    stats = tmp_path / "stats.json"
    status, err = run_main(capsys, str(FIXTURES / "damaged.mrg"), "--strict", "-o", str(target),
                           "--stats", str(stats))
    assert status == 1
    assert list(target.parent.iterdir()) == []
    # It stopped at the first error: damaged.mrg:1 converted, :2 failed.
    data = json.loads(stats.read_text(encoding="utf-8"))
    assert (data["read"], data["converted"], data["failed"]) == (2, 1, 1)
    assert data["stopped_at"] == "damaged.mrg:2"
    assert "damaged.mrg:2 (damaged.mrg:2): parse error: unbalanced brackets" in err
    assert "stopped at the first error, damaged.mrg:2: --strict; nothing written to -o" in err


def test_strict_to_stdout_stops_at_the_first_error(capsys):
    capsys.readouterr()
    status = main(["convert", str(FIXTURES / "damaged.mrg"), "--strict"])
    out, err = capsys.readouterr()
    assert status == 1
    assert [json.loads(line)["id"] for line in out.splitlines()] == ["damaged.mrg:1"]
    assert "read 2, converted 1, failed 1 (parse: 1), skipped 0" in err


def test_a_successful_run_replaces_the_target_atomically(tmp_path, capsys):
    target = tmp_path / "out.jsonl"
    target.write_text("old\n", encoding="utf-8")
    status, _ = run_main(capsys, str(FIXTURES / "tops.mrg"), "-o", str(target))
    assert status == 0
    assert len(target.read_text(encoding="utf-8").splitlines()) == 7
    assert _leftovers(tmp_path) == []
    assert oct(target.stat().st_mode & 0o777) != oct(0o600)  # not the temporary file's private mode


# ---------------------------------------------------------------- accounting


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_summary_and_stats_account_for_every_tree_of_damaged_input(tmp_path, capsys, jobs):
    src = tmp_path / "damaged.mrg"
    damaged_file(src, 400, seed=int(jobs))
    with open(src, encoding="utf-8") as handle:
        all_ids = [r.sent_id for r in split_trees(handle, src.name)]
    out, stats = tmp_path / "out.jsonl", tmp_path / "stats.json"
    status, err = run_main(capsys, str(src), "--jobs", jobs, "-o", str(out), "--stats", str(stats))
    assert status == 1
    data = json.loads(stats.read_text(encoding="utf-8"))
    check_accounting(data, all_ids, load(out))
    assert data["failed"] > 0 and data["skipped"] > 0 and data["converted"] > 0
    assert set(data["failure_kinds"]) <= {"parse", "empty", "conversion"}
    assert not [f for f in data["failures"] if "internal error" in f["message"]]
    assert data["skip_reasons"] == {"markup only": data["skipped"]}
    # The summary line says the same, with the reasons.
    kinds = ", ".join(f"{k}: {v}" for k, v in sorted(data["failure_kinds"].items()))
    assert (f"ptb2fd: read {data['read']}, converted {data['converted']}, failed {data['failed']} ({kinds}), "
            f"skipped {data['skipped']} markup-only trees; {data['words']} words") in err
    # Every failure is reported on stderr with file:line (id).
    for f in data["failures"]:
        assert f"ptb2fd: {f['source']}:{f['line']} ({f['id']}): " in err


# ---------------------------------------------------------------- inputs


def test_standard_input(monkeypatch, capsys, tmp_path):
    text = (FIXTURES / "tops.mrg").read_bytes() + (FIXTURES / "damaged.mrg").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    stats = tmp_path / "stats.json"
    status, err = run_main(capsys, "-", "-o", str(tmp_path / "out.jsonl"), "--stats", str(stats))
    assert status == 1
    sentences = load(tmp_path / "out.jsonl")
    assert [s.id for s in sentences] == [f"<stdin>:{i}" for i in (*range(1, 8), 8, 15)]
    data = json.loads(stats.read_text(encoding="utf-8"))
    assert data["read"] == 15
    # damaged.mrg's second tree: line 9 of the input, 9th item.
    assert "ptb2fd: <stdin>:9 (<stdin>:9): parse error: unbalanced brackets" in err


def test_gzip_on_standard_input(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(gzip.compress((FIXTURES / "tops.mrg").read_bytes()))))
    status, _ = run_main(capsys, "-", "-o", str(tmp_path / "out.jsonl"))
    assert status == 0
    assert [s.id for s in load(tmp_path / "out.jsonl")] == [f"<stdin>:{i}" for i in range(1, 8)]


def test_gz_files_and_a_truncated_gz_file(tmp_path, capsys):
    good = tmp_path / "tops.mrg.gz"
    good.write_bytes(gzip.compress((FIXTURES / "tops.mrg").read_bytes()))
    data = gzip.compress((FIXTURES / "questions.mrg").read_bytes() * 50)
    cut = tmp_path / "questions.mrg.gz"
    cut.write_bytes(data[: len(data) // 2])
    out, stats = tmp_path / "out.jsonl", tmp_path / "stats.json"
    status, err = run_main(capsys, str(good), str(cut), "-o", str(out), "--stats", str(stats))
    assert status == 1
    sentences = load(out)
    # Ids use the name without .gz; the truncated file gives the trees read
    # before the break, then one failure naming the problem.
    assert [s.id for s in sentences][:7] == [f"tops.mrg:{i}" for i in range(1, 8)]
    assert any(s.id.startswith("questions.mrg:") for s in sentences)
    data = json.loads(stats.read_text(encoding="utf-8"))
    last = data["failures"][-1]
    assert last["source"] == "questions.mrg" and "cannot read input after line" in last["message"]
    assert "EOFError" in last["message"]
    assert data["read"] == len(list(read_trees([str(good), str(cut)])))


def test_ldc_layout_with_sections(tmp_path, capsys):
    from ptb2fd.errors import UsageError
    from ptb2fd.trees.reader import treebank_root

    try:
        sample = treebank_root()
    except UsageError:
        pytest.skip("the NLTK treebank sample is not installed")
    wsj = tmp_path / "parsed" / "mrg" / "wsj"
    layout = {"00": ["wsj_0001.mrg", "wsj_0002.mrg"], "01": ["wsj_0101.mrg"], "02": ["wsj_0199.mrg"]}
    for section, names in layout.items():
        (wsj / section).mkdir(parents=True)
        for name in names:
            new = name if section != "02" else "wsj_0201.mrg"  # a section the sample lacks, from a sample file
            shutil.copy(sample / name, wsj / section / new)
    (wsj / "README").write_text("not a tree file\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    status, err = run_main(capsys, str(tmp_path / "parsed" / "mrg" / "wsj"), "--sections", "01-02", "-o", str(out))
    assert status == 0, err
    ids = [s.id for s in load(out)]
    files = sorted({i.rpartition(":")[0] for i in ids})
    assert files == ["wsj_0101.mrg", "wsj_0201.mrg"]
    with open(sample / "wsj_0101.mrg", encoding="utf-8") as handle:
        n0101 = len(list(split_trees(handle, "wsj_0101.mrg")))
    assert ids[:n0101] == [f"wsj_0101.mrg:{i}" for i in range(1, n0101 + 1)]
    status, err = run_main(capsys, str(wsj), "--sections", "00", "-o", str(out))
    assert status == 0 and sorted({s.id.rpartition(":")[0] for s in load(out)}) == ["wsj_0001.mrg", "wsj_0002.mrg"]


def test_files_of_the_same_name_in_different_folders_get_distinct_ids(tmp_path, capsys):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        shutil.copy(FIXTURES / "tops.mrg", tmp_path / folder / "x.mrg")
    out = tmp_path / "out.jsonl"
    status, _ = run_main(capsys, str(tmp_path / "a"), str(tmp_path / "b"), "-o", str(out))
    assert status == 0
    ids = [s.id for s in load(out)]
    assert len(ids) == len(set(ids)) == 14
    assert ids[0] == "a/x.mrg:1" and ids[7] == "b/x.mrg:1"


# ---------------------------------------------------------------- exit statuses


@pytest.mark.parametrize("argv, message", [
    (["no-such-file.mrg"], "no-such-file.mrg: no such file or folder"),
    (["{fixtures}", "--sections", "2x"], "--sections: bad section range"),
    (["{fixtures}", "--files", "nothing-matches-*"], "no input"),
    (["{fixtures}/tops.mrg", "--jobs", "0"], "--jobs 0: give at least 1"),
    (["{fixtures}/tops.mrg", "--stats", "{tmp}"], "is a folder"),
    (["-", "-o", "{tmp}/"], "standard input ('-') cannot be cut into shards"),
    (["{fixtures}/tops.mrg", "--rules", "{tmp}/no-such-rules"], "rule folder not found"),
    ([], "no input"),
])
def test_unusable_arguments_exit_2(tmp_path, capsys, argv, message):
    argv = [a.format(fixtures=FIXTURES, tmp=tmp_path) for a in argv]
    status, err = run_main(capsys, *argv)
    assert status == 2
    assert message in err
    assert list(tmp_path.iterdir()) == []


def test_bad_option_value_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["convert", str(FIXTURES / "tops.mrg"), "--format", "xml"])
    assert exc.value.code == 2


def test_broken_rule_folder_exits_2(tmp_path, capsys):
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    with open(rules / "heads.yaml", "a", encoding="utf-8") as handle:
        handle.write("labels: [unclosed\n")
    out = tmp_path / "out.jsonl"
    status, err = run_main(capsys, str(FIXTURES / "tops.mrg"), "--rules", str(rules), "-o", str(out))
    assert status == 2
    assert "problem(s) in rule files" in err and "heads.yaml" in err
    assert not out.exists()


def test_concatenated_files_with_byte_order_marks_and_dos_line_ends(tmp_path, capsys):
    # `cat a.mrg b.mrg` of files saved with a BOM and CRLF line ends, ending
    # with a DOS end-of-file mark: every tree still converts.
    one = (FIXTURES / "tops.mrg").read_bytes().replace(b"\n", b"\r\n")
    two = (FIXTURES / "questions.mrg").read_bytes()
    src = tmp_path / "cat.mrg"
    src.write_bytes(b"\xef\xbb\xbf" + one + b"\xef\xbb\xbf" + two + b"\x1a")
    status, err = run_main(capsys, str(src), "-o", str(tmp_path / "out.jsonl"))
    assert status == 0, err
    assert [s.id for s in load(tmp_path / "out.jsonl")] == [f"cat.mrg:{i}" for i in range(1, 12)]
