"""Choosing a realizer by name: `rules` (the rule regenerator of
ptb2fd.regen) or `stat` (a model written by `ptb2fd train`).
"""
from __future__ import annotations

from ptb2fd.errors import UsageError

REALIZERS = ("rules", "stat")


def check_model_file(kind: str, model: str | None) -> None:
    """The cheap checks of --realizer and --model, made before any work."""
    from pathlib import Path

    if kind == "stat" and not model:
        raise UsageError("--realizer stat needs --model MODEL (a model written by `ptb2fd train`)")
    if model and not Path(model).is_file():
        raise UsageError(f"--model {model}: no such model file")


def load_stat_realizer(model: str | None, view_name: str, rules):
    """The statistical realizer of `model`, or a usage error (exit 2). The
    model must have been trained with `rules` (the folder in use, --rules
    or the bundled one), which it is checked against."""
    check_model_file("stat", model)
    from ptb2fd.realizer.model import load_realizer  # numpy and scipy load only for --realizer stat

    realizer = load_realizer(model, view_name, rules=rules)
    if not callable(getattr(realizer, "realize", None)):
        raise UsageError(f"--model {model}: load_realizer returned {type(realizer).__name__}, which has no realize()")
    return realizer


def build_realizer(kind: str, rules, view_name: str, model: str | None = None):
    """The realizer `kind` for the rule set `rules` (a ruleset.load.RuleSet)."""
    if kind == "rules":
        from ptb2fd.regen.realizer import RulesRealizer

        return RulesRealizer(rules.order)
    if kind == "stat":
        return load_stat_realizer(model, view_name, rules)
    raise UsageError(f"--realizer {kind}: choose one of {', '.join(REALIZERS)}")
