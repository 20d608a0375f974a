"""Parser output on the whole sample: gold input is untouched by `auto`,
and the shipped function-tag model is rebuilt byte for byte from dev."""
from __future__ import annotations

from dataclasses import replace

import pytest

from ptb2fd.conversion.converter import Converter
from ptb2fd.formats import conllup, halogen, jsonl
from ptb2fd.trees.annotation import PENN

pytestmark = pytest.mark.sample


def test_auto_converts_the_gold_sample_exactly_as_gold(rules, sample_raws, sample_results):
    """The default converter (`auto`) against `--functions gold`, in every
    output format: not one byte differs and no sentence is marked, even in
    the gold trees without any empty element whose passive the annotators
    left without a trace ("The claim is not backed by the record"): their
    files have empty elements in their first trees, so they are Penn
    annotation. wsj_0001 and wsj_0104 (two trees each, none with an empty
    element) are judged tree by tree, and need nothing either."""
    gold = Converter(rules, functions="gold")
    differ, marked = [], []
    annotations = {}
    for raw, auto in zip(sample_raws, sample_results):
        annotations.setdefault(raw.source, raw.annotation)
        g = gold.convert(raw)
        assert (auto.sentence is None) == (g.sentence is None)
        if g.sentence is None:
            continue
        if auto.sentence.functions is not None:
            marked.append(raw.sent_id)
        # (their provenance differs, as it must: it names the --functions mode)
        assert (auto.sentence.provenance["functions"], g.sentence.provenance["functions"]) == ("auto", "gold")
        a, b = replace(auto.sentence, provenance=None), replace(g.sentence, provenance=None)
        for dump in (jsonl.dump_sentence, conllup.dump_sentence, halogen.dump_sentence):
            if dump(a) != dump(b):
                differ.append(raw.sent_id)
                break
    assert marked == [] and differ == []
    assert len(annotations) == 199
    assert {source for source, found in annotations.items() if found != PENN} == {"wsj_0001.mrg", "wsj_0104.mrg"}


def test_stripped_dev_trees_all_convert_with_predicted_tags(rules, sample_raws):
    """On trees the shipped model was trained on (dev): a smoke test of the
    whole path, not the figure (docs/figures.md#parser-output has that)."""
    from ptb2fd.analysis.agreement import check_functions

    dev = [raw for raw in sample_raws if raw.source.startswith("wsj_00")][:300]
    result = check_functions(Converter(rules, functions="gold"), Converter(rules), dev)
    assert result.failed == 0 and result.unaligned == 0 and result.sentences == 300
    assert result.share("role") > 0.95 and result.share("head") > 0.99
    assert result.logical_changed > 0 and result.logical_recovered / result.logical_changed > 0.85


@pytest.mark.slow
def test_make_functions_model_rebuilds_the_shipped_model(tmp_path):
    from ptb2fd.cli import main
    from ptb2fd.functions.model import default_model_path

    out = tmp_path / "wsj-dev.ftm"
    assert main(["train-functions", "--corpus", "treebank", "--files", "wsj_00*", "-o", str(out)]) == 0
    assert out.read_bytes() == default_model_path().read_bytes()
