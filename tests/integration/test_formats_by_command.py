"""Every command that reads records reads the three formats (and gzip
JSONL), found by content; each says in one line when it is given trees
instead of records or records instead of trees; `convert` takes the format
from the output's name; empty input is an error that leaves no output."""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
import time

import pytest

# Invented sentences (none from the sample's test half).
TREES = """\
( (S (NP-SBJ (DT The) (NN baker)) (VP (VBD sold) (NP (NNS rolls) (CC and) (NNS buns))) (. .)) )
( (S (NP-SBJ (PRP She)) (VP (VBD was) (VP (VBN paid) (NP (-NONE- *-1)) (PP (IN by) (NP (DT the) (NN town))))) (. .)) )
( (S (NP-SBJ (NNP Kim)) (VP (MD will) (VP (VB open) (NP (DT a) (JJ new) (NN shop)) (NP-TMP (NN tomorrow)))) (. .)) )
( (S (NP-SBJ (DT The) (NNS dogs)) (VP (VBD barked) (ADVP (RB loudly))) (. .)) )
( (S (NP-SBJ (PRP He)) (VP (VBZ reads) (NP (NNS books) (CC and) (NNS papers))) (. .)) )
( (S (NP-SBJ (DT A) (NN cat)) (VP (VBD sat) (PP-LOC (IN on) (NP (DT the) (NN mat)))) (. .)) )
"""
FORMATS = ("jsonl", "jsonl.gz", "conllup", "parquet")


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    from ptb2fd.cli import main

    root = tmp_path_factory.mktemp("formats")
    (root / "trees.mrg").write_text(TREES)
    for fmt in FORMATS:
        assert main(["convert", str(root / "trees.mrg"), "-o", str(root / f"c.{fmt}"), "--quiet"]) == 0
    return root


def test_the_name_decides_the_format(files):
    assert (files / "c.parquet").read_bytes()[:4] == b"PAR1"
    assert (files / "c.jsonl.gz").read_bytes()[:2] == b"\x1f\x8b"
    assert gzip.decompress((files / "c.jsonl.gz").read_bytes()) == (files / "c.jsonl").read_bytes()
    assert (files / "c.conllup").read_text().startswith("# global.columns = ID FORM")
    assert (files / "c.jsonl").read_text().startswith('{"id":"trees.mrg:1","tokens":[')


@pytest.mark.parametrize("argv, message", [
    (["-o", "x.jsonl", "--format", "parquet"], "--format parquet contradicts -o {d}/x.jsonl, a jsonl name"),
    (["-o", "x.conllu", "--format", "conllup"], "--format conllup contradicts -o {d}/x.conllu, a conllu name"),
    (["-o", "x.json"], "-o {d}/x.json: the name says no format ptb2fd writes"),
])
def test_a_format_the_name_contradicts_is_one_line_before_any_work(files, tmp_path, cli, argv, message):
    argv = [a if not a.startswith("x.") else str(tmp_path / a) for a in argv]
    code, out, err = cli("convert", str(files / "trees.mrg"), *argv)
    assert code == 2 and out == ""
    assert err.startswith("ptb2fd: " + message.format(d=tmp_path)) and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_format_for_standard_output_and_for_a_name_without_a_suffix(files, tmp_path, cli):
    code, out, _ = cli("convert", str(files / "trees.mrg"), "--format", "conllup")
    assert code == 0 and out == (files / "c.conllup").read_text()
    assert cli("convert", str(files / "trees.mrg"), "--format", "halogen", "-o", str(tmp_path / "h.txt"))[0] == 0
    assert (tmp_path / "h.txt").read_text().startswith("# trees.mrg:1")


@pytest.mark.parametrize("fmt", FORMATS)
def test_regen_and_stats_give_the_same_figures_on_every_format(files, cli, fmt):
    code, out, err = cli("regen", str(files / f"c.{fmt}"), "--json")
    assert code == 0, err
    _, want, _ = cli("regen", str(files / "c.jsonl"), "--json")
    assert json.loads(out) == json.loads(want) and json.loads(out)["sentences"] == 6
    code, out, err = cli("stats", str(files / f"c.{fmt}"), "--json")
    assert code == 0, err
    st = json.loads(out)
    assert st == json.loads(cli("stats", str(files / "c.jsonl"), "--json")[1])
    assert st["words"] == 7 + 7 + 8 + 5 + 6 + 7  # -NONE- is no word
    assert st["provenance"]["made"][0]["sentences"] == 6


def test_stats_prints_how_the_records_were_made(files, cli):
    from ptb2fd import __version__

    code, out, _ = cli("stats", str(files / "c.parquet"))
    assert code == 0
    assert f"6 sentence(s): ptb2fd {__version__}, rules rules (sha256 " in out
    assert ", --functions auto, function-tag model wsj-dev@" in out


@pytest.fixture(scope="module")
def models(files):
    from ptb2fd.cli import main

    out = {}
    for fmt in FORMATS:
        out[fmt] = files / f"m-{fmt.replace('.', '-')}.model"
        assert main(["train", str(files / f"c.{fmt}"), "-o", str(out[fmt]), "--view", "lemma",
                     "--variances", "1"]) == 0
    return out


@pytest.mark.parametrize("fmt", FORMATS)
def test_train_gives_the_same_model_from_every_format(models, fmt):
    assert models[fmt].read_bytes() == models["jsonl"].read_bytes()


@pytest.mark.parametrize("fmt", FORMATS)
def test_realize_reads_every_format(files, models, cli, fmt):
    code, out, err = cli("realize", str(files / f"c.{fmt}"), "--model", str(models["jsonl"]))
    assert code == 0, err
    assert out == cli("realize", str(files / "c.jsonl"), "--model", str(models["jsonl"]))[1]
    assert len(out.splitlines()) == 6 and "baker" in out.splitlines()[0]


@pytest.mark.parametrize("command", ["stats", "realize"])
def test_trees_where_records_are_wanted_is_one_line(files, cli, command):
    extra = ["--model", "no.model"] if command == "realize" else []
    code, out, err = cli(command, str(files / "trees.mrg"), *extra)
    assert (code, out) == (2, "")
    assert err == f"ptb2fd: {files / 'trees.mrg'}: bracketed trees, not records: run `ptb2fd convert " \
                  f"{files / 'trees.mrg'} -o FILE.jsonl` first\n"


@pytest.mark.parametrize("argv", [["check-heads"], ["check-functions"], ["strip"], ["train-functions", "-o", "f.m"],
                                  ["diff", "BEFORE", "AFTER"]])
@pytest.mark.parametrize("fmt", ["jsonl.gz", "conllup", "parquet"])
def test_records_where_trees_are_wanted_is_one_line(files, tmp_path, cli, argv, fmt):
    path = files / f"c.{fmt}"
    if argv[0] == "diff":  # two rule folders and an input of records
        from ptb2fd.rulelang.folder import default_rules_dir

        argv = ["diff", str(default_rules_dir()), str(default_rules_dir())]
    argv = [str(tmp_path / a) if a == "f.m" else a for a in argv]
    code, out, err = cli(*argv, str(path))
    assert (code, out) == (2, "")
    what = {"jsonl.gz": "JSONL", "conllup": "CoNLL-U Plus", "parquet": "Parquet"}[fmt]
    assert err == f"ptb2fd: {path}: {what} records, not trees: `ptb2fd regen`, `stats` and `train` read records " \
                  f"(`ptb2fd convert {path} -o OTHER` writes them in another format)\n"


@pytest.mark.parametrize("command", ["analyse", "diff"])
def test_records_where_a_report_is_wanted_is_one_line(files, tmp_path, cli, command):
    argv = [str(files / "c.parquet")] + (["-o", str(tmp_path / "an")] if command == "analyse"
                                         else [str(files / "c.jsonl")])
    code, _, err = cli(command, *argv)
    assert code == 2
    assert err == f"ptb2fd: {files / 'c.parquet'}: Parquet records, not a regen --report folder: run `ptb2fd " \
                  f"regen {files / 'c.parquet'} --report DIR` first, then give DIR\n"


@pytest.mark.parametrize("src, dst", [("jsonl", "conllup"), ("conllup", "parquet"), ("parquet", "jsonl.gz"),
                                      ("jsonl.gz", "jsonl")])
def test_convert_re_exports_records_as_they_are(files, tmp_path, cli, src, dst):
    code, _, err = cli("convert", str(files / f"c.{src}"), "-o", str(tmp_path / f"r.{dst}"))
    assert code == 0, err
    assert err == f"ptb2fd: read 6, written 6, failed 0 (records re-exported as {dst.split('.')[0]})\n"
    got, want = (tmp_path / f"r.{dst}").read_bytes(), (files / f"c.{dst}").read_bytes()
    if dst.endswith(".gz"):  # (deflate's blocks depend on how the writes came: compare what they hold)
        got, want = gzip.decompress(got), gzip.decompress(want)
    assert got == want


def test_empty_inputs_exit_1_and_leave_no_output(tmp_path, cli):
    empty_trees, empty_jsonl = tmp_path / "empty.mrg", tmp_path / "empty.jsonl"
    empty_trees.write_text("\n\n")
    empty_jsonl.write_text("")
    out = tmp_path / "out.jsonl"
    assert cli("convert", str(empty_trees), "-o", str(out)) == (1, "", f"ptb2fd: no trees in {empty_trees}\n")
    assert cli("convert", str(empty_jsonl), "-o", str(out)) == (1, "", f"ptb2fd: no trees in {empty_jsonl}\n")
    assert cli("stats", str(empty_jsonl)) == (1, "", f"ptb2fd: no records in {empty_jsonl}\n")
    assert cli("regen", str(empty_trees)) == (1, "", f"ptb2fd: no trees in {empty_trees}\n")
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["empty.jsonl", "empty.mrg"]


def test_empty_standard_input_exits_1_and_leaves_no_output(tmp_path):
    out = tmp_path / "out.parquet"
    proc = subprocess.run([sys.executable, "-m", "ptb2fd", "convert", "-", "-o", str(out)], input="",
                          capture_output=True, text=True, timeout=300)
    assert (proc.returncode, proc.stderr) == (1, "ptb2fd: no trees in standard input\n")
    assert list(tmp_path.iterdir()) == []


def test_creation_time_is_now_unless_source_date_epoch_says(files, tmp_path, cli, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    before = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    assert cli("convert", str(files / "trees.mrg"), "-o", str(tmp_path / "now.jsonl"), "--quiet")[0] == 0
    made = {json.loads(line)["provenance"]["created"] for line in (tmp_path / "now.jsonl").open()}
    assert len(made) == 1 and before <= made.pop() <= time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert cli("convert", str(files / "trees.mrg"), "-o", str(tmp_path / "then.jsonl"), "--quiet")[0] == 0
    assert json.loads((tmp_path / "then.jsonl").open().readline())["provenance"]["created"] == "1970-01-01T00:00:00Z"


@pytest.mark.parametrize("fmt", ["conllup", "parquet", "jsonl"])
def test_a_folder_of_shards_reads_like_the_one_file(files, tmp_path, cli, fmt):
    """CoNLL-U Plus shards after the first have no header (joined, they are the one file): read with the first's."""
    shards = tmp_path / "shards"
    (tmp_path / "more.mrg").write_text(TREES)
    code, _, err = cli("convert", str(files / "trees.mrg"), str(tmp_path / "more.mrg"), "--format", fmt,
                       "-o", f"{shards}/", "--jobs", "2", "--partition-size", "1", "--quiet")
    assert code == 0, err
    assert len(list(shards.glob("part-*"))) >= 2
    code, out, err = cli("stats", str(shards), "--json")
    assert code == 0, err
    assert json.loads(out)["sentences"] == 12


def test_the_papers_notation_given_as_trees_is_one_line(files, tmp_path, cli):
    notation = tmp_path / "notes.halogen"
    assert cli("convert", str(files / "trees.mrg"), "-o", str(notation), "--quiet")[0] == 0
    code, out, err = cli("convert", str(notation), "-o", str(tmp_path / "again.jsonl"))
    assert (code, out) == (2, "")
    assert err == f"ptb2fd: {notation}: not trees; this looks like the paper's notation of --format halogen " \
                  "(written for reading, not read back)\n"
    assert not (tmp_path / "again.jsonl").exists()
