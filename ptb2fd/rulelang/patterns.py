"""Child patterns shared by the rule files.

    NP      category NP (for a word, its POS tag), any function tags
    NP!     category NP with no function tag that names a role (the
            descriptive tags TTL, HLN, NOM, UNF do not count: an NP-TTL
            object is an object, "reread (NP-TTL Moby Dick)")
    VB*     any category starting with VB
    -TPC    any constituent with function tag TPC
    NX-TTL  category NX with function tag TTL

Anything else is refused when the rule file is compiled: "NN**S", "-",
"NP-" and "(NP" are errors, not patterns that match nothing. Whether the
category and the function tag are known is checked against the declared
vocabulary (ptb2fd.ruleset.vocabulary).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ptb2fd.trees.ptbtree import Node

# Function tags that describe a phrase's form or status, not its role in
# the clause (Bies et al. 1995: a title, a headline, a nominal, an
# unfinished phrase of speech): "NP!" and `no_ftags` look past them.
DESCRIPTIVE_FTAGS = frozenset({"TTL", "HLN", "NOM", "UNF"})


def role_ftags(ftags: tuple[str, ...]) -> bool:
    """Whether some function tag names a role ("SBJ", "TMP"; not "TTL")."""
    for tag in ftags:
        if tag not in DESCRIPTIVE_FTAGS:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Pattern:
    text: str
    cat: str | None
    prefix: bool
    no_tags: bool
    ftag: str | None

    def matches(self, node: Node) -> bool:
        want = self.cat
        if want is not None:
            cat = node.tag if node.word is not None else node.label.cat
            if self.prefix:
                if not cat.startswith(want):
                    return False
            elif cat != want:
                return False
        if self.no_tags and node.label.ftags and role_ftags(node.label.ftags):
            return False
        if self.ftag is not None and self.ftag not in node.label.ftags:
            return False
        return True


_BAD_CHARS = set("()[]{}<>|*!\\\"") | set(" \t")
_NAME_CHARS = re.compile(r"[A-Z0-9]+")


def compile_pattern(text: str) -> Pattern:
    """Compile one pattern string; raises ValueError on a malformed one, with
    a hint: "NN**S", "-", "NP-" and "(NP" never parse (the first would
    otherwise be a category that no tree has, and match nothing)."""
    if not isinstance(text, str) or not text:
        raise ValueError(f"empty or non-string pattern {text!r}")
    no_tags = text.endswith("!") and len(text) > 1
    body = text[:-1] if no_tags else text
    if len(body) > 2 and body.startswith("-") and body.endswith("-") and _NAME_CHARS.fullmatch(body[1:-1]):
        return Pattern(text, body, False, no_tags, None)  # -NONE-, -LRB-
    if body.startswith("-") and len(body) > 1:
        ftag = body[1:]
        if not _NAME_CHARS.fullmatch(ftag):
            raise ValueError(f"malformed pattern {text!r}: after '-' comes a function tag (-TMP)")
        return Pattern(text, None, False, no_tags, ftag)
    cat, dash, ftag = body.partition("-")
    if not cat:
        raise ValueError(f"malformed pattern {text!r}: a pattern names a category (NP), a function tag (-TMP) "
                         "or both (NP-TMP)")
    if dash and not _NAME_CHARS.fullmatch(ftag):
        raise ValueError(f"malformed pattern {text!r}: '-' must be followed by a function tag (NP-SBJ)"
                         if not ftag else f"malformed pattern {text!r}: one function tag after '-' (NP-SBJ)")
    prefix = cat.endswith("*") and len(cat) > 1
    if prefix:
        cat = cat[:-1]
    bad = sorted(set(cat) & _BAD_CHARS)
    if bad:
        hint = ("'*' may only end a category (NN* matches NN, NNS, NNP, NNPS)" if bad == ["*"]
                else f"{' '.join(repr(c) for c in bad)} cannot be part of a category (write NP, not (NP))")
        raise ValueError(f"malformed pattern {text!r}: {hint}")
    return Pattern(text, cat, prefix, no_tags, ftag or None)


def compile_patterns(values, checker, what: str, rule_id: str | None = None, line: int | None = None) -> tuple[Pattern, ...]:
    out = []
    for value in checker.strings(values, what, rule_id, line):
        try:
            out.append(compile_pattern(value))
        except ValueError as exc:
            checker.problem(f"{what}: {exc}", rule_id, line)
    return tuple(out)


def any_match(patterns: tuple[Pattern, ...], node: Node) -> bool:
    for p in patterns:
        if p.matches(node):
            return True
    return False


class PatternSet:
    """Patterns tried together, as `any_match` tries them, with the plain
    category patterns ("NN", "VBD": no '*', no '!', no function tag) looked
    up in one set: "match: [NN, NNS, NNP, NNPS, NX-TTL, NX, NML]" is one set
    lookup and one pattern test, not seven tests, for every NP of a corpus."""

    __slots__ = ("patterns", "plain", "others")

    def __init__(self, patterns: tuple[Pattern, ...]):
        self.patterns = tuple(patterns)
        self.plain = frozenset(p.cat for p in self.patterns if _plain(p))
        self.others = tuple(p for p in self.patterns if not _plain(p))

    def __bool__(self) -> bool:
        return bool(self.patterns)

    def matches(self, node: Node) -> bool:
        if (node.tag if node.word is not None else node.label.cat) in self.plain:
            return True
        for p in self.others:
            if p.matches(node):
                return True
        return False


def _plain(p: Pattern) -> bool:
    """A pattern that matches exactly one category, whatever the function tags."""
    return p.cat is not None and not p.prefix and not p.no_tags and p.ftag is None
