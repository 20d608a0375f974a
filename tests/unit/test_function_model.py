"""The function-tag model: training from gold trees, the file, prediction."""
from __future__ import annotations

import zipfile

import pytest

from ptb2fd.cli import main
from ptb2fd.functions.heads import HeadTable, load_head_table
from ptb2fd.functions.model import FunctionModelError, load_model, model_bytes
from ptb2fd.functions.training import Examples, class_of, fit, fold_classes, load_word_classes
from ptb2fd.trees.ptbtree import parse_tree

# Invented gold trees: subjects, temporal NPs and PPs, locative PPs, predicates.
TREES = [
    "(S (NP-SBJ (PRP He)) (VP (VBD left) (NP-TMP (NNP Tuesday))) (. .))",
    "(S (NP-SBJ (PRP She)) (VP (VBD arrived) (PP-TMP (IN on) (NP (NNP Monday)))) (. .))",
    "(S (NP-SBJ (DT The) (NN firm)) (VP (VBZ is) (ADJP-PRD (JJ profitable))) (. .))",
    "(S (NP-SBJ (PRP They)) (VP (VBP work) (PP-LOC (IN in) (NP (NNP Boston)))) (. .))",
    "(S (NP-SBJ (NNS Prices)) (VP (VBD rose) (NP-TMP (JJ last) (NN week))) (. .))",
    "(S (NP-SBJ (DT The) (NN bank)) (VP (VBD opened) (PP-LOC (IN in) (NP (NNP Chicago)))) (. .))",
    "(S (NP-SBJ (PRP It)) (VP (VBD was) (ADJP-PRD (JJ cheap))) (. .))",
    "(S (NP-SBJ (PRP We)) (VP (VBD met) (NP-TMP (NNP Friday))) (. .))",
]


def examples() -> Examples:
    ex = Examples(load_head_table(), load_word_classes())
    for text in TREES:
        ex.add(parse_tree(text), text)
    return ex


def test_class_names_and_folding_of_rare_tag_sets():
    assert class_of(["PRD", "LOC"]) == "LOC-PRD" == class_of(["LOC", "PRD", "LOC"])
    fold = fold_classes({"": 50, "LOC": 9, "PRD": 4, "LOC-PRD": 1, "TPC-UNF": 1}, min_class=3)
    assert fold == {"": "", "LOC": "LOC", "PRD": "PRD", "LOC-PRD": "LOC", "TPC-UNF": ""}


def test_head_table_heads_a_pp_by_its_complement_and_remembers_patterns():
    table = HeadTable(load_head_table())
    pp = parse_tree("(PP (IN in) (NP (CD 1989)))")
    assert table.head_child(pp) == 1
    assert table.head_child(parse_tree("(NP (DT the) (NN firm) (POS 's))")) == 1
    assert len(table._memo) == 2


def test_training_is_deterministic_and_the_model_predicts_what_it_learned(tmp_path):
    first, second = tmp_path / "a.ftm", tmp_path / "b.ftm"
    first.write_bytes(model_bytes(fit(examples(), "tiny", variance=4.0, min_count=1, min_class=1)))
    second.write_bytes(model_bytes(fit(examples(), "tiny", variance=4.0, min_count=1, min_class=1)))
    assert first.read_bytes() == second.read_bytes()
    model = load_model(first)
    assert model.name == "tiny" and set(model.classes) == {"", "LOC", "PRD", "SBJ", "TMP"}
    tagger = model.tagger()
    tree = parse_tree("(S (NP (PRP They)) (VP (VBD met) (NP (NNP Tuesday))) (. .))")
    tags = {" ".join(w.word for w in node.words()): t for node, _ in tagger.extract.of(tree)
            for t in [tagger.predict(tree).get(id(node), ())]}
    # the VP is not looked at: no VP of the training trees carried a tag (the gate)
    assert tags == {"They": ("SBJ",), "Tuesday": ("TMP",)}
    assert ("VP", "S") not in model.gate and ("NP", "VP") in model.gate


def test_a_damaged_or_foreign_file_is_an_error_naming_it(tmp_path):
    bad = tmp_path / "bad.ftm"
    bad.write_bytes(b"not a zip")
    with pytest.raises(FunctionModelError, match="bad.ftm: not a readable function-tag model"):
        load_model(bad)
    other = tmp_path / "other.ftm"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("meta.json", '{"format": "something-else", "version": 1}')
    with pytest.raises(FunctionModelError, match="not a ptb2fd function-tag model"):
        load_model(other)


def test_train_functions_command_writes_a_model_that_convert_uses(tmp_path, capsys):
    gold = tmp_path / "gold.mrg"
    gold.write_text("\n".join(TREES) + "\n(S (NP x\n", encoding="utf-8")
    model = tmp_path / "m.ftm"
    assert main(["train-functions", str(gold), "-o", str(model), "--variance", "4"]) == 1  # one tree unreadable
    err = capsys.readouterr().err
    assert "gold.mrg:9" in err and "model m@" in err
    parsed = tmp_path / "parsed.mrg"
    parsed.write_text("(S (NP (PRP They)) (VP (VBD met) (NP (NNP Tuesday))) (. .))\n", encoding="utf-8")
    assert main(["convert", str(parsed), "--function-model", str(model), "--format", "conllup"]) == 0
    out = capsys.readouterr().out
    assert f"# functions = inferred by {load_model(model).name}" in out
    assert main(["train-functions", str(gold), "-o", str(model), "--variance", "0"]) == 2


def test_feature_set_2_reads_wordnet_classes_length_place_and_siblings():
    from ptb2fd.functions.features import TreeFeatures
    from ptb2fd.functions.heads import HeadTable, load_head_table
    from ptb2fd.functions.lexnames import lexname
    from ptb2fd.trees.ptbtree import parse_tree

    assert (lexname("quarters", "n"), lexname("city", "n"), lexname("rose", "v")) == \
        ("noun.artifact", "noun.location", "verb.motion")  # "quarters" is a lemma of its own
    assert lexname("xqzv", "n") == ""
    tree = parse_tree("(S (NP (NNS Prices)) (VP (VBD rose) (PP (IN in) (NP (DT the) (NN quarter)))) (. .))")
    rich = TreeFeatures(HeadTable(load_head_table()).head_child, {}, rich=True)
    plain = TreeFeatures(HeadTable(load_head_table()).head_child, {})
    pp = next(feats for node, feats in rich.of(tree) if node.label.cat == "PP")
    assert ("clex", "PP", "noun.quantity") in pp and ("cpvlex", "PP", "VP", "verb.motion", "in") in pp
    assert ("clen", "PP", "3") in pp and ("cpseq", "PP", "VP", "VBD+[PP]") in pp
    assert not any(f[0] == "clex" for _, feats in plain.of(tree) for f in feats)


def test_a_model_of_feature_set_2_names_it_is_deterministic_and_predicts(tmp_path):
    def rich_examples() -> Examples:
        ex = Examples(load_head_table(), load_word_classes(), feature_set=2)
        for text in TREES:
            ex.add(parse_tree(text), text)
        return ex

    first, second = tmp_path / "a.ftm", tmp_path / "b.ftm"
    fitted = fit(rich_examples(), "rich", variance=4.0, min_count=1, min_class=1)
    first.write_bytes(model_bytes(fitted))
    second.write_bytes(model_bytes(fit(rich_examples(), "rich", variance=4.0, min_count=1, min_class=1)))
    assert first.read_bytes() == second.read_bytes()
    model = load_model(first)
    # every feature comes back from the file as it was learned (a part with a
    # space in it would be cut in two, and never match again)
    assert model.features == fitted.features and any(f[0] == "cpseq" for f in model.features)
    assert model.feature_set == 2 and model.meta()["feature_set"] == 2
    assert any(f[0] == "clex" for f in model.features)
    tree = parse_tree("(S (NP (PRP They)) (VP (VBD met) (NP (NNP Tuesday))) (. .))")
    tagger = model.tagger()
    assert sorted(tagger.predict(tree).values()) == [("SBJ",), ("TMP",)]
    # set 1 writes no feature_set: its files are those written before the sets were numbered
    plain = fit(examples(), "tiny", variance=4.0, min_count=1, min_class=1)
    assert plain.feature_set == 1 and "feature_set" not in plain.meta()
