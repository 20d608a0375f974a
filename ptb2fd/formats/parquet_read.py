"""Reading a ptb2fd Parquet file (parquet.py describes it) back into `Sentence` objects.

`read_parquet` gives exactly the sentences written. Columns may come in
another order or with wider types (int64, large_string: what pandas
writes); a sentence column (`unknown`, `functions`, `markup`, `provenance`)
may be missing (a file of ptb2fd 0.1 has only `unknown`): it is then null.
A missing or unknown word column, or a type that does not cast, raises
`UsageError` naming the file. A sentence with a null in a required column
comes as a `TreeParseError` at `file:row (id)`, row being the 1-based row of
its first word; the next sentences are read. A `provenance` that is not
JSON comes the same way.
"""
from __future__ import annotations

import json
from typing import Iterator

from ptb2fd.errors import Location, TreeParseError, UsageError
from ptb2fd.formats.jsonl import shared
from ptb2fd.formats.parquet import NULLABLE, SENTENCE_COLUMNS, open_parquet, schema
from ptb2fd.record import FIELDS, Sentence, Token

__all__ = ["read_parquet"]

_REQUIRED = tuple(name for name in FIELDS if name not in NULLABLE)


def _checked(path: str, table):
    """`table` with the columns of `schema()`, in its order and types."""
    import pyarrow as pa

    want = schema()
    have = set(table.column_names)
    missing = [f.name for f in want if f.name not in have and f.name not in SENTENCE_COLUMNS]
    unknown = sorted(have - set(want.names))
    if missing or unknown:
        what = "; ".join(x for x in (missing and f"missing column(s) {', '.join(missing)}",
                                     unknown and f"unknown column(s) {', '.join(unknown)}") if x)
        raise UsageError(f"{path}: not a ptb2fd Parquet file: {what}")
    columns = []
    for f in want:
        if f.name not in have:
            columns.append(pa.nulls(table.num_rows, f.type))
            continue
        col = table.column(f.name)
        try:
            columns.append(col if col.type == f.type else col.cast(f.type))
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as exc:
            raise UsageError(f"{path}: column {f.name!r}: {col.type} does not cast to {f.type} ({exc})") from None
    return columns


def read_parquet(path: str, row_group: int | None = None, part: tuple[int, int] = (0, 1)
                 ) -> Iterator[tuple[int, Sentence | TreeParseError]]:
    """(row number of its first word, sentence) for the sentences of `path`
    (a TreeParseError in place of a sentence that cannot be built); of one
    row group only with `row_group`, and of that group's sentences only the
    `part[0]`-th of `part[1]` equal slices (for cutting work)."""
    pf = open_parquet(path)
    groups = range(pf.metadata.num_row_groups) if row_group is None else [row_group]
    first_row = 0
    for g in range(groups[0] if groups else 0):
        first_row += pf.metadata.row_group(g).num_rows
    for g in groups:
        table = pf.read_row_group(g)
        yield from _sentences(path, _checked(path, table), first_row, part if row_group is not None else (0, 1))
        first_row += table.num_rows


_WORDS = slice(1, 1 + len(FIELDS))  # the Token columns, after `sentence`
_MADE: dict[str, dict] = {}


def _made(text: str | None) -> dict | None:
    if text is None:
        return None
    made = _MADE.get(text)
    if made is None:
        made = json.loads(text)  # ValueError: reported for the sentence
        if not isinstance(made, dict):
            raise ValueError("provenance is not a JSON object")
        made = _MADE.setdefault(text, shared(made))
    return made


def _sentences(path: str, columns, first_row: int, part: tuple[int, int]):
    ids = columns[0].to_pylist()
    starts = [i for i in range(len(ids)) if i == 0 or ids[i] != ids[i - 1]]
    k, of = part
    chosen = starts[len(starts) * k // of:len(starts) * (k + 1) // of]
    if not chosen:
        return
    lo = chosen[0]
    hi = starts[starts.index(chosen[-1]) + 1] if chosen[-1] != starts[-1] else len(ids)
    words = [c.slice(lo, hi - lo).to_pylist() for c in columns[_WORDS]]
    # The sentence columns: only the value on each sentence's first row is read.
    firsts = [s - lo for s in chosen]
    per_sentence = [c.slice(lo, hi - lo).take(firsts).to_pylist() for c in columns[_WORDS.stop:]]
    nulls = {name for name, c in zip(FIELDS, columns[_WORDS]) if name in _REQUIRED and c.null_count}
    rows = list(zip(*words))
    bounds = firsts + [hi - lo]
    for n, (a, b) in enumerate(zip(bounds, bounds[1:])):
        sid = ids[lo + a]
        where = Location(path, first_row + lo + a + 1, sid)
        if nulls:
            bad = [FIELDS[j] for j in range(len(FIELDS)) if FIELDS[j] in nulls
                   and any(r[j] is None for r in rows[a:b])]
            if bad:
                yield where.line, TreeParseError(f"bad Parquet rows: null in required column(s) {', '.join(bad)}",
                                                 where)
                continue
        labels, functions, markup, made = (column[n] for column in per_sentence)
        try:
            made = _made(made)
        except ValueError as exc:
            yield where.line, TreeParseError(f"bad Parquet rows: column 'provenance': {exc}", where)
            continue
        tokens = [Token(*r[:-1], list(r[-1] or ())) for r in rows[a:b]]
        yield where.line, Sentence(sid, tokens, dict(labels) if labels else None, functions or None,
                                   markup or None, made)
