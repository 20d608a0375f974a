"""The trainer's folds (`folds.FoldPlan`, `passes.spool`): a sentence's
copies never split across folds, a document's neighbouring sentences kept
together, groups dealt out evenly; too few sentences refused in one line
before any work; the share of repeated sentences reported and warned about."""
from __future__ import annotations

import pytest

from ptb2fd.errors import UsageError
from ptb2fd.realizer.extract import Context, _fold_lm, set_context
from ptb2fd.realizer.folds import BLOCK, FoldPlan, document_of, sentence_key
from ptb2fd.realizer.passes import spool
from ptb2fd.realizer.training import FOLDS


def _plan(items) -> tuple[FoldPlan, list[int]]:
    plan = FoldPlan(FOLDS)
    for sid, text in items:
        plan.add(sid, text.split())
    return plan, plan.assign()


def test_document_and_key():
    assert document_of("wsj_0001.mrg:12") == "wsj_0001.mrg"
    assert document_of("copies/a:b.mrg:3") == "copies/a:b.mrg"
    assert document_of("s7") is None and document_of("line 4") is None
    assert sentence_key("Yes .".split()) == sentence_key("yes .".split()) != sentence_key("Yes !".split())


def test_copies_of_a_sentence_share_a_fold_whatever_their_documents():
    words = [f"sentence number {i} ." for i in range(60)]
    items = [(f"{copy}/doc{i // 20}.mrg:{i % 20 + 1}", w) for copy in ("a", "b", "c") for i, w in enumerate(words)]
    plan, folds = _plan(items)
    assert plan.repeated == 120 and plan.repeated_share() == pytest.approx(2 / 3)
    for i in range(60):
        assert folds[i] == folds[60 + i] == folds[120 + i]
    assert sorted(folds.count(k) for k in range(FOLDS)) == [60, 60, 60]


def test_a_documents_neighbouring_sentences_share_a_fold():
    # 12 documents of 25 sentences: blocks of at most 300 // 30 = 10 consecutive sentences
    items = [(f"d{d}.mrg:{i + 1}", f"doc {d} line {i} .") for d in range(12) for i in range(25)]
    plan, folds = _plan(items)
    assert plan.block_size() == 10 and plan.documents == 12 and plan.repeated == 0
    for d in range(12):
        doc = folds[25 * d:25 * d + 25]
        assert len(set(doc[:10])) == len(set(doc[10:20])) == len(set(doc[20:])) == 1
    assert sorted(folds.count(k) for k in range(FOLDS)) == [100, 100, 100]


def test_blocks_never_exceed_the_cap_and_sentences_without_documents_are_spread():
    plan, _ = _plan([(f"big.mrg:{i + 1}", f"w{i} .") for i in range(10 * BLOCK * FOLDS)])
    assert plan.block_size() == BLOCK
    plan, folds = _plan([(f"s{i}", f"w{i} .") for i in range(7)])
    assert plan.documents == 0 and sorted(folds.count(k) for k in range(FOLDS)) == [2, 2, 3]


@pytest.mark.parametrize("items", [
    [("a.mrg:1", "Yes ."), ("b.mrg:1", "yes ."), ("c.mrg:1", "Yes .")],  # three copies of one sentence
    [("s1", "One ."), ("s2", "Two .")],
])
def test_too_few_sentences_for_the_folds_is_a_usage_error(items):
    with pytest.raises(UsageError, match=rf"^too few sentences to train on: {len(items)} sentence\(s\), "):
        _plan(items)


def test_the_spool_deals_copies_into_one_fold(tmp_path, converter, rules):
    trees = ["(S (NP-SBJ (PRP He)) (VP (VBD left)) (. .))", "(S (NP-SBJ (PRP She)) (VP (VBD stayed)) (. .))",
             "(S (NP-SBJ (NNS Dogs)) (VP (VBD barked)) (. .))", "(S (NP-SBJ (NNS Cats)) (VP (VBD slept)) (. .))"]
    sentences = [converter.convert_text(t) for t in trees * 3]
    sp = spool(iter(sentences), tmp_path)
    assert (sp.sentences, sp.repeated, sorted(sp.fold_sentences)) == (12, 8, [3, 3, 6])
    # each fold's trigram counts hold whole sentences: every copy of "he left" in one fold
    with_he = [k for k, counts in enumerate(sp.fold_counts) if counts.get(("<s>", "<s>", "he"))]
    assert len(with_he) == 1 and sp.fold_counts[with_he[0]][("<s>", "<s>", "he")] == 3
    # the language model that scores that fold's candidates was trained without it
    set_context(Context("shallow", rules, sp.fold_counts))
    try:
        assert ("<s>", "<s>", "he") not in _fold_lm(with_he[0]).trigrams
        assert _fold_lm((with_he[0] + 1) % FOLDS).trigrams[("<s>", "<s>", "he")] == 3
    finally:
        set_context(None)


def test_train_refuses_too_few_sentences_in_one_line(tmp_path, capsys):
    from ptb2fd.cli import main

    trees = tmp_path / "two.mrg"
    trees.write_text("(S (NP-SBJ (PRP He)) (VP (VBD left)) (. .))\n" * 2
                     + "(S (NP-SBJ (PRP I)) (VP (VBD ran)) (. .))\n")
    assert main(["train", str(trees), "--view", "shallow", "-o", str(tmp_path / "m.model")]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith("ptb2fd: too few sentences to train on: 3 sentence(s), 2 group(s)")
    assert "nan" not in err and "Traceback" not in err and not (tmp_path / "m.model").exists()


def test_train_reports_and_warns_about_repeated_sentences(tmp_path, capsys):
    from ptb2fd.cli import main

    lines = ["(S (NP-SBJ (PRP He)) (VP (VBD left)) (. .))", "(S (NP-SBJ (PRP She)) (VP (VBD stayed)) (. .))",
             "(S (NP-SBJ (NNS Dogs)) (VP (VBD barked)) (. .))", "(S (NP-SBJ (NNS Cats)) (VP (VBD slept)) (. .))",
             "(S (NP-SBJ (DT The) (NN sun)) (VP (VBD rose)) (. .))",
             "(S (NP-SBJ (DT The) (NN car)) (VP (VBD stopped)) (. .))"]
    trees = tmp_path / "t.mrg"
    trees.write_text("\n".join(lines + lines[:1]) + "\n")
    model = tmp_path / "m.model"
    assert main(["train", str(trees), "--view", "shallow", "--variances", "1", "-o", str(model)]) == 0
    err = capsys.readouterr().err
    assert "ptb2fd train: 7 sentences, 1 (14.3 %) repeating an earlier one; folds of " in err
    assert "ptb2fd train: warning: 14.3 % of the training sentences repeat an earlier one (more than 5 %)" in err
    from ptb2fd.realizer.model import read_model

    training = read_model(str(model))["training"]
    assert training["repeated_sentences"] == 1 and sum(training["fold_sentences"]) == 7
