"""The output formats `convert` writes, found from the output's name.

Each `OutputFormat` names its file-name suffixes; `choose_format` gives the
format of a run from `-o` and `--format`:

    choose_format("corpus.parquet", None)      -> ("parquet", False)
    choose_format("corpus.jsonl.gz", None)     -> ("jsonl", True)    (gzip)
    choose_format(None, "conllup")             -> ("conllup", False) (standard output)
    choose_format("corpus.jsonl", "parquet")   -> UsageError (the name says jsonl)

The name decides; `--format` is needed only for standard output, a folder
of shards (default jsonl), a device such as /dev/null, a name with no
suffix, or a name whose suffix no format claims (`--format halogen -o
x.txt`). A `--format` that contradicts a known suffix, or a name with an
unknown suffix and no `--format`, is a one-line error before any work.

A format that is declared but not available (`available` set to the
reason) is refused with that reason. `.conllu` is plain 10-column
Universal Dependencies CoNLL-U (ptb2fd/ud), not ptb2fd's CoNLL-U Plus, and
is not read back into records. A text writer plugs in with `register(OutputFormat(name, suffixes,
help, render="module:function"[, header=...]))`: `convert` (one process,
--jobs, shards, re-export) renders through `renderer(name)` and opens the
file with `header(name)`.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from ptb2fd.errors import UsageError

__all__ = ["OutputFormat", "FORMATS", "register", "choose_format", "format_names", "renderer", "header"]


@dataclass(frozen=True)
class OutputFormat:
    name: str  # the --format value
    suffixes: tuple[str, ...]  # file-name endings that choose it, e.g. (".jsonl",)
    help: str  # for --help
    binary: bool = False  # written as bytes (Parquet), not text
    read_back: bool = True  # `regen`, `stats`, ... read it
    unavailable: str | None = None  # why it cannot be written (None: it can)
    render: str | None = None  # "module:function": one Sentence -> its text (text formats)
    header: str | None = None  # "module:function": the text that opens the file, if any


FORMATS: dict[str, OutputFormat] = {}
GZIP = ".gz"


def register(fmt: OutputFormat) -> None:
    FORMATS[fmt.name] = fmt


register(OutputFormat("jsonl", (".jsonl", ".jsonl.gz"), "JSON Lines, one sentence a line (default; .jsonl.gz: "
                                                        "gzip-compressed)", render="ptb2fd.formats.jsonl:dump_sentence"))
register(OutputFormat("conllup", (".conllup",), "CoNLL-U Plus: the 10 CoNLL-U columns and a PTB2FD:FIELD column "
                                               "for every other field", render="ptb2fd.formats.conllup:dump_sentence",
                      header="ptb2fd.formats.conllup:header"))
register(OutputFormat("parquet", (".parquet",), "Parquet, one row per word (docs/large-corpora.md)", binary=True))
register(OutputFormat("halogen", (".halogen",), "the paper's notation, for reading (not read back)",
                      read_back=False, render="ptb2fd.formats.halogen:dump_sentence"))
register(OutputFormat("conllu", (".conllu",), "plain Universal Dependencies v2 CoNLL-U, English (10 columns; "
                                             "docs/universal-dependencies.md)", read_back=False,
                      render="ptb2fd.ud.writer:dump_sentence"))


def format_names() -> list[str]:
    return list(FORMATS)


def _function(spec: str):
    from importlib import import_module

    module, _, name = spec.partition(":")
    return getattr(import_module(module), name)


def renderer(name: str):
    """The function rendering one sentence in text format `name` (KeyError: no text format of that name)."""
    fmt = FORMATS[name]
    if fmt.render is None:
        raise KeyError(name)
    return _function(fmt.render)


def header(name: str) -> str:
    """The text that opens a file of format `name` ("" for none)."""
    spec = FORMATS[name].header
    return _function(spec)() if spec else ""


def by_suffix(name: str) -> tuple[OutputFormat, bool] | None:
    """The format a file name's suffix claims, and whether it is gzip (`.jsonl.gz`)."""
    lower = name.lower()
    best = None
    for fmt in FORMATS.values():
        for suffix in fmt.suffixes:
            if lower.endswith(suffix) and (best is None or len(suffix) > len(best[1])):
                best = (fmt, suffix)
    return None if best is None else (best[0], best[1].endswith(GZIP))


def choose_format(output: str | None, given: str | None, folder: bool = False) -> tuple[str, bool]:
    """(format name, gzip) for `-o output` (None or "-": standard output;
    `folder`: a folder of shards) and `--format given` (None: not given)."""
    if given is not None and given not in FORMATS:
        raise UsageError(f"--format {given}: give one of {', '.join(FORMATS)}")
    claimed = None
    if output and output != "-" and not folder and not _device(output):
        claimed = by_suffix(os.path.basename(output))
        if claimed is None and given is None and os.path.splitext(os.path.basename(output))[1]:
            raise UsageError(f"-o {output}: the name says no format ptb2fd writes ({_suffix_list()}, or DIR/ for "
                             "shards); name it so, or give --format")
    if claimed is not None and given is not None and claimed[0].name != given:
        raise UsageError(f"--format {given} contradicts -o {output}, a {claimed[0].name} name; drop --format or "
                         f"rename the output")
    fmt = claimed[0] if claimed is not None else FORMATS[given or "jsonl"]
    if fmt.unavailable:
        raise UsageError(fmt.unavailable)
    return fmt.name, bool(claimed and claimed[1])


def _suffix_list() -> str:
    return ", ".join(s for f in FORMATS.values() if not f.unavailable for s in f.suffixes)


def _device(path: str) -> bool:
    """An existing output that is no regular file or folder (/dev/null, a FIFO)."""
    return os.path.exists(path) and not os.path.isfile(path) and not os.path.isdir(path)
