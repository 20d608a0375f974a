"""Writing what `convert --engine dask` gathers for standard output.

With `-o FILE` or `-o DIR/` the workers write shards themselves
(`shards.py`, `shard_output.py`). Without `-o` (or `-o -`) the partitions'
rendered records come back and are written here in input order,
byte-identical to `--jobs 1` (`write_one`). With --strict, the run stops at
the first failure.
"""
from __future__ import annotations

from ptb2fd.runner.output import ResultSink, atomic_output


def write_one(output: str | None, stream, sink: ResultSink, fmt: str, header: str) -> None:
    with atomic_output(output) as out:
        out.write(header)  # (formats/registry.py: "" for a format without one)
        for _, results in stream:
            for result in results:
                if sink.add(result, out):
                    return
