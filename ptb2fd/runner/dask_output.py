"""Writing what `convert --engine dask` gathers: one output, or shards and a manifest.

With `-o FILE` (or stdout) the partitions' records are written in input
order to one file, byte-identical to `--jobs 1` (`write_one`). With
`-o DIR/` each partition is one shard, `part-00000.jsonl` ..., written
atomically, and `manifest.json` (written last) lists the shards in order
with their sentence counts, sizes and SHA-256, and the run's summary; shards
of an earlier run that the new manifest does not list are removed. With
--strict, the run stops at the first failure and no manifest (or -o file)
is written.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from ptb2fd.runner.output import ResultSink, atomic_output

SHARD_EXT = {"jsonl": "jsonl", "conllup": "conllup", "halogen": "halogen"}


def shard_dir(output: str | None) -> Path | None:
    if output and output != "-" and (output.endswith(("/", os.sep)) or os.path.isdir(output)):
        return Path(output)
    return None


class _Hashing:
    """A text handle that also hashes what is written to it."""

    def __init__(self, handle):
        self.handle, self.sha, self.bytes = handle, hashlib.sha256(), 0

    def write(self, text: str) -> None:
        data = text.encode("utf-8")
        self.sha.update(data)
        self.bytes += len(data)
        self.handle.write(text)


def write_shards(folder: Path, stream, sink: ResultSink, fmt: str) -> bool:
    """One shard per partition and manifest.json (written last). False when
    --strict stopped the run (no manifest is written then)."""
    from ptb2fd.formats import conllup

    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / "manifest.json"
    old = set()
    if manifest_path.is_file():
        try:
            old = {s["file"] for s in json.loads(manifest_path.read_text(encoding="utf-8"))["shards"]}
        except (ValueError, KeyError, TypeError):
            old = set()
    shards = []
    for i, results in stream:
        name = f"part-{i:05d}.{SHARD_EXT[fmt]}"
        n = 0
        with atomic_output(str(folder / name)) as handle:
            out = _Hashing(handle)
            if fmt == "conllup":
                out.write(conllup.header())
            for result in results:
                n += result.text is not None
                if sink.add(result, out):
                    return False
        shards.append({"file": name, "sentences": n, "bytes": out.bytes, "sha256": out.sha.hexdigest()})
    s = sink.summary
    manifest = {"format": fmt, "sentences": sum(x["sentences"] for x in shards), "shards": shards,
                "summary": {"read": s.read, "converted": s.converted, "failed": s.failed, "skipped": s.skipped}}
    with atomic_output(str(manifest_path)) as handle:
        json.dump(manifest, handle, indent=1)
        handle.write("\n")
    for stale in old - {x["file"] for x in shards}:
        if stale.startswith("part-"):
            (folder / stale).unlink(missing_ok=True)
    return True


class _Stop(Exception):
    """--strict stopped the run: the -o file is discarded."""


def write_one(output: str | None, stream, sink: ResultSink, fmt: str, header: str) -> None:
    try:
        with atomic_output(output) as out:
            if fmt == "conllup":
                out.write(header)
            for _, results in stream:
                for result in results:
                    if sink.add(result, out):
                        if out is not sys.stdout:
                            raise _Stop()
                        return
    except _Stop:
        pass
