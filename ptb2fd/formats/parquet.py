"""Parquet output: one row per word, the sentence id on every row.

The columns, in this order (`schema()`):

- `sentence` (string): the sentence id, `wsj_0001.mrg:1`;
- one column per `Token` field, in `FIELDS` order and with its name: the
  integer fields (`id`, `head`, `ap`, `rp`, `junction`, ...) as int32, `rules`
  as a list of strings, the others as strings; a field that is never None
  (`id`, `word`, `head`, `role`, ...) is a required column;
- `unknown` (map string -> int32): the labels and tags treebank.yaml does
  not know, with their counts, as in JSONL's "unknown"; null when there are
  none, else the same map on every row of the sentence;
- `functions` (string): when the sentence's function tags were predicted,
  JSONL's "functions" as JSON text, keys in its order (`{"model":
  "wsj-dev@1f2e3d4c", "tags": 9, "empty_elements": 1}`) on every row of the sentence, else null;
  a file without this column reads as null.

A sentence's rows are consecutive, in record order (the order JSONL lists
its tokens). Reading takes consecutive rows with the same `sentence` value
as one sentence. Row groups hold whole sentences: a group is closed before
the first row of a new sentence id once it has at least `ROW_GROUP_ROWS`
rows (the last group may be smaller), so the layout depends only on the
rows, and a file joined from shards is byte-identical to one written at
once. Compression zstd, dictionary encoding (the default of pyarrow).

Why one row per word rather than one row per sentence with a nested list
of tokens: on the sample the flat file is smaller and pandas, polars, DuckDB
and dask.dataframe read it several times faster, without unnesting
(`make figures`, section "Parquet").

`read_parquet` reads such a file back into `Sentence` objects, exactly the
ones written. Columns may come in another order or with wider types (int64,
large_string: what pandas writes); a missing or unknown column, or a type
that does not cast, raises `UsageError` naming the file. A sentence with a
null in a required column comes as a `TreeParseError` at `file:row (id)`,
row being the 1-based row of its first word; the next sentences are read.
"""
from __future__ import annotations

import json

from dataclasses import fields
from functools import lru_cache
from operator import attrgetter
from typing import Iterator

from ptb2fd.errors import Location, TreeParseError, UsageError
from ptb2fd.record import FIELDS, INT_FIELDS, Sentence, Token

__all__ = ["ParquetSentenceWriter", "read_parquet", "schema", "ROW_GROUP_ROWS", "row_group_sizes"]

ROW_GROUP_ROWS = 65536  # rows (words): about 2,600 sentences of the sample
COMPRESSION = "zstd"
SENTENCE, UNKNOWN, FUNCTIONS = "sentence", "unknown", "functions"
_NULLABLE = frozenset(f.name for f in fields(Token) if "None" in str(f.type))
_REQUIRED = tuple(name for name in FIELDS if name not in _NULLABLE)
_GETTERS = tuple(attrgetter(name) for name in FIELDS)


@lru_cache(maxsize=1)
def schema():
    """The Arrow schema of a ptb2fd Parquet file (pyarrow imported on first use)."""
    import pyarrow as pa

    def column(name: str):
        if name == "rules":
            kind = pa.list_(pa.string())
        else:
            kind = pa.int32() if name in INT_FIELDS else pa.string()
        return pa.field(name, kind, nullable=name in _NULLABLE)

    return pa.schema([pa.field(SENTENCE, pa.string(), nullable=False)] + [column(n) for n in FIELDS]
                     + [pa.field(UNKNOWN, pa.map_(pa.string(), pa.int32())), pa.field(FUNCTIONS, pa.string())],
                     metadata={"ptb2fd": "one row per word; see ptb2fd/formats/parquet.py"})


def _table_of(columns: list[list]):
    """An Arrow table of columns in `schema()` order."""
    import pyarrow as pa

    sch = schema()
    return pa.Table.from_arrays([pa.array(c, type=f.type) for c, f in zip(columns, sch)], schema=sch)


class ParquetSentenceWriter:
    """Writes sentences (`add`) or tables of rows (`add_table`, e.g. the
    shards of one run, in order) to one Parquet file, cutting row groups as
    the module docstring says whichever way the rows come."""

    def __init__(self, sink):
        import pyarrow.parquet as pq

        self._writer = pq.ParquetWriter(sink, schema(), compression=COMPRESSION)
        self._columns: list[list] = [[] for _ in range(len(FIELDS) + 3)]  # sentences added, not yet a table
        self._pending: list = []  # tables waiting for a row-group cut
        self._pending_rows = 0
        self.sentences = 0

    def add(self, sentence: Sentence) -> None:
        # Column by column (a C-level map per field): building row tuples
        # first cost four times as much.
        toks, columns = sentence.tokens, self._columns
        columns[0].extend([sentence.id] * len(toks))
        for column, value_of in zip(columns[1:-2], _GETTERS):
            column.extend(map(value_of, toks))
        columns[-2].extend([sentence.unknown or None] * len(toks))
        columns[-1].extend([json.dumps(sentence.functions) if sentence.functions else None]
                           * len(toks))
        self.sentences += 1
        if len(columns[0]) >= ROW_GROUP_ROWS:
            self._take_rows()

    def _take_rows(self) -> None:
        if self._columns[0]:
            columns, self._columns = self._columns, [[] for _ in self._columns]
            self.add_table(_table_of(columns))

    def add_table(self, table) -> None:
        """Rows of whole sentences, in order, with `schema()`."""
        if table.num_rows == 0:
            return
        self._pending.append(table)
        self._pending_rows += table.num_rows
        while self._pending_rows > ROW_GROUP_ROWS:
            import pyarrow as pa

            rows = pa.concat_tables(self._pending)
            cut = _first_new_sentence(rows.column(SENTENCE), ROW_GROUP_ROWS)
            if cut is None:
                self._pending = [rows]
                return
            self._write(rows.slice(0, cut))
            rest = rows.slice(cut)
            self._pending, self._pending_rows = [rest], rest.num_rows

    def _write(self, table) -> None:
        # One chunk per column: how the rows were chunked must not change the bytes.
        self._writer.write_table(table.combine_chunks(), row_group_size=table.num_rows + 1)

    def close(self) -> None:
        import pyarrow as pa

        self._take_rows()
        if self._pending_rows:
            self._write(pa.concat_tables(self._pending))
        self._pending, self._pending_rows = [], 0
        self._writer.close()

    def __enter__(self) -> "ParquetSentenceWriter":
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is None:
            self.close()


def _first_new_sentence(ids, start: int) -> int | None:
    """The first row at or after `start` whose sentence id differs from the
    row before it, or None."""
    import pyarrow.compute as pc

    tail = ids.slice(start - 1)
    changed = pc.not_equal(tail.slice(1), tail.slice(0, len(tail) - 1))
    at = pc.index(changed, True).as_py()
    return None if at < 0 else start + at


def open_parquet(path: str):
    """pyarrow's ParquetFile of `path` (UsageError naming the file if it is none)."""
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(path)
    except (OSError, ValueError) as exc:  # pyarrow.ArrowInvalid is a ValueError
        raise UsageError(f"{path}: not a Parquet file ({exc})") from None


def row_group_sizes(path: str) -> list[int]:
    """The rows of each row group of `path` (UsageError if it is no Parquet file)."""
    meta = open_parquet(path).metadata
    return [meta.row_group(g).num_rows for g in range(meta.num_row_groups)]


def _checked(path: str, table):
    """`table` with the columns of `schema()`, in its order and types."""
    import pyarrow as pa

    want = schema()
    have = set(table.column_names)
    missing = [f.name for f in want if f.name not in have and f.name not in (UNKNOWN, FUNCTIONS)]
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


def _sentences(path: str, columns, first_row: int, part: tuple[int, int]):
    ids = columns[0].to_pylist()
    starts = [i for i in range(len(ids)) if i == 0 or ids[i] != ids[i - 1]]
    k, of = part
    chosen = starts[len(starts) * k // of:len(starts) * (k + 1) // of]
    if not chosen:
        return
    lo = chosen[0]
    hi = starts[starts.index(chosen[-1]) + 1] if chosen[-1] != starts[-1] else len(ids)
    values = [c.slice(lo, hi - lo).to_pylist() for c in columns]
    nulls = {name for name, c in zip(FIELDS, columns[1:-2]) if name in _REQUIRED and c.null_count}
    rows = list(zip(*values[1:-2]))
    unknown, functions = values[-2], values[-1]
    bounds = [s - lo for s in chosen] + [hi - lo]
    for a, b in zip(bounds, bounds[1:]):
        sid = ids[lo + a]
        if nulls:
            bad = [FIELDS[j] for j in range(len(FIELDS)) if FIELDS[j] in nulls
                   and any(r[j] is None for r in rows[a:b])]
            if bad:
                yield first_row + lo + a + 1, TreeParseError(
                    f"bad Parquet rows: null in required column(s) {', '.join(bad)}",
                    Location(path, first_row + lo + a + 1, sid))
                continue
        tokens = [Token(*r[:-1], list(r[-1] or ())) for r in rows[a:b]]
        labels = unknown[a]
        made = functions[a]
        yield first_row + lo + a + 1, Sentence(sid, tokens, dict(labels) if labels else None,
                                               json.loads(made) if made else None)
