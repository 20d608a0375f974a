"""What a new user types wrong, and the help they read: `stats` on a file
with bad lines or on something that is not JSONL, arguments checked before
any expensive start, `--version` after any subcommand, each command's own
exit statuses, the `diff` table, `python -m ptb2fd.realizer.evaluate`
without arguments."""
from __future__ import annotations

import gzip
import json

import pytest

from ptb2fd import __version__
from ptb2fd.cli import main

TREES = """\
(S (NP-SBJ (DT The) (NN company)) (VP (VBD sold) (NP (DT the) (NN unit))) (. .))
(S (NP-SBJ (PRP They)) (VP (VBD were) (ADJP-PRD (JJ happy))) (. .))
(S (NP-SBJ (PRP He)) (VP (VBZ does) (RB n't) (VP (VB know))) (. .))
"""


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    root = tmp_path_factory.mktemp("converted")
    (root / "trees.mrg").write_text(TREES)
    for fmt in ("jsonl", "conllup", "halogen"):
        assert main(["convert", str(root / "trees.mrg"), "--format", fmt, "-o", str(root / f"trees.{fmt}"),
                     "--quiet"]) == 0
    return root


# stats --------------------------------------------------------------------------------------------------------

def test_stats_reports_each_bad_line_and_counts_the_rest(converted, tmp_path, cli):
    good = (converted / "trees.jsonl").read_text().splitlines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join([good[0], '{"id": "x:2", "tokens": [', good[1], "", "not json", good[2]]) + "\n")
    code, out, err = cli("stats", str(damaged), "--json")
    assert code == 1
    assert json.loads(out)["sentences"] == 3  # the statistics of the three good lines
    assert json.loads(out)["words"] == 6 + 4 + 5  # "The company sold the unit .", ...
    lines = err.splitlines()
    assert lines[0].startswith(f"ptb2fd: {damaged}:2 (?): parse error: bad JSON line: ")
    assert lines[1].startswith(f"ptb2fd: {damaged}:5 (?): parse error: bad JSON line: ")
    assert lines[2] == "ptb2fd: 2 bad line(s) left out; the statistics count the other 3 sentence(s)"
    assert len(lines) == 3


@pytest.mark.parametrize("name, looks_like", [
    ("trees.mrg", "bracketed trees, not records: run `ptb2fd convert {path} -o FILE.jsonl` first"),
    ("trees.halogen", "not converted records (JSONL, CoNLL-U Plus or Parquet, as `ptb2fd convert` writes); this "
                      "looks like the paper's notation of --format halogen (written for reading, not read back)"),
])
def test_stats_says_what_a_file_that_is_not_records_looks_like(converted, cli, name, looks_like):
    code, out, err = cli("stats", str(converted / name))
    assert (code, out) == (2, "")
    assert err == f"ptb2fd: {converted / name}: {looks_like.format(path=converted / name)}\n"


def test_stats_reads_conllup(converted, cli):
    code, out, err = cli("stats", str(converted / "trees.conllup"), "--json")
    assert code == 0 and json.loads(out)["words"] == 6 + 4 + 5


def test_stats_on_binary_data(tmp_path, cli):
    path = tmp_path / "model.gz"
    path.write_bytes(b"\x00\x01\x02 binary \xff\xfe\xfd" * 10)
    code, _, err = cli("stats", str(path))
    assert (code, err) == (2, f"ptb2fd: {path}: not converted records (JSONL, CoNLL-U Plus or Parquet, as `ptb2fd "
                              f"convert` writes); this looks like binary data, not text\n")


def test_regen_on_trees_named_jsonl_reads_them_as_trees(converted, tmp_path, cli):
    """The content decides, not the name: gzip-compressed trees named .jsonl.gz are trees."""
    named = tmp_path / "trees.jsonl.gz"
    named.write_bytes(gzip.compress(TREES.encode()))
    code, out, err = cli("regen", str(named), "--json")
    assert code == 0, err
    assert json.loads(out)["sentences"] == 3


# arguments before any expensive start --------------------------------------------------------------------------

def test_a_bad_partition_size_is_refused_before_a_cluster_starts(converted, cli, monkeypatch):
    def no_cluster(args):
        raise AssertionError("a Dask cluster was started")

    monkeypatch.setattr("ptb2fd.runner.dask_engine._client", no_cluster)
    code, _, err = cli("convert", str(converted / "trees.mrg"), "--engine", "dask", "--partition-size", "lots")
    assert (code, err) == (2, "ptb2fd: --partition-size lots: give a number of bytes, e.g. 4M or 512k\n")


def test_a_dask_output_that_cannot_be_written_is_refused_before_a_cluster_starts(converted, tmp_path, cli,
                                                                                 monkeypatch):
    monkeypatch.setattr("ptb2fd.runner.dask_engine._client", lambda args: pytest.fail("a cluster was started"))
    (tmp_path / "f").write_text("")
    code, _, err = cli("convert", str(converted / "trees.mrg"), "--engine", "dask", "-o",
                       str(tmp_path / "f" / "out.jsonl"))
    assert (code, err) == (2, f"ptb2fd: -o {tmp_path / 'f' / 'out.jsonl'}: {tmp_path / 'f'} is a file, not a folder\n")


# --version, help -------------------------------------------------------------------------------------------------

SUBCOMMANDS = [["convert"], ["regen"], ["diff"], ["analyse"], ["train"], ["stats"], ["check-heads"], ["rules"],
               ["rules", "check"]]


@pytest.mark.parametrize("argv", SUBCOMMANDS, ids=" ".join)
def test_version_after_any_subcommand(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv + ["--version"])
    assert stop.value.code == 0
    out, err = capsys.readouterr()
    assert (out.strip(), err) == (f"ptb2fd {__version__}", "")


def help_text(capsys, argv) -> str:
    with pytest.raises(SystemExit):
        main(argv + ["--help"])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("argv, own, writes", [
    (["convert"], "0 every sentence converted (or was skipped: markup only)", True),
    (["regen"], "0 every sentence was regenerated and scored", True),
    (["train"], "0 the model was written", True),
    (["analyse"], "0 the analysis was written", True),
    (["check-heads"], "0 every sentence was converted and compared", False),
    (["stats"], "0 statistics printed", False),
    (["diff"], "0 the comparison was printed", False),
    (["rules", "check"], "0 the rules are valid", False),
], ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_each_help_lists_its_own_exit_statuses(capsys, argv, own, writes):
    text = help_text(capsys, argv)
    assert f"exit status: {own}" in text
    assert "130 interrupted (Ctrl-C; 143: SIGTERM); no output file written or changed" in text
    if argv != ["convert"]:
        assert "every sentence converted (or was skipped" not in text  # convert's, not this command's
    assert ("outputs: folders missing on an output path are created." in text) == writes


def test_rules_check_options_have_help(capsys):
    text = help_text(capsys, ["rules", "check"])
    assert "--corpus {treebank} count firings on the NLTK Penn Treebank sample too" in text
    assert "--files GLOB only the tree files whose name matches" in text
    assert "TREES tree files or folders to count firings on" in text


# diff ----------------------------------------------------------------------------------------------------------

def test_the_diff_table_lines_up(converted, tmp_path, cli):
    for view in ("paper", "full"):
        assert main(["regen", str(converted / "trees.jsonl"), "--view", view, "--report", str(tmp_path / view)]) == 0
    code, out, _ = cli("diff", str(tmp_path / "paper"), str(tmp_path / "full"))
    assert code == 0
    table = out.split("\n\n")[0].splitlines()
    assert [row.split()[0] for row in table] == ["metric", "sentences", "exact", "ssa_id", "ssa", "gsa", "sta",
                                                 "gta", "bleu", "dea", "understandability", "quality"]
    header = table[0]
    for column in ("before", "after", "change"):
        start = header.index(column)
        assert all(row[start - 2:start] == "  " and row[start] != " " for row in table), column


def test_diff_of_a_damaged_report_is_one_line(converted, tmp_path, cli):
    assert main(["regen", str(converted / "trees.jsonl"), "--report", str(tmp_path / "a")]) == 0
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "metrics.json").write_text("{}")
    (tmp_path / "b" / "sentences.jsonl").write_text('{"id": "x"}\n{oops\n')
    code, _, err = cli("diff", str(tmp_path / "a"), str(tmp_path / "b"))
    assert code == 2
    assert err.startswith(f"ptb2fd: {tmp_path / 'b' / 'sentences.jsonl'}:2: not a regen --report file "
                          "(JSONDecodeError: ")
    assert len(err.splitlines()) == 1


# python -m ptb2fd.realizer.evaluate ----------------------------------------------------------------------------

def test_evaluate_without_arguments_is_a_usage_line(capsys):
    from ptb2fd.realizer.evaluate import main as evaluate

    with pytest.raises(SystemExit) as stop:
        evaluate([])
    assert stop.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "usage: python -m ptb2fd.realizer.evaluate [-h] MODEL VIEW FILE.jsonl [SCORING]"
    assert err[1].endswith("error: the following arguments are required: MODEL, VIEW, FILE.jsonl")


def test_evaluate_with_a_missing_model_is_one_line(converted, tmp_path, capsys):
    from ptb2fd.realizer.evaluate import main as evaluate

    assert evaluate([str(tmp_path / "none.model"), "paper", str(converted / "trees.jsonl")]) == 2
    assert capsys.readouterr().err == \
        f"python -m ptb2fd.realizer.evaluate: {tmp_path / 'none.model'}: no such model file\n"
