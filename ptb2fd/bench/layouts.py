"""Parquet layouts measured: one row per word (what `--format parquet` writes)
against one row per sentence holding a nested list of its words.

    python -m ptb2fd.bench.layouts FILE.parquet [--repeat N] [--json]

FILE is a file of `convert --format parquet`; the nested file is made from
it (same compression, row groups of about as many words). For each layout:
the file's size, and the CPU seconds (all threads, best of `repeat`) that
pyarrow, pandas, polars, DuckDB and dask.dataframe take to load the whole
file into their table, and to count the words of each role (the nested
layout needs its list unnested first). `make figures` shows the result
(section "Parquet layouts"); a reader that is not installed is left out.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

TASKS = ("load", "roles")


def nested_copy(flat_path: str, nested_path: str) -> None:
    """`flat_path`'s sentences as one row each: `sentence`, `unknown` and a
    `tokens` list of structs (the word columns)."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from ptb2fd.formats.parquet import COMPRESSION, ROW_GROUP_ROWS

    table = pq.read_table(flat_path).combine_chunks()
    ids = table.column("sentence")
    changed = pc.not_equal(ids.slice(1), ids.slice(0, len(ids) - 1)) if len(ids) > 1 else pa.array([], pa.bool_())
    starts = [0] + [i + 1 for i in pc.indices_nonzero(changed).to_pylist()]
    words = [n for n in table.column_names if n not in ("sentence", "unknown")]
    tokens = pa.StructArray.from_arrays([table.column(n).chunk(0) for n in words], names=words)
    lists = pa.ListArray.from_arrays(pa.array(starts + [len(ids)], pa.int32()), tokens)
    take = pa.array(starts, pa.int64())
    nested = pa.table({"sentence": table.column("sentence").take(take), "tokens": lists,
                       "unknown": table.column("unknown").take(take)})
    per_group = max(1, round(ROW_GROUP_ROWS * len(starts) / max(1, len(ids))))
    pq.write_table(nested, nested_path, compression=COMPRESSION, row_group_size=per_group)


def _readers(path: str, nested: bool) -> dict:
    """name -> task -> a function doing it on `path`."""
    out: dict = {}
    import pyarrow.parquet as pq

    out["pyarrow"] = {"load": lambda: pq.read_table(path),
                      "roles": (lambda: pq.read_table(path).column("tokens").combine_chunks().flatten()
                                .field("role").value_counts()) if nested else
                      (lambda: pq.read_table(path, columns=["role"]).column("role").value_counts())}
    try:
        import pandas as pd

        out["pandas"] = {"load": lambda: pd.read_parquet(path),
                         "roles": (lambda: pd.read_parquet(path)["tokens"].explode().map(lambda t: t["role"])
                                   .value_counts()) if nested else
                         (lambda: pd.read_parquet(path, columns=["role"])["role"].value_counts())}
    except ImportError:
        pass
    try:
        import polars as pl

        out["polars"] = {"load": lambda: pl.read_parquet(path),
                         "roles": (lambda: pl.read_parquet(path).select(pl.col("tokens")).explode("tokens")
                                   .unnest("tokens")["role"].value_counts()) if nested else
                         (lambda: pl.read_parquet(path, columns=["role"])["role"].value_counts())}
    except ImportError:
        pass
    try:
        import duckdb

        roles = (f"SELECT t.role, count(*) FROM (SELECT unnest(tokens) AS t FROM '{path}') GROUP BY t.role"
                 if nested else f"SELECT role, count(*) FROM '{path}' GROUP BY role")
        out["duckdb"] = {"load": lambda: duckdb.sql(f"SELECT * FROM '{path}'").to_arrow_table(),
                         "roles": lambda: duckdb.sql(roles).fetchall()}
    except ImportError:
        pass
    try:
        import dask.dataframe as dd

        def dask_roles():
            if nested:
                frame = dd.read_parquet(path, columns=["tokens"])["tokens"].explode()
                return frame.map(lambda t: t["role"], meta=("role", object)).value_counts().compute(scheduler="sync")
            return dd.read_parquet(path, columns=["role"])["role"].value_counts().compute(scheduler="sync")

        out["dask.dataframe"] = {"load": lambda: dd.read_parquet(path).compute(scheduler="sync"), "roles": dask_roles}
    except ImportError:
        pass
    return out


def _cpu(task, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        task()
        best = min(best, time.process_time() - start)
    return best


def measure(flat_path: str, repeat: int = 5) -> dict:
    """{"flat": {...}, "nested": {...}}: bytes, and CPU seconds per reader and task."""
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="ptb2fd-layouts-") as tmp:
        nested_path = str(Path(tmp) / "nested.parquet")
        nested_copy(flat_path, nested_path)
        for layout, path in (("flat", flat_path), ("nested", nested_path)):
            row = {"bytes": Path(path).stat().st_size}
            for reader, tasks in _readers(path, layout == "nested").items():
                for task in TASKS:
                    row[f"{reader} {task}"] = round(_cpu(tasks[task], repeat), 4)
            out[layout] = row
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ptb2fd.bench.layouts", description=__doc__.splitlines()[0])
    p.add_argument("file", metavar="FILE.parquet", help="a file of `ptb2fd convert --format parquet`")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = p.parse_args(argv)
    result = measure(args.file, args.repeat)
    if args.json:
        print(json.dumps(result))
        return 0
    for layout, row in result.items():
        print(f"{layout}: {row['bytes']:,} bytes; " + ", ".join(f"{k} {v:.3f} s" for k, v in row.items()
                                                               if k != "bytes"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
