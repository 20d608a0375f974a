"""Cutting a stream of lines into bracketed trees (`split_trees`), one `RawTree` each.

Every item found gets a stable id, file name and 1-based index
(`wsj_0001.mrg:1`), so the summary can account for each one. The splitter
works line by line (memory stays flat, nesting depth costs nothing) and is
built so that damage to one tree never changes the items, or the ids, of the
trees around it. It relies on the layout every treebank file uses: a tree
starts on a new line (or after another tree on the same line) and its
continuation lines are indented further than its first line. Indentation
counts white space; invisible characters (controls, format characters) at
the start of a line are skipped, and a tree's first line counts as indented
at most as much as the last wrapped tree ("( (S", "(ROOT (S") that closed
cleanly (0 at the start), so stray characters before a tree do not cut it.

- Lines starting with `#` (after any indentation) between trees are
  comments; inside an open tree such a line is part of the tree (and spoils
  it), never a reason to drop the tree's other lines.
- Several trees may share a line: "( (S ...) ) ( (S ...) )". A bracket that
  opens after a tree on the same line starts the next tree when it has the
  same kind of top (same top label, "" for "( (") and closes on that line,
  and the rest of the line does not close more brackets than it opens;
  otherwise the tree closed early (a bracket deleted, or one too many) and
  what follows belongs to it.
- Lines indented further than a tree's first line belong to that tree, even
  after it closed (it closed early); so do stray ")" (on its line or on a
  line that starts with ")") and text after it on its line.
- A tree whose closing brackets are missing ends where a line starts with
  "(" no further indented than its first line, and is reported as
  unbalanced. (Layouts whose continuation lines start at column 0 with "("
  are therefore not supported: each such line starts a new item.)
- Text outside any bracket on lines of its own is one failed item; text
  before a tree on the same line, or on a less indented line right above
  it, belongs to the tree and makes it fail.

Example: wsj_0001.mrg starts with a blank line, then "( (S ", then lines
indented further ("    (NP-SBJ ", "      (NP (NNP Pierre) ..."): they are
one item, wsj_0001.mrg:1, starting on line 2; the next "( (S " at column 0
starts wsj_0001.mrg:2.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from ptb2fd.errors import Location

WRAPPER_TOPS = frozenset({"", "ROOT", "TOP", "S1"})  # top labels that wrap a whole tree
_TOP_LABEL = re.compile(r"\(\s*([^\s()]*)")  # the label right after an opening bracket


@dataclass(frozen=True, slots=True)
class RawTree:
    """One bracketed item cut from an input, before parsing."""

    source: str  # file name shown in ids and messages
    index: int  # 1-based position in the source
    line: int  # line the item starts on
    text: str
    error: str | None = None  # a problem the splitter already found
    annotation: str | None = None  # what the file's first trees say of its annotation (annotation.py)

    @property
    def sent_id(self) -> str:
        return f"{self.source}:{self.index}"

    @property
    def location(self) -> Location:
        return Location(self.source, self.line, self.sent_id)


class _Item:
    """An item being cut: its text so far, where it starts, its problem."""

    __slots__ = ("parts", "line", "indent", "error", "top", "last_line", "end_line")

    def __init__(self, line: int, indent: int, error: str | None = None):
        self.parts: list[str] = []
        self.line = line  # line the item starts on
        self.indent = indent  # indentation of that line
        self.error = error
        self.top: str | None = None  # label after the first bracket ("" for "( (")
        self.last_line = line  # last line known to belong to the item
        self.end_line = 0  # line its brackets last closed on


# A bracket, or an escape ("\\(", "\\)": a backslash and the character after it).
_BRACKET = re.compile(r"\\.|[()]", re.DOTALL)
_INNERMOST = re.compile(r"\([^()]*\)")  # a bracket pair with no bracket inside: "(NN cat)"


def _prefix_net(line: str) -> list[int]:
    """out[i]: opening minus closing brackets in line[:i] (escaped ones,
    "\\(" and "\\)", do not count)."""
    n = len(line)
    out = [0] * (n + 1)
    net, i = 0, 0
    while i < n:
        out[i] = net
        c = line[i]
        if c == "\\" and i + 1 < n:
            out[i + 1] = net
            i += 2
            continue
        if c == "(":
            net += 1
        elif c == ")":
            net -= 1
        i += 1
    out[n] = net
    return out


def _indentation(line: str) -> tuple[int, int]:
    """(indentation, index of the first visible character). Invisible
    characters (control and format characters) at the start of a line are
    skipped without counting: a stray NUL neither indents a line nor moves
    it to column 0."""
    rest = line.lstrip(" ")
    if rest and rest[0].isprintable() and rest[0] != " ":  # most lines: spaces, then text
        width = len(line) - len(rest)
        return width, width
    i, n, width = 0, len(line), 0
    while i < n:
        c = line[i]
        if c.isspace():
            width += 1
        elif c.isprintable():
            break
        i += 1
    return width, i


def _depth_after(line: str, start: int, depth: int) -> int:
    """The depth after line[start:] if it cannot close a tree open at
    `depth`, else -1 (also for an escape, "\\("). A pair holding no bracket
    ("(NN cat)") never takes the depth below where it started: without such
    pairs, "(NP (DT the) (NN cat))" closes 1 bracket, so not a tree at depth 2."""
    closing = line.count(")", start)
    if closing >= depth:
        closing -= len(_INNERMOST.findall(line, start))
    if closing >= depth or line.find("\\", start) >= 0:
        return -1
    return depth + line.count("(", start) - line.count(")", start)


def _closes_on_line(net: list[int], i: int) -> bool:
    """Whether the bracket opening at line[i] is closed on the same line."""
    base = net[i]
    return any(net[j] <= base for j in range(i + 1, len(net)))


def split_trees(lines: Iterable[str], source: str, shortcuts: bool = True) -> Iterator[RawTree]:
    """Cut a stream of lines into bracketed items (see module docstring);
    `shortcuts=False` walks every line bracket by bracket: the same items."""
    index = 0
    depth = 0
    cur: _Item | None = None  # the open tree (depth > 0)
    pending: _Item | None = None  # a closed tree that text after it may still join
    junk: _Item | None = None  # text outside brackets
    # The indentation trees start at in this input: 0, or that of the last
    # tree with a wrapper top ("( (", "(ROOT") that closed without a problem.
    # An item's indentation counts as at most this, so that stray white space
    # before a tree's first line does not make its own continuation lines
    # look like new trees.
    base = 0

    def emit(item: _Item, error: str | None = None) -> RawTree:
        nonlocal index
        index += 1
        return RawTree(source, index, item.line, "".join(item.parts).strip(), item.error or error)

    for lineno, line in enumerate(lines, 1):
        if shortcuts and cur is not None:
            # Most lines: inside a tree, a bracket after spaces that starts
            # no new tree, the tree not closing ("    (NP-SBJ (NNP Pierre) )"):
            # the steps below would only add the line to the tree.
            rest = line.lstrip(" ")
            first = rest[:1]
            if first == ")" or (first == "(" and len(line) - len(rest) > min(cur.indent, base)):
                closing = line.count(")")  # _depth_after(line, 0, depth), inline
                if closing < depth or closing - len(_INNERMOST.findall(line)) < depth:
                    if "\\" not in line:
                        depth += line.count("(") - closing
                        cur.parts.append(line)
                        continue
        indent, start = _indentation(line)
        if start == len(line):  # blank (white space and invisible characters only)
            if cur is not None:
                cur.parts.append(line)
            continue
        first = line[start]
        if cur is None and first == "#":
            continue  # a comment line between trees changes nothing
        if cur is not None:
            if first == "(" and indent <= min(cur.indent, base):
                # A new tree starts: the open one lacks closing brackets.
                yield emit(cur, f"unbalanced brackets: {depth} closing bracket(s) missing")
                cur, depth = None, 0
        elif pending is not None:
            if indent > min(pending.indent, base) or first == ")":
                pending.last_line = lineno  # an indented line (or a ")") goes on with the tree above
            else:
                yield emit(pending)
                pending = None
        elif junk is not None and indent > min(junk.indent, base):
            junk.last_line = lineno  # ... and with the text outside brackets above
        net: list[int] | None = None  # bracket counts of this line, computed when needed
        i, n = 0, len(line)
        while i < n:
            if depth > 0:
                after = _depth_after(line, i, depth) if shortcuts else -1
                if after > 0:  # the tree does not close on this line
                    depth = after
                else:
                    # Inside a tree: count its brackets up to where it closes
                    # (escaped ones, "\\(", do not count), and copy that in one slice.
                    for m in _BRACKET.finditer(line, i):
                        c = m.group()
                        if c == "(":
                            depth += 1
                        elif c == ")":
                            depth -= 1
                            if depth == 0:
                                break
                if depth > 0:
                    cur.parts.append(line[i:])
                    break
                j = m.end()
                cur.parts.append(line[i:j])
                i = j
                cur.last_line = cur.end_line = lineno
                if cur.error is None and cur.top in WRAPPER_TOPS:
                    base = cur.indent
                pending, cur = cur, None
                continue
            ch = line[i]
            if ch.isspace() or not ch.isprintable():
                # Between trees, invisible characters (a byte-order mark of a
                # concatenated file, a NUL, a DOS end-of-file mark) are ignored
                # like white space.
                holder = pending or junk
                if holder is not None and ch.isspace():
                    holder.parts.append(ch)
                i += 1
                continue
            if ch == "(":
                m = _TOP_LABEL.match(line, i)
                top = m.group(1) if m else ""
                if pending is not None:
                    if net is None:
                        net = _prefix_net(line)
                    if top == pending.top and lineno == pending.end_line and net[n] >= net[i] \
                            and _closes_on_line(net, i):
                        yield emit(pending)  # the next tree on the same line
                    else:
                        cur = pending  # the tree closed early: this belongs to it
                        cur.error = cur.error or "unbalanced brackets: the tree closes early and more follows it"
                    pending = None
                elif junk is not None:
                    if junk.last_line == lineno:
                        cur = junk  # text before the tree on its line
                        cur.error = "text outside brackets before the tree"
                    else:
                        yield emit(junk)
                    junk = None
                if cur is None:
                    cur = _Item(lineno, indent)
                    cur.top = top
                elif cur.top is None:
                    cur.top = top
                cur.parts.append("(")
                depth = 1
                i += 1
                continue
            if ch == ")" and pending is not None:
                pending.parts.append(ch)
                pending.error = pending.error or "unbalanced brackets: extra closing bracket(s) after the tree"
                i += 1
                continue
            # Text outside brackets (or a stray ")" with no tree before it).
            j = i + 1
            if ch != ")":
                while j < n and line[j] not in "()":
                    j += 2 if line[j] == "\\" and j + 1 < n else 1
            if pending is not None:
                pending.parts.append(line[i:j])
                pending.error = pending.error or "text after the tree"
            else:
                if junk is None:
                    junk = _Item(lineno, indent, "text outside brackets")
                junk.parts.append(line[i:j])
                junk.last_line = lineno
            i = j
    if cur is not None:
        yield emit(cur, f"unbalanced brackets: {depth} closing bracket(s) missing at end of input")
    if pending is not None:
        yield emit(pending)
    if junk is not None:
        yield emit(junk)
