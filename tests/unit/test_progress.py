"""Progress: the bars of convert (against a total of files or bytes where
one is known) and of train (by pass and shard)."""
from __future__ import annotations

import io

from ptb2fd.runner.progress import EVERY, Progress


def test_trees_from_several_files_count_against_the_files():
    bar = Progress(True, io.StringIO()).files(3)
    for source in ["a.mrg"] * 70 + ["b.mrg"] * 5:
        bar.tree(source)
    shown = str(bar.bar)
    assert bar.bar.total == 3 and bar.bar.n == 1  # a.mrg done, b.mrg under way
    assert "1/3" in shown and "file" in shown and f"{EVERY} trees" in shown
    bar.close()
    assert bar.bar is None


def test_one_input_has_no_known_total_and_counts_trees():
    bar = Progress(True, io.StringIO()).files(1)
    for _ in range(5):
        bar.tree("-")
    assert bar.bar.total is None and bar.bar.n == 5 and "5tree" in str(bar.bar).replace(" ", "")


def test_partitions_count_against_the_input_bytes():
    bar = Progress(True, io.StringIO()).total_bytes(3_000_000)
    bar.part(120, 1_000_000)
    shown = str(bar.bar)
    assert bar.bar.total == 3_000_000 and "33%" in shown and "1.00M/3.00M" in shown and "120 trees" in shown


def test_a_disabled_bar_writes_nothing():
    out = io.StringIO()
    bar = Progress(False, out).files(3)
    bar.tree("a.mrg")
    bar.part(1, 10)
    bar.close()
    assert bar.bar is None and out.getvalue() == ""


def test_train_shows_its_progress_by_pass_and_shard(converter, rules, capsys):
    from ptb2fd.realizer.trainer import train_model

    trees = ["(S (NP-SBJ (PRP He)) (VP (VBD sold) (NP (DT the) (NN unit))) (. .))",
             "(S (NP-SBJ (DT The) (NNS firms)) (VP (VBD bought) (NP (JJ new) (NNS shares))) (. .))",
             "(S (NP-SBJ (PRP She)) (VP (VBD waited) (NP-TMP (DT an) (NN hour))) (. .))"] * 4
    sentences = [converter.convert_text(t) for t in trees]
    capsys.readouterr()
    train_model(sentences, "paper", rules, (10.0,), progress=True)
    err = capsys.readouterr().err
    for name in ("first", "second"):
        assert f"ptb2fd train: {name} pass" in err
    assert "0/3 [" in err and "shard/s" in err  # three shards, one per fold: the total is shown
    train_model(sentences, "paper", rules, (10.0,))
    assert capsys.readouterr().err == ""  # no bar unless asked (train asks on a terminal)
