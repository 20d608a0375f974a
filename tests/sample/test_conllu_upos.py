"""The whole sample as CoNLL-U Plus, read by the `conllu` package as any UD
tool would: every UPOS is one of the 17 Universal POS tags, XPOS is the
Treebank's tag, ptb2fd's own categories are in their columns, and the file
reads back into exactly the sentences that were written."""
from __future__ import annotations

from collections import Counter

import conllu
import pytest

from ptb2fd.formats import conllup
from ptb2fd.formats.conllup_read import read_conllup

pytestmark = pytest.mark.sample
UD_V2_TAGS = {"ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART", "PRON", "PROPN", "PUNCT",
              "SCONJ", "SYM", "VERB", "X"}  # https://universaldependencies.org/u/pos/


@pytest.fixture(scope="module")
def text(sample_sentences) -> str:
    return conllup.header() + "".join(conllup.dump_sentence(s) for s in sample_sentences)


def test_every_upos_of_the_sample_is_a_ud_tag(text, sample_sentences):
    columns = [c.lower() for c in text.split("\n", 1)[0].split("=", 1)[1].split()]
    parsed = conllu.parse(text, fields=columns)
    assert len(parsed) == len(sample_sentences) == 3914
    upos = Counter(row["upos"] for tokenlist in parsed for row in tokenlist)
    assert sum(upos.values()) == 94084
    assert set(upos) <= UD_V2_TAGS, set(upos) - UD_V2_TAGS
    assert len(upos) >= 16  # every tag but (perhaps) one is used on 94,084 WSJ words
    for tokenlist, sentence in zip(parsed, sample_sentences):
        assert [row["xpos"] for row in tokenlist] == [t.cat for t in sentence.tokens]
        assert [row["ptb2fd:cat0"] for row in tokenlist] == [t.cat0 for t in sentence.tokens]


def test_the_sample_reads_back_identically(text, sample_sentences):
    assert list(read_conllup(text, "sample.conllup")) == sample_sentences
