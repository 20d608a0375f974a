"""Rule-level tests: one small tree per rule of rules/*.yaml.

Fixtures
    fd_rules        the rule set (session)
    fd_converter    one Converter for the session (the suite-wide `converter`
                    of tests/conftest.py when there is one, else our own)
    fd              fd(tree) -> Parsed: convert one bracketed tree
    fd_gold         ... with --functions gold (no tags predicted for an untagged tree)
    sample_sentence sample_sentence("wsj_0012.mrg:7") -> Parsed: one sample
                    tree, read from its file and converted (needs the NLTK
                    treebank sample; skips without it)
    sample_by_id    {sentence id: Sentence} for the whole sample (slow: the
                    whole sample converted once per session)
    rule_coverage   {rule id: [test names]} for the calling test module

The `covers` marker names the rule ids a test exercises:

    covers = pytest.mark.covers

    @covers("ftag-tmp")
    def test_...

    pytest.param(..., id="ftag-tmp", marks=covers("ftag-tmp"))

`rule_coverage` reads those marks from the module's own test functions
(decorators and parametrize cases alike), without depending on which tests
were selected, so a "every rule has a test" check works under -k too.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

from ptb2fd.conversion.converter import Converter
from ptb2fd.record import Sentence, Token
from ptb2fd.ruleset.load import load_rules


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "covers(*rule_ids): rule ids of rules/*.yaml that a rule-tier test exercises")


# -- a converted sentence with lookups by word --------------------------------

@dataclass
class Parsed:
    """One converted sentence with lookups by word, for assertions."""

    sentence: Sentence
    text: str = ""

    @property
    def tokens(self) -> list[Token]:
        return self.sentence.tokens

    @property
    def words(self) -> list[str]:
        return self.sentence.words

    def tok(self, word: str, nth: int = 1) -> Token:
        """The nth token (1-based) whose word is `word`."""
        hits = [t for t in self.tokens if t.word == word]
        if len(hits) < nth:
            raise LookupError(f"{word!r} (occurrence {nth}) not in: {' '.join(self.words)}")
        return hits[nth - 1]

    def by_id(self, tid: int) -> Token:
        return self.tokens[tid - 1]

    def head_word(self, word: str | Token, nth: int = 1) -> str | None:
        """The word `word` depends on; None for the root."""
        t = word if isinstance(word, Token) else self.tok(word, nth)
        return None if t.head == 0 else self.tokens[t.head - 1].word

    def edge(self, word: str, nth: int = 1) -> tuple[str, str | None, str, str]:
        """(word, head word, role, rule): the usual assertion target."""
        t = self.tok(word, nth)
        return t.word, self.head_word(t), t.role, t.rule

    def dependents(self, word: str, nth: int = 1) -> list[str]:
        t = self.tok(word, nth)
        return [d.word for d in self.tokens if d.head == t.id]

    def table(self) -> str:
        """All records, one line each: the message of a failed assertion."""
        lines = [f"{self.sentence.id}: {' '.join(self.words)}"]
        for t in self.tokens:
            lines.append(f"  {t.id:>3} {t.word:<14} {t.cat:<5} {t.cat0}/{t.cat1} <- {t.head} "
                         f"{self.head_word(t) or 'ROOT':<12} {t.role:<16} {t.rule:<24} lr={t.logicalrole} "
                         f"gt={t.grouptype} sp={t.subject_position} j={t.junction}/{t.junction_position} "
                         f"anchor={t.conj_anchor} sib={t.conj_sibling} cp={t.compound}/{t.compound_position} "
                         f"corr={t.corrected} rules={t.rules}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


# -- fixtures -----------------------------------------------------------------

@pytest.fixture(scope="session")
def fd_rules(request):
    try:
        return request.getfixturevalue("rules")  # tests/conftest.py, if present
    except pytest.FixtureLookupError:
        return load_rules()


@pytest.fixture(scope="session")
def fd_converter(request, fd_rules):
    try:
        return request.getfixturevalue("converter")  # tests/conftest.py, if present
    except pytest.FixtureLookupError:
        return Converter(fd_rules)


@pytest.fixture(scope="session")
def fd(fd_converter):
    def convert(text: str, sent_id: str = "<rules>:1") -> Parsed:
        return Parsed(fd_converter.convert_text(text, sent_id), text)
    return convert


@pytest.fixture(scope="session")
def fd_gold(fd_rules):
    """As `fd`, with `--functions gold`: a tree without function tags is
    converted as it is, not given predicted ones (docs/parser-output.md)."""
    converter = Converter(fd_rules, functions="gold")

    def convert(text: str, sent_id: str = "<rules>:1") -> Parsed:
        return Parsed(converter.convert_text(text, sent_id), text)
    return convert


def _treebank_root() -> Path:
    from ptb2fd.errors import UsageError
    from ptb2fd.trees.reader import treebank_root

    try:
        return treebank_root()
    except UsageError as exc:
        pytest.skip(f"NLTK treebank sample not available: {exc}")


@pytest.fixture(scope="session")
def sample_sentence(fd_converter):
    """sample_sentence("wsj_0012.mrg:7") -> Parsed, reading only that file."""
    from ptb2fd.trees.reader import read_trees, resolve_inputs

    _treebank_root()
    cache: dict[str, dict[str, str]] = {}

    def get(sent_id: str) -> Parsed:
        filename = sent_id.rpartition(":")[0]
        if filename not in cache:
            cache[filename] = {raw.sent_id: raw.text
                               for raw in read_trees(resolve_inputs([], "treebank", filename, None))}
        text = cache[filename][sent_id]
        return Parsed(fd_converter.convert_text(text, sent_id), text)
    return get


@pytest.fixture(scope="session")
def sample_by_id(request, fd_converter) -> dict[str, Sentence]:
    """Every sample sentence, converted once per session."""
    _treebank_root()
    try:
        sentences = request.getfixturevalue("sample_sentences")  # tests/conftest.py, if present
    except pytest.FixtureLookupError:
        from ptb2fd.trees.reader import read_trees, resolve_inputs

        results = [fd_converter.convert(raw) for raw in read_trees(resolve_inputs([], "treebank"))]
        sentences = [r.sentence for r in results if r.sentence is not None]
    return {s.id: s for s in sentences}


# -- the `covers` marker --------------------------------------------------------

def covered_rules(module) -> dict[str, list[str]]:
    """{rule id: [test names]} from the `covers` marks of a module's tests."""
    out: dict[str, list[str]] = defaultdict(list)
    for name, obj in vars(module).items():
        if not name.startswith("test") or not callable(obj):
            continue
        for mark in getattr(obj, "pytestmark", []):
            if mark.name == "covers":
                for rid in mark.args:
                    out[rid].append(name)
            elif mark.name == "parametrize":
                values = mark.args[1] if len(mark.args) > 1 else mark.kwargs.get("argvalues", [])
                for i, value in enumerate(values):
                    for m in getattr(value, "marks", ()):
                        m = getattr(m, "mark", m)
                        if m.name == "covers":
                            case = getattr(value, "id", None) or str(i)
                            for rid in m.args:
                                out[rid].append(f"{name}[{case}]")
    return dict(out)


@pytest.fixture
def rule_coverage(request) -> dict[str, list[str]]:
    return covered_rules(request.module)


@pytest.fixture(scope="session")
def known_rule_ids(fd_rules) -> set[str]:
    """Every rule id of every rule file, plus the ids the code adds itself."""
    ids = {rid for rids in fd_rules.rule_ids().values() for rid in rids}
    return ids | {"nesting:clausal", "nesting:np", "nesting:other"}
