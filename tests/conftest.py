"""Shared fixtures: the rules, one converter, and the sample converted once.

Whole-sample tests are marked `sample`; they need the NLTK Penn Treebank
sample on nltk.data.path (`make test` points NLTK_DATA at it).
"""
from __future__ import annotations

import pytest

from ptb2fd.convert import Converter
from ptb2fd.ruleset import load_rules


@pytest.fixture(scope="session")
def rules():
    return load_rules()


@pytest.fixture(scope="session")
def converter(rules):
    return Converter(rules)


@pytest.fixture(scope="session")
def sample_raws():
    from ptb2fd.reader import read_trees, resolve_inputs

    return list(read_trees(resolve_inputs([], "treebank")))


@pytest.fixture(scope="session")
def sample_results(converter, sample_raws):
    """Every sample tree converted once per test session."""
    return [converter.convert(raw) for raw in sample_raws]


@pytest.fixture(scope="session")
def sample_sentences(sample_results):
    return [r.sentence for r in sample_results if r.sentence is not None]
