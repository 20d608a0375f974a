"""The paper's nested (HALogen-style) notation, for reading by people.

A word with dependents is `( / word :role dependent ... )`; a dependent
without dependents of its own is its bare word. Dependents follow in
sentence order (left and right dependents mixed, by id), each with its
surface `role`. The root is always written `( / word ...)`, even without
dependents. `dump_sentence` gives `# <sentence id>`, the expression, and a
blank line:

    # wsj_0001.mrg:1
    ( / sell
      :subject it
      :modal would
      :object ( / fleet
                :withinmod its
                :withinmod aging)
      :rightpunc .)

Layout (deterministic): the `( / word` of a node is on the line of its role;
each dependent starts a new line indented two columns further than the
node's opening parenthesis (so `:role` sits under the `/`); the closing
parentheses go at the end of the node's last line. Widths are counted in
characters. Several roots (not produced by the converter) are written one
expression after the other, in sentence order.

Words are written bare unless they are empty, contain whitespace, `(`, `)` or
`"`, or start with `:`; then they are double-quoted, with `\\` written `\\\\`,
`"` written `\\"`, and tab, line feed and carriage return written `\\t`, `\\n`,
`\\r`. A role must be non-empty and contain no whitespace, parenthesis or
quote.

`parse_halogen` reads an expression back into (word, role, head) triples; it
exists to check the structure in tests.
"""
from __future__ import annotations

import re

from ptb2fd.errors import InvariantError
from ptb2fd.record import Sentence, Token

__all__ = ["dump_sentence", "parse_halogen", "quote"]

_NEEDS_QUOTES = re.compile(r'[\s()"]|^:|^$')
_BAD_ROLE = re.compile(r'[\s()"]|^$')
_QUOTE_CODES = {"\\": "\\\\", '"': '\\"', "\t": "\\t", "\n": "\\n", "\r": "\\r"}
_UNQUOTE_CODES = {code[1]: ch for ch, code in _QUOTE_CODES.items()}
_TOKEN_RE = re.compile(r'\s*(?:(\()|(\))|("(?:[^"\\]|\\.)*")|(:[^\s()"]+)|([^\s()"]+))', re.DOTALL)


def quote(word: str) -> str:
    """`word` as written in the notation (bare or double-quoted)."""
    if not _NEEDS_QUOTES.search(word):
        return word
    return '"' + "".join(_QUOTE_CODES.get(ch, ch) for ch in word) + '"'


def dump_sentence(sentence: Sentence) -> str:
    """`# <id>`, the expression(s), and a blank line."""
    tokens = sentence.tokens
    n = len(tokens)
    children: dict[int, list[Token]] = {}
    for tok in tokens:
        if not 0 <= tok.head <= n or tok.head == tok.id:
            raise InvariantError(f"word {tok.id} {tok.word!r} has dangling head {tok.head}")
        if tok.head:
            children.setdefault(tok.head, []).append(tok)
    for deps in children.values():
        deps.sort(key=lambda t: t.id)
    by_id = {tok.id: tok for tok in tokens}
    if len(by_id) != n or set(by_id) != set(range(1, n + 1)):
        raise InvariantError("token ids are not 1..n")

    seen = 0

    def render(tok: Token, column: int) -> list[str]:
        nonlocal seen
        seen += 1
        lines = [f"( / {quote(tok.word)}"]
        indent = column + 2
        for dep in children.get(tok.id, ()):
            if _BAD_ROLE.search(dep.role):
                raise ValueError(f"role {dep.role!r} of word {dep.id} cannot be written")
            prefix = f":{dep.role} "
            if dep.id in children:
                sub = render(dep, indent + len(prefix))
                lines.append(" " * indent + prefix + sub[0])
                lines.extend(sub[1:])
            else:
                seen += 1
                lines.append(" " * indent + prefix + quote(dep.word))
        lines[-1] += ")"
        return lines

    out = [f"# {sentence.id}"]
    for tok in tokens:
        if tok.head == 0:
            out.extend(render(tok, 0))
    if seen != n:
        raise InvariantError(f"{n - seen} word(s) do not reach a root (a cycle)")
    return "\n".join(out) + "\n\n"


def _unquote(text: str) -> str:
    body = text[1:-1]
    return re.sub(r"\\(.)", lambda m: _UNQUOTE_CODES.get(m.group(1), m.group(1)), body, flags=re.DOTALL)


def parse_halogen(text: str) -> list[tuple[str, str | None, int]]:
    """(word, role, head) for every word of the expression(s) in `text`, in
    the order written (a node before its dependents). `head` is the 1-based
    position of the head in this list, 0 for a root, whose role is None.
    Lines starting with `#` are comments. ValueError for malformed text."""
    body = "\n".join(line for line in text.split("\n") if not line.startswith("#"))
    tokens: list[tuple[str, str]] = []
    pos = 0
    while pos < len(body):
        m = _TOKEN_RE.match(body, pos)
        if not m:
            if body[pos:].strip():
                raise ValueError(f"cannot read {body[pos:pos + 20]!r}")
            break
        pos = m.end()
        kind = m.lastindex
        value = m.group(kind)
        tokens.append((("open", "close", "word", "role", "word")[kind - 1],
                       _unquote(value) if kind == 3 else value))

    result: list[tuple[str, str | None, int]] = []
    i = 0

    def expect(kind: str) -> str:
        nonlocal i
        if i >= len(tokens) or tokens[i][0] != kind:
            found = tokens[i][1] if i < len(tokens) else "end of text"
            raise ValueError(f"expected {kind}, found {found!r}")
        i += 1
        return tokens[i - 1][1]

    def node(role: str | None, head: int) -> None:
        nonlocal i
        if i < len(tokens) and tokens[i][0] == "open":
            i += 1
            if expect("word") != "/":
                raise ValueError("expected '/' after '('")
            result.append((expect("word"), role, head))
            me = len(result)
            while i < len(tokens) and tokens[i][0] == "role":
                dep_role = tokens[i][1][1:]
                i += 1
                node(dep_role, me)
            expect("close")
        else:
            result.append((expect("word"), role, head))

    while i < len(tokens):
        if tokens[i][0] != "open":
            raise ValueError(f"expected '(' at top level, found {tokens[i][1]!r}")
        node(None, 0)
    return result
