"""Finding input files and cutting them into trees.

Accepted inputs: `.mrg` files, `.gz` files, folders (searched for `*.mrg`,
`*.mrg.gz`, `*.tree`, `*.parse` and `*.txt`, in sorted order), the LDC layout
`parsed/mrg/wsj/SS/wsj_SSNN.mrg` with `--sections`, standard input (`-`),
and the NLTK `treebank` corpus found through `nltk.data`.

The splitter works line by line (memory stays flat) and tolerates damage:
- `#` lines between trees are comments;
- several trees may share a line;
- a tree whose closing brackets are missing ends where a line starts with
  a new top bracket "( (" or "(ROOT", and is reported as unbalanced;
- stray closing brackets after a tree mark that tree unbalanced;
- text outside any bracket is reported as its own failed item.
Every item found gets a stable id: `wsj_0001.mrg:1`, file name and 1-based
index, so the summary can account for each one.
"""
from __future__ import annotations

import fnmatch
import gzip
import io
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterable, Iterator

from .errors import Location, UsageError

TREE_SUFFIXES = (".mrg", ".mrg.gz", ".tree", ".tree.gz", ".parse", ".parse.gz", ".txt", ".txt.gz")
_NEW_TOP = re.compile(r"^\(\s*\(|^\((?:ROOT|TOP)\b")
_SECTION_FILE = re.compile(r"^wsj_(\d\d)\d\d")


@dataclass(frozen=True, slots=True)
class RawTree:
    """One bracketed item cut from an input, before parsing."""

    source: str  # file name shown in ids and messages
    index: int  # 1-based position in the source
    line: int  # line the item starts on
    text: str
    error: str | None = None  # a problem the splitter already found

    @property
    def sent_id(self) -> str:
        return f"{self.source}:{self.index}"

    @property
    def location(self) -> Location:
        return Location(self.source, self.line, self.sent_id)


# ---------------------------------------------------------------- inputs


def parse_sections(spec: str) -> frozenset[str]:
    """'02-21,23' -> {'02', ..., '21', '23'}."""
    out: set[str] = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        lo, _, hi = part.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise UsageError(f"--sections: bad section range {part!r} (use e.g. 02-21,23)")
        a, b = int(lo), int(hi or lo)
        if a > b:
            raise UsageError(f"--sections: empty range {part!r}")
        out.update(f"{n:02d}" for n in range(a, b + 1))
    if not out:
        raise UsageError("--sections: no section given")
    return frozenset(out)


def _section_of(path: Path) -> str | None:
    m = _SECTION_FILE.match(path.name)
    if m:
        return m.group(1)
    if path.parent.name.isdigit() and len(path.parent.name) == 2:
        return path.parent.name
    return None


def treebank_root() -> Path:
    """The NLTK treebank sample's `combined` folder, found the nltk way."""
    import nltk

    try:
        return Path(str(nltk.data.find("corpora/treebank/combined")))
    except LookupError:
        raise UsageError(
            "the NLTK 'treebank' corpus was not found on nltk.data.path "
            f"({', '.join(map(str, nltk.data.path))}); set NLTK_DATA or run `make data`"
        ) from None


def resolve_inputs(
    paths: Iterable[str] = (),
    corpus: str | None = None,
    files: str | None = None,
    sections: str | None = None,
) -> list[str]:
    """Turn command-line inputs into an ordered list of files ('-' = stdin)."""
    wanted = parse_sections(sections) if sections else None
    out: list[str] = []
    if corpus:
        if corpus != "treebank":
            raise UsageError(f"--corpus: unknown corpus {corpus!r} (known: treebank)")
        root = treebank_root()
        out.extend(str(p) for p in sorted(root.glob("wsj_*.mrg")))
    for arg in paths:
        if arg == "-":
            out.append("-")
            continue
        p = Path(arg)
        if p.is_dir():
            found = sorted(
                (q for q in p.rglob("*") if q.is_file() and q.name.endswith(TREE_SUFFIXES)),
                key=lambda q: str(q),
            )
            if not found:
                raise UsageError(f"{arg}: folder holds no tree files ({', '.join(TREE_SUFFIXES)})")
            out.extend(str(q) for q in found)
        elif p.is_file():
            out.append(str(p))
        else:
            raise UsageError(f"{arg}: no such file or folder")
    if files:
        out = [f for f in out if f == "-" or fnmatch.fnmatch(os.path.basename(f), files)]
    if wanted is not None:
        out = [f for f in out if f == "-" or _section_of(Path(f)) in wanted]
    if not out:
        raise UsageError("no input: give files, folders, '-' or --corpus treebank (and check --files/--sections)")
    return out


def open_text(path: str) -> IO[str]:
    """Open a file (gzip by suffix or magic bytes) or stdin as text."""
    if path == "-":
        return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    raw = open(path, "rb")
    magic = raw.peek(2)[:2] if hasattr(raw, "peek") else b""
    if magic == b"\x1f\x8b":
        return io.TextIOWrapper(gzip.GzipFile(fileobj=raw), encoding="utf-8", errors="replace")
    return io.TextIOWrapper(raw, encoding="utf-8", errors="replace")


def display_name(path: str) -> str:
    if path == "-":
        return "<stdin>"
    name = os.path.basename(path)
    return name[:-3] if name.endswith(".gz") else name


# ---------------------------------------------------------------- splitting


def read_trees(paths: Iterable[str]) -> Iterator[RawTree]:
    """All items of all inputs, in order."""
    for path in paths:
        with open_text(path) as handle:
            yield from split_trees(handle, display_name(path))


def split_trees(lines: Iterable[str], source: str) -> Iterator[RawTree]:
    """Cut a stream of lines into bracketed items (see module docstring)."""
    index = 0
    depth = 0
    buf: list[str] = []
    start_line = 0
    pending: RawTree | None = None  # finished tree, held back for stray ')'
    junk: list[str] = []
    junk_line = 0

    def make(text: str, line: int, error: str | None) -> RawTree:
        nonlocal index
        index += 1
        return RawTree(source, index, line, text, error)

    for lineno, line in enumerate(lines, 1):
        if depth == 0 and line.lstrip().startswith("#"):
            continue
        if depth > 0 and _NEW_TOP.match(line):
            # A new tree starts while the previous one is still open.
            if pending is not None:
                yield pending
                pending = None
            yield make("".join(buf), start_line, f"unbalanced brackets: {depth} closing bracket(s) missing")
            buf, depth = [], 0
        i, n = 0, len(line)
        while i < n:
            ch = line[i]
            if depth == 0:
                if ch == "(":
                    if junk:
                        yield make("".join(junk).strip(), junk_line, "text outside brackets")
                        junk = []
                    if pending is not None:
                        yield pending
                        pending = None
                    depth, buf, start_line = 1, ["("], lineno
                elif ch == ")":
                    if pending is not None and pending.error is None:
                        pending = RawTree(pending.source, pending.index, pending.line, pending.text,
                                          "unbalanced brackets: extra closing bracket(s) after the tree")
                    elif pending is None:
                        if not junk:
                            junk_line = lineno
                        junk.append(ch)
                elif not ch.isspace():
                    if pending is not None:
                        yield pending
                        pending = None
                    if not junk:
                        junk_line = lineno
                    j = i
                    while j < n and line[j] not in "()":
                        j += 1
                    junk.append(line[i:j])
                    i = j
                    continue
                i += 1
                continue
            # Inside a tree: copy up to the next bracket in one slice.
            j = i
            while j < n:
                c = line[j]
                if c == "(" or c == ")":
                    break
                if c == "\\" and j + 1 < n:
                    j += 2
                    continue
                j += 1
            if j > i:
                buf.append(line[i:j])
            if j >= n:
                break
            c = line[j]
            buf.append(c)
            depth += 1 if c == "(" else -1
            i = j + 1
            if depth == 0:
                pending = make("".join(buf), start_line, None)
                buf = []
    if pending is not None:
        yield pending
    if depth > 0:
        yield make("".join(buf), start_line, f"unbalanced brackets: {depth} closing bracket(s) missing at end of input")
    if junk:
        yield make("".join(junk).strip(), junk_line, "text outside brackets")
