"""Choosing a realizer by name: `rules` (the rule regenerator of
ptb2fd.regen) or `stat` (a model written by `ptb2fd train`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ptb2fd.errors import UsageError

if TYPE_CHECKING:
    from ptb2fd.regen.order import OrderRules

REALIZERS = ("rules", "stat")


def load_stat_realizer(model: str | None, view_name: str):
    """The statistical realizer of `model`, or a usage error (exit 2)."""
    if not model:
        raise UsageError("--realizer stat needs --model MODEL (a model written by `ptb2fd train`)")
    from ptb2fd.realizer.model import load_realizer  # numpy and scipy load only for --realizer stat

    realizer = load_realizer(model, view_name)
    if not callable(getattr(realizer, "realize", None)):
        raise UsageError(f"--model {model}: load_realizer returned {type(realizer).__name__}, which has no realize()")
    return realizer


def build_realizer(kind: str, order_rules: OrderRules, view_name: str, model: str | None = None):
    if kind == "rules":
        from ptb2fd.regen.realizer import RulesRealizer

        return RulesRealizer(order_rules)
    if kind == "stat":
        return load_stat_realizer(model, view_name)
    raise UsageError(f"--realizer {kind}: choose one of {', '.join(REALIZERS)}")
