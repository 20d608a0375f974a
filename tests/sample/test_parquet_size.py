"""Parquet on the whole sample: at most 1/8 of the JSONL's size,
and the same sentences read back."""
from __future__ import annotations

import pytest

from ptb2fd.formats.jsonl import dump_sentence
from ptb2fd.formats.parquet import ParquetSentenceWriter
from ptb2fd.formats.parquet_read import read_parquet

pytestmark = pytest.mark.sample


def test_parquet_is_at_most_an_eighth_of_jsonl(sample_sentences, tmp_path):
    jsonl, parquet = tmp_path / "s.jsonl", tmp_path / "s.parquet"
    lines = [dump_sentence(s) + "\n" for s in sample_sentences]
    jsonl.write_text("".join(lines), encoding="utf-8")
    with ParquetSentenceWriter(str(parquet)) as writer:
        for s in sample_sentences:
            writer.add(s)
    assert parquet.stat().st_size * 8 <= jsonl.stat().st_size
    assert [dump_sentence(s) + "\n" for _, s in read_parquet(str(parquet))] == lines
