"""A statistical model is checked against the rule folder in use (--rules),
in `regen` as in `train`, never against the bundled one: a model trained
with a second rule folder is accepted with it and refused without it, and a
model trained with the bundled rules is refused with the second folder."""
from __future__ import annotations

import shutil

import pytest

from ptb2fd.cli import main
from ptb2fd.rulelang.folder import default_rules_dir


@pytest.fixture(scope="module")
def setup(tmp_path_factory, six_trees):
    """Trees, a second rule folder (the bundled one with a comment added,
    so its hash differs) and a model trained with each folder."""
    root = tmp_path_factory.mktemp("model-rules")
    other = root / "other-rules"
    shutil.copytree(default_rules_dir(), other)
    with open(other / "order.yaml", "a", encoding="utf-8") as f:
        f.write("# a second rule folder\n")
    trees = str(six_trees)
    assert main(["train", trees, "--variances", "10", "-o", str(root / "bundled.model")]) == 0
    assert main(["train", trees, "--rules", str(other), "--variances", "10", "-o", str(root / "other.model")]) == 0
    return root, trees, other


def test_a_model_trained_with_rules_x_is_accepted_with_rules_x(setup, cli):
    root, trees, other = setup
    code, _, err = cli("regen", "--realizer", "stat", "--json", trees, "--rules", str(other), "--model", str(root / "other.model"))
    assert code == 0, err
    assert "other rules" not in err


def test_a_model_trained_with_rules_x_is_refused_with_the_bundled_rules(setup, cli):
    root, trees, _ = setup
    code, _, err = cli("regen", "--realizer", "stat", "--json", trees, "--model", str(root / "other.model"))
    assert code == 2
    assert err.startswith(f"ptb2fd: {root / 'other.model'}: model trained with other rules than "
                          f"{default_rules_dir()} ")
    assert len(err.splitlines()) == 1


def test_a_bundled_rules_model_is_refused_with_rules_x(setup, cli):
    root, trees, other = setup
    code, _, err = cli("regen", "--realizer", "stat", "--json", trees, "--rules", str(other), "--model", str(root / "bundled.model"))
    assert code == 2
    assert f"model trained with other rules than {other} " in err
    assert "Traceback" not in err


def test_a_missing_model_is_refused_before_any_work(setup, cli, monkeypatch):
    root, trees, _ = setup

    def no_work(*args, **kwargs):
        raise AssertionError("the input was read before --model was checked")

    monkeypatch.setattr("ptb2fd.runner.sources.iter_sentences", no_work)  # regen imports it when it runs
    code, _, err = cli("regen", "--realizer", "stat", "--json", trees, "--model", str(root / "missing.model"))
    assert (code, err) == (2, f"ptb2fd: --model {root / 'missing.model'}: no such model file\n")
