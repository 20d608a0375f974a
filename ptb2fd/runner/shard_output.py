"""The driver's side of sharded output: the workers' `PartResult`s taken in input order.

`ShardedOutput` is where the shards of one run go and what is made of them:

- `-o DIR/` (a trailing slash, or an existing folder): the shards stay in
  DIR, and `manifest.json` (written last, atomically) lists them in input
  order with their sentence counts, sizes and SHA-256, and the run's
  summary. A run first removes the manifest of an earlier run, and at the
  end the shards that the new manifest does not list: a folder without a
  manifest is incomplete. A run stopped by --strict, interrupted or failed
  leaves no manifest and none of its shards.
- `-o FILE`: the workers write their shards into a hidden folder beside FILE
  (`.FILE.PID.*.part`, like FILE's temporary file); each shard is appended to FILE's temporary file as
  soon as the shards before it are in, and removed. FILE appears (renamed
  atomically) only when the run completes, byte-identical to `--jobs 1`:
  text shards are concatenated, Parquet shards joined by their rows
  (`ParquetSentenceWriter.add_table` cuts the same row groups).

`take(part)` prints the partition's stderr lines, merges its summary into
the run's and records or joins its shard; it returns True when --strict
stops the run there.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from ptb2fd.runner.output import ResultSink, atomic_output
from ptb2fd.runner.targets import PART, temp_prefix

if TYPE_CHECKING:
    from ptb2fd.runner.shards import PartResult

MANIFEST = "manifest.json"


def shard_dir(output: str | None) -> Path | None:
    """The folder `-o` names for shards (`DIR/`, or an existing folder), else None."""
    if output and output != "-" and (output.endswith(("/", os.sep)) or os.path.isdir(output)):
        return Path(output)
    return None


class _Discard(Exception):
    """Thrown into atomic_output to drop the temporary file."""


class ShardedOutput:
    """See the module docstring. Use as a context manager; `folder` is where
    the workers write."""

    def __init__(self, output: str, fmt: str, sink: ResultSink):
        self.fmt, self.sink = fmt, sink
        self.keep = shard_dir(output)
        self.output = output
        self.folder: Path = self.keep or Path()
        self.shards: list[dict] = []
        self._stack = ExitStack()
        self._out = None
        self._parquet = None
        self._gzip = None
        self._old: set[str] = set()

    def __enter__(self) -> "ShardedOutput":
        if self.keep is not None:
            self.keep.mkdir(parents=True, exist_ok=True)
            manifest = self.keep / MANIFEST
            if manifest.is_file():
                try:
                    self._old = {s["file"] for s in json.loads(manifest.read_text(encoding="utf-8"))["shards"]}
                except (ValueError, KeyError, TypeError):
                    self._old = set()
                manifest.unlink()
            return self
        out = self._stack.enter_context(atomic_output(self.output))
        self._out = out.buffer
        if self.fmt == "jsonl" and self.output.lower().endswith(".jsonl.gz"):  # formats/registry.py
            import gzip

            self._out = self._gzip = gzip.GzipFile(filename="", fileobj=out.buffer, mode="wb", mtime=0)
        if self.fmt == "parquet":
            from ptb2fd.formats.parquet import ParquetSentenceWriter

            self._parquet = ParquetSentenceWriter(self._out)
        target = Path(self.output)
        # Named as the temporary files are (targets.py): a killed run's folder
        # is removed by the next run that writes FILE.
        self.folder = Path(tempfile.mkdtemp(prefix=temp_prefix(target.name), suffix=PART, dir=str(target.parent)))
        self._stack.callback(shutil.rmtree, self.folder, True)
        return self

    def take(self, part: "PartResult") -> bool:
        for line in part.messages:
            print(line, file=sys.stderr)
        self.sink.summary.merge(part.summary)
        if part.stopped is not None:
            self.sink.stopped = part.stopped
            return True
        path = self.folder / part.file
        if self.keep is not None:
            self.shards.append({"file": part.file, "sentences": part.sentences, "bytes": part.bytes,
                                "sha256": part.sha256})
        elif self._parquet is not None:
            import pyarrow.parquet as pq

            self._parquet.add_table(pq.read_table(path))
            path.unlink()
        else:
            with open(path, "rb") as shard:
                shutil.copyfileobj(shard, self._out, 1 << 20)
            path.unlink()
        return False

    def __exit__(self, exc_type, exc, tb) -> bool:
        ok = exc_type is None and self.sink.stopped is None
        if self.keep is not None:
            if ok:
                self._write_manifest()
            else:
                self._remove_shards(set())
            return False
        if ok:
            if self._parquet is not None:
                self._parquet.close()
            if self._gzip is not None:  # its trailer
                self._gzip.close()
            self._stack.close()
            return False
        # Not completed: the temporary file goes (atomic_output), FILE stays as it was.
        if exc_type is None:
            try:
                self._stack.__exit__(_Discard, _Discard(), None)
            except _Discard:
                pass
            return False
        return self._stack.__exit__(exc_type, exc, tb)

    def _write_manifest(self) -> None:
        s = self.sink.summary
        manifest = {"format": self.fmt, "sentences": sum(x["sentences"] for x in self.shards), "shards": self.shards,
                    "summary": {"read": s.read, "converted": s.converted, "failed": s.failed, "skipped": s.skipped}}
        with atomic_output(str(self.keep / MANIFEST)) as handle:
            json.dump(manifest, handle, indent=1)
            handle.write("\n")
        self._remove_shards({x["file"] for x in self.shards})

    def _remove_shards(self, keep: set[str]) -> None:
        """Shards (and temporary shard files) of this folder not in `keep`."""
        for path in self.keep.iterdir():
            name = path.name
            if (name.startswith("part-") or name.startswith(".part-")) and name not in keep and path.is_file():
                path.unlink(missing_ok=True)
