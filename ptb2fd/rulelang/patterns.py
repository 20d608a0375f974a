"""Child patterns shared by the rule files.

    NP      category NP (for a word, its POS tag), any function tags
    NP!     category NP with no function tag that names a role (the
            descriptive tags TTL, HLN, NOM, UNF do not count: an NP-TTL
            object is an object, "reread (NP-TTL Moby Dick)")
    VB*     any category starting with VB
    -TPC    any constituent with function tag TPC
    NX-TTL  category NX with function tag TTL
"""
from __future__ import annotations

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


def compile_pattern(text: str) -> Pattern:
    """Compile one pattern string; raises ValueError on a malformed one."""
    if not isinstance(text, str) or not text:
        raise ValueError(f"empty or non-string pattern {text!r}")
    no_tags = text.endswith("!") and len(text) > 1
    body = text[:-1] if no_tags else text
    if len(body) > 2 and body.startswith("-") and body.endswith("-"):
        return Pattern(text, body, False, no_tags, None)  # -NONE-, -LRB-
    if body.startswith("-") and len(body) > 1:
        return Pattern(text, None, False, no_tags, body[1:])
    cat, _, ftag = body.partition("-") if body not in ("-",) else (body, "", "")
    prefix = cat.endswith("*") and len(cat) > 1
    if prefix:
        cat = cat[:-1]
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
