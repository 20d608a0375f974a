"""Parquet output: one row per word, the sentence id on every row.

The columns, in this order (`schema()`):

- `sentence` (string): the sentence id, `wsj_0001.mrg:1`;
- one column per `Token` field, in `FIELDS` order and with its name: the
  integer fields (`id`, `head`, `ap`, `rp`, `junction`, ...) as int32, `rules`
  as a list of strings, the others as strings; a field that is never None
  (`id`, `word`, `head`, `role`, ...) is a required column;
- the sentence's fields, the same value on every row of the sentence, null
  when the sentence has none: `unknown` (map string -> int32): the labels
  and tags treebank.yaml does not know, with their counts, as in JSONL's
  "unknown"; `functions` (struct of model string, tags int32,
  empty_elements int32): the function tags were predicted, by that model;
  `markup` (int32): markup leaves removed from the tree; `provenance`
  (string, JSON): how the records were made, as in JSONL (dictionary
  encoding stores it once per row group).

The file's key-value metadata holds `ptb2fd.provenance`: the JSON of the
provenance of its sentences (a JSON list when they differ, e.g. a file
re-exported from two runs; absent when no sentence has one), and `ptb2fd`:
a pointer to this description.

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

`read_parquet` (parquet_read.py) reads such a file back into `Sentence`
objects, exactly the ones written.
"""
from __future__ import annotations

import json
from dataclasses import fields
from functools import lru_cache
from operator import attrgetter

from ptb2fd.errors import UsageError
from ptb2fd.record import FIELDS, INT_FIELDS, Sentence, Token

__all__ = ["ParquetSentenceWriter", "schema", "ROW_GROUP_ROWS", "row_group_sizes", "file_provenance"]

ROW_GROUP_ROWS = 65536  # rows (words): about 2,600 sentences of the sample
COMPRESSION = "zstd"
SENTENCE, UNKNOWN = "sentence", "unknown"
SENTENCE_COLUMNS = (UNKNOWN, "functions", "markup", "provenance")  # after the Token fields, in this order
META_PROVENANCE = b"ptb2fd.provenance"
NULLABLE = frozenset(f.name for f in fields(Token) if "None" in str(f.type))
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
        return pa.field(name, kind, nullable=name in NULLABLE)

    functions = pa.struct([("model", pa.string()), ("tags", pa.int32()), ("empty_elements", pa.int32())])
    return pa.schema([pa.field(SENTENCE, pa.string(), nullable=False)] + [column(n) for n in FIELDS]
                     + [pa.field(UNKNOWN, pa.map_(pa.string(), pa.int32())), pa.field("functions", functions),
                        pa.field("markup", pa.int32()), pa.field("provenance", pa.string())],
                     metadata={"ptb2fd": "one row per word; see ptb2fd/formats/parquet.py"})


def _made(sentence: Sentence) -> str | None:
    """The provenance column's value (JSON, one string per distinct dict)."""
    made = sentence.provenance
    if made is None:
        return None
    key = id(made)
    cached = _MADE.get(key)
    if cached is None or cached[0] is not made:
        cached = _MADE[key] = (made, json.dumps(made, ensure_ascii=False, separators=(",", ":")))
        if len(_MADE) > 64:
            _MADE.clear()
    return cached[1]


_MADE: dict[int, tuple[dict, str]] = {}


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
        self._columns: list[list] = [[] for _ in range(len(FIELDS) + 1 + len(SENTENCE_COLUMNS))]  # not yet a table
        self._provenance: list[str] = []  # distinct values of the provenance column, in order
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
        made = _made(sentence)
        for column, value in zip(columns[-4:], (sentence.unknown or None, sentence.functions or None,
                                                sentence.markup or None, made)):
            column.extend([value] * len(toks))
        if made is not None and made not in self._provenance[-1:]:
            self._note(made)
        self.sentences += 1
        if len(columns[0]) >= ROW_GROUP_ROWS:
            self._take_rows()

    def _take_rows(self) -> None:
        if self._columns[0]:
            columns, self._columns = self._columns, [[] for _ in self._columns]
            self.add_table(_table_of(columns), noted=True)

    def _note(self, made: str) -> None:
        if made not in self._provenance:
            self._provenance.append(made)

    def add_table(self, table, noted: bool = False) -> None:
        """Rows of whole sentences, in order, with `schema()` (`noted`: their
        provenance is noted already)."""
        if table.num_rows == 0:
            return
        if not noted:
            import pyarrow.compute as pc

            for made in pc.unique(table.column("provenance")).to_pylist():
                if made is not None:
                    self._note(made)
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
        if self._provenance:
            made = [json.loads(m) for m in self._provenance]
            self._writer.add_key_value_metadata({META_PROVENANCE.decode(): json.dumps(
                made[0] if len(made) == 1 else made, ensure_ascii=False, separators=(",", ":"))})
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


def file_provenance(path: str):
    """The `ptb2fd.provenance` of a file's metadata (a dict, a list of them), or None."""
    meta = open_parquet(path).metadata.metadata or {}
    value = meta.get(META_PROVENANCE)
    return None if value is None else json.loads(value)
