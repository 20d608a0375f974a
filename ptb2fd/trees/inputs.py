"""Finding the input files of a run.

Accepted inputs: files of any name (`.gz` by magic bytes), folders, the LDC
layout `parsed/mrg/wsj/SS/wsj_SSNN.mrg` with `--sections`, standard input
(`-`, gzip or not), and the NLTK `treebank` corpus found through `nltk.data`.
A folder is searched for tree files only, `TREE_SUFFIXES` (`.mrg`, `.tree`,
`.trees`, `.parse`, `.ptb`, each also `.gz`), in sorted order; other files
(`readme.txt`, `LICENSE`) and hidden ones are skipped with one warning per
folder. A file named on the command line is always read. `display_names`
gives the names used in sentence ids (`wsj_0001.mrg`).
"""
from __future__ import annotations

import fnmatch
import os
import re
import sys
from pathlib import Path
from typing import Iterable

from ptb2fd.errors import UsageError

TREE_SUFFIXES = tuple(ext + gz for ext in (".mrg", ".tree", ".trees", ".parse", ".ptb") for gz in ("", ".gz"))
_SECTION_FILE = re.compile(r"^wsj_(\d\d)\d\d")


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
    from ptb2fd.nltk_import import load_nltk

    nltk = load_nltk()

    try:
        return Path(str(nltk.data.find("corpora/treebank/combined")))
    except LookupError:
        raise UsageError(
            "the NLTK 'treebank' corpus was not found on nltk.data.path "
            f"({', '.join(map(str, nltk.data.path))}): run `make data` in the ptb2fd folder (it puts the "
            "sample in .venv/nltk_data, where NLTK looks), or set NLTK_DATA to the folder that holds "
            "corpora/treebank: export NLTK_DATA=/path/to/nltk_data"
        ) from None


def resolve_inputs(
    paths: Iterable[str] = (),
    corpus: str | None = None,
    files: str | None = None,
    sections: str | None = None,
    warn=None,
) -> list[str]:
    """Turn command-line inputs into an ordered list of files ('-' = stdin).
    `warn(message)` hears about files skipped in folders (default: stderr)."""
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
            found = _tree_files(p, arg, warn)
            if not found:
                raise UsageError(f"{arg}: folder holds no tree files ({', '.join(TREE_SUFFIXES)})")
            out.extend(str(q) for q in found)
        elif p.is_file():
            out.append(str(p))
        else:
            raise UsageError(f"{arg}: no such file or folder")
    # The same file named twice (a file and its folder, say) is read once.
    seen: set[str] = set()
    out = [f for f in out if f == "-" or not (os.path.realpath(f) in seen or seen.add(os.path.realpath(f)))]
    if files:
        out = [f for f in out if f == "-" or fnmatch.fnmatch(os.path.basename(f), files)]
    if wanted is not None:
        out = [f for f in out if f == "-" or _section_of(Path(f)) in wanted]
    if not out:
        raise UsageError("no input: give files, folders, '-' or --corpus treebank (and check --files/--sections)")
    return out


def _tree_files(folder: Path, arg: str, warn) -> list[Path]:
    """Tree files under `folder`, sorted; the others are named in one warning."""
    found, skipped = [], []
    for q in sorted(folder.rglob("*"), key=str):
        if not q.is_file():
            continue
        hidden = any(part.startswith(".") for part in q.relative_to(folder).parts)
        (found if q.name.endswith(TREE_SUFFIXES) and not hidden else skipped).append(q)
    if skipped and found:
        names = [str(q.relative_to(folder)) for q in skipped]
        shown = ", ".join(names[:5]) + (f", … ({len(names) - 5} more)" if len(names) > 5 else "")
        message = (f"{arg}: skipped {len(names)} file(s) that are not tree files: {shown} "
                   f"(a folder is read for {', '.join(TREE_SUFFIXES[::2])}, also gzipped)")
        if warn is None:
            print(f"ptb2fd: warning: {message}", file=sys.stderr)
        else:
            warn(message)
    return found


def check_encoding(encoding: str | None) -> str | None:
    """`encoding` if Python knows it, else UsageError."""
    import codecs

    if encoding is not None:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise UsageError(f"--encoding {encoding}: unknown encoding") from None
    return encoding


def display_name(path: str) -> str:
    if path == "-":
        return "<stdin>"
    name = os.path.basename(path)
    return name[:-3] if name.endswith(".gz") else name


def display_names(paths: list[str]) -> list[str]:
    """Names for ids: the file name, or as many trailing folders as it takes
    to tell apart files of the same name ("a/x.mrg", "b/x.mrg")."""
    names = [display_name(p) for p in paths]
    if len(set(names)) == len(names):
        return names
    parts = [Path(os.path.normpath(p)).parts if p != "-" else ("<stdin>",) for p in paths]
    out = list(names)
    for name in set(names):
        same = [i for i, n in enumerate(names) if n == name]
        if len(same) < 2:
            continue
        cand = {i: f"{name}#{k}" for k, i in enumerate(same, 1)}  # last resort
        for k in range(2, max(len(parts[i]) for i in same) + 1):
            longer = {i: "/".join(parts[i][-k:-1] + (names[i],)) for i in same}
            if len(set(longer.values())) == len(same):
                cand = longer
                break
        for i in same:
            out[i] = cand[i]
    return out
