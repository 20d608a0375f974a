"""`make bench`'s training rows: each trains a model on copies of dev files
and scores it on other files, time, memory and BLEU side by side (a few
files here; the bench uses the dev half and the test half)."""
from __future__ import annotations

import pytest

from ptb2fd.bench.training import measure_training, report_training

pytestmark = [pytest.mark.sample, pytest.mark.slow]


def test_training_rows_show_the_models_bleu():
    m = measure_training(copies=(1, 3), view="paper", jobs=1, dev_files="wsj_000*", test_files="wsj_001*")
    rows = m["train_rows"]
    assert rows[1]["sentences"] == 69 and rows[3]["sentences"] == 207
    assert 0.8 < rows[1]["test_bleu"] <= 1.0
    # copies kept in one fold: three copies are worth what one is
    assert abs(rows[3]["test_bleu"] - rows[1]["test_bleu"]) <= 0.01
    lines = report_training(m)
    assert lines[1].startswith(f"  x1      69 sentences: test BLEU {rows[1]['test_bleu']:.4f}; ")
