"""Other genres: speech (Switchboard style), email, fiction and
blog fixtures in fixtures/genres/, converted whole and checked word by word.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ptb2fd.conversion.converter import CONVERTED, SKIPPED
from ptb2fd.trees.reader import read_trees, resolve_inputs

GENRES = Path(__file__).resolve().parents[2] / "fixtures" / "genres"
covers = pytest.mark.covers


def convert_file(converter, name: str):
    results = [converter.convert(raw) for raw in read_trees(resolve_inputs([str(GENRES / name)]))]
    return results, {r.sent_id: r.sentence for r in results if r.status == CONVERTED}


@pytest.fixture(scope="module")
def speech(fd_converter):
    return convert_file(fd_converter, "switchboard.mrg")


def test_speech_converts_with_known_labels_only(speech):
    results, sentences = speech
    status = Counter(r.status for r in results)
    assert status == {CONVERTED: 44, SKIPPED: 7}  # the seven speaker CODE lines
    notes = Counter()
    for r in results:
        notes.update(r.notes)
    # SU, RM, IP, RS are known labels; -DFL- leaves are markup, not words.
    assert not [k for k in notes if k.startswith("unknown-")], notes
    assert notes["markup-leaves"] >= 44 + 3 * 4
    words = [t.word for s in sentences.values() for t in s.tokens]
    assert not {"E_S", "N_S", "[", "+", "]", "\\[", "\\+", "\\]"} & set(words)


@covers("intj-discourse")
def test_interjections_are_discourse_adverbials(speech):
    _, sentences = speech
    s = sentences["switchboard.mrg:8"]  # Well , we tried a babysitter first .
    well = s.tokens[0]
    assert (well.word, well.role, well.rule, s.tokens[well.head - 1].word) == (
        "Well", "adverbial", "intj-discourse", "tried")
    intj = [t for s in sentences.values() for t in s.tokens if t.cat == "UH" and t.head != 0]
    assert len(intj) >= 15 and {t.rule for t in intj} == {"intj-discourse"}


def test_slash_unit_is_headed_by_its_clause(speech):
    _, sentences = speech
    s = sentences["switchboard.mrg:5"]  # Yeah , I have two kids .
    root = [t for t in s.tokens if t.head == 0]
    assert [t.word for t in root] == ["have"]
    assert s.tokens[0].role == "adverbial"
    s = sentences["switchboard.mrg:26"]  # Right , right .
    assert [t.word for t in s.tokens if t.head == 0] == ["Right"]


@covers("cc-first", "edited-reparandum")
def test_speech_dependents_are_initial_conjunctions_and_reparanda(speech):
    _, sentences = speech
    toks = [t for s in sentences.values() for t in s.tokens]
    dependent = Counter(t.rule for t in toks if t.role == "dependent")
    # Table 4's phrase-initial conjunction, the reparandum of an EDITED, the
    # root's later conjunct (README departure), and one parenthetical
    # between subject and verb ("She , you know , comes ...").
    assert set(dependent) == {"cc-first", "edited-reparandum", "coord-root-conjunct", "dependent"}, dependent
    assert dependent["dependent"] == 1
    share = sum(dependent.values()) / len(toks)
    assert share < 0.05, share
    assert (sum(dependent.values()) - dependent["cc-first"]) / len(toks) < 0.02


@pytest.mark.parametrize("name", ["email.mrg", "fiction.mrg", "blog.mrg"])
def test_written_genres_have_no_catch_all_roles(fd_converter, name):
    results, sentences = convert_file(fd_converter, name)
    assert all(r.status == CONVERTED for r in results)
    rules = Counter(t.rule for s in sentences.values() for t in s.tokens)
    assert rules["dependent"] == 0 and rules["cc-other"] == 0, rules


def test_fiction_audit(fd_converter):
    _, sentences = convert_file(fd_converter, "fiction.mrg")
    s = sentences["fiction.mrg:3"]  # The man whose horse she had borrowed ...
    edges = {t.word: (t.role, s.tokens[t.head - 1].word if t.head else None) for t in s.tokens}
    assert edges["horse"] == ("object", "borrowed") and edges["she"] == ("subject", "borrowed")
    s = sentences["fiction.mrg:5"]  # The thieves would be caught and punished soon .
    assert s.tokens[1].logicalrole == "object"
