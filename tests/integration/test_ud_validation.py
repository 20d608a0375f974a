"""The UD export passes the official validator (udtools' `udvalidate
--lang en --level 2`) with no error: every fixture file, the NLTK sample
(`sample`), and the shared GUM trees when present (`slow`); `eval-ud`
scores an export against gold UD with the CoNLL 2018 evaluation."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("udtools")

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "fixtures").rglob("*.mrg"))
GUM = ROOT.parent / "shared" / "treebanks" / "gum"  # beside the repository, as CI lays it out


def validate(path: Path, level: int = 2) -> subprocess.CompletedProcess:
    code = "import sys; from udtools.cli import main; sys.argv[0] = 'udvalidate'; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, "--lang", "en", "--level", str(level), str(path)],
                          capture_output=True, text=True, timeout=900)


def export(cli, tmp_path: Path, *inputs: str, extra: tuple[str, ...] = ()) -> Path:
    out = tmp_path / "out.conllu"
    code, _, err = cli("convert", *inputs, "--format", "conllu", "--quiet", "-o", str(out), *extra)
    assert code in (0, 1), err
    return out


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f"{p.parent.name}/{p.name}" for p in FIXTURES])
def test_every_fixture_validates_at_level_2(cli, tmp_path, fixture):
    out = export(cli, tmp_path, str(fixture))
    if not out.read_text().strip():
        pytest.skip("no sentence of this file converts (a file of damaged trees)")
    result = validate(out)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "*** PASSED ***" in result.stderr


@pytest.mark.sample
@pytest.mark.slow
def test_the_sample_validates_at_level_2(cli, tmp_path):
    out = export(cli, tmp_path, "--corpus", "treebank")
    result = validate(out)
    assert result.returncode == 0, result.stderr[-3000:]
    assert out.read_text().count("# sent_id") == 3914


@pytest.mark.slow
@pytest.mark.skipif(not (GUM / "const").is_dir(), reason="the shared GUM trees are not on this machine")
def test_gum_validates_at_level_2(cli, tmp_path):
    out = export(cli, tmp_path, str(GUM / "const"), extra=("--functions", "complete"))
    result = validate(out)
    assert result.returncode == 0, result.stderr[-3000:]


def test_eval_ud_scores_an_export_against_gold(cli, tmp_path):
    fixture = ROOT / "fixtures" / "constructions" / "ud_relations.mrg"
    system = export(cli, tmp_path, str(fixture))
    code, out, err = cli("eval-ud", str(system), str(system), "--relations")
    assert code == 0, err
    assert "| all | 155 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 |" in out
    # a gold file whose "kitchen" is a nominal modifier of "She": one head and one relation wrong
    gold = tmp_path / "gold.conllu"
    text = system.read_text()
    wrong = text.replace("5\tkitchen\tkitchen\tNOUN\tNN\tNumber=Sing\t0\troot", "5\tkitchen\tkitchen\tNOUN\tNN\t"
                         "Number=Sing\t1\tnmod", 1)
    assert wrong != text
    gold.write_text(wrong.replace("1\tShe\tshe\tPRON\tPRP\tCase=Nom|Gender=Fem|Number=Sing|Person=3|PronType=Prs\t5"
                                  "\tnsubj", "1\tShe\tshe\tPRON\tPRP\tCase=Nom|Gender=Fem|Number=Sing|Person=3|"
                                  "PronType=Prs\t0\troot", 1))
    code, out, _ = cli("eval-ud", str(system), str(gold), "--relations")
    assert code == 0
    row = next(line for line in out.splitlines() if line.startswith("| all |"))
    uas = float(row.split("|")[7])
    assert 90 < uas < 100
    assert "| root | 20 | 20 | 95.0 |" in out


def test_eval_ud_refuses_files_of_different_texts(cli, tmp_path):
    a = export(cli, tmp_path, str(ROOT / "fixtures" / "constructions" / "ud_relations.mrg"))
    b = tmp_path / "other.conllu"
    b.write_text(a.read_text().replace("\tgardener\t", "\tbaker\t"))
    code, _, err = cli("eval-ud", str(a), str(b))
    assert code == 2 and "cannot be aligned" in err
    code, _, err = cli("eval-ud", str(a), str(tmp_path / "missing.conllu"))
    assert code == 2 and "no such file" in err
