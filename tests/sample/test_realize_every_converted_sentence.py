"""Every sentence `ptb2fd convert` writes can be realized from its records:
the sample's and the shared GUM's, each as a user would give them to
`ptb2fd realize` (without `ap` and `rp`, shuffled, ids renumbered), is
read in every view and realized by a paper model trained on wsj_0001-0009,
every word placed once. Nested coordinations and shared dependents are
where the record checks used to refuse the converter's own output."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ptb2fd.formats.jsonl import dump_sentence
from ptb2fd.realizer import RecordError, load_realizer
from ptb2fd.realizer.model import save_model
from ptb2fd.realizer.records import records_view
from ptb2fd.realizer.trainer import train_model
from ptb2fd.regen.view import VIEWS

pytestmark = [pytest.mark.sample, pytest.mark.slow]

GUM_CONST = Path(__file__).resolve().parents[2].parent / "shared" / "treebanks" / "gum" / "const"


def user_records(sentence, rng: random.Random) -> list[dict]:
    """The converted records of `sentence` as a user's input: no ap/rp, shuffled, new distinct ids."""
    tokens = json.loads(dump_sentence(sentence))["tokens"]
    new = dict(zip((t["id"] for t in tokens), rng.sample(range(3, 10 * len(tokens) + 3), len(tokens))))
    out = []
    for t in tokens:
        r = {k: v for k, v in t.items() if k not in ("ap", "rp")}
        r["id"] = new[t["id"]]
        r["head"] = new[t["head"]] if t["head"] else 0
        for name in ("conj_anchor", "conj_sibling"):
            if r.get(name) is not None:
                r[name] = new[r[name]]
        out.append(r)
    rng.shuffle(out)
    return out


def refusals(sentences, realizer, rules) -> list[str]:
    """One line for each sentence some view refuses or the realizer does not
    realize whole; every view reads the records, the paper model realizes them."""
    rng = random.Random(31)
    refused = []
    for s in sentences:
        records = user_records(s, rng)
        try:
            for view in VIEWS:
                records_view(records, view, rules)
            words, ids = realizer.realize_ordered(records)
            assert sorted(ids) == sorted(r["id"] for r in records) and len(words) == len(records)
        except RecordError as exc:
            refused.append(f"{s.id}: {exc}")
    return refused


@pytest.fixture(scope="module")
def paper_realizer(tmp_path_factory, sample_sentences, rules):
    path = tmp_path_factory.mktemp("model") / "paper.model"
    train = [s for s in sample_sentences if s.id.startswith("wsj_000")]
    save_model(train_model(train, "paper", rules, (1.0,)), str(path))
    return load_realizer(str(path), "paper", rules=rules)


def test_every_sentence_of_the_sample_is_realized(sample_sentences, paper_realizer, rules):
    assert len(sample_sentences) == 3914
    assert refusals(sample_sentences, paper_realizer, rules) == []


@pytest.mark.skipif(not GUM_CONST.is_dir(), reason=f"no shared GUM trees at {GUM_CONST}")
def test_every_sentence_of_gum_is_realized(converter, paper_realizer, rules):
    from ptb2fd.trees.reader import read_trees

    files = [str(p) for p in sorted(GUM_CONST.glob("*.ptb"))]
    sentences = [r.sentence for r in map(converter.convert, read_trees(files)) if r.sentence is not None]
    assert len(sentences) > 4000
    assert refusals(sentences, paper_realizer, rules) == []
