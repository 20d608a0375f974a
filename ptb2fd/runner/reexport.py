"""`ptb2fd convert RECORDS -o OTHER`: converted records written in another format, not converted again.

    ptb2fd convert corpus.jsonl -o corpus.parquet
    ptb2fd convert corpus.parquet -o corpus.conllup

The inputs are records in any format `convert` writes (found by content,
runner/converted.py); the output's format comes from its name as for trees
(formats/registry.py). Every record is written as it was read, with its
provenance (so the file still says how the records were made), in input
order and with the ids it had: JSONL -> CoNLL-U Plus -> Parquet -> JSONL
gives the records back field for field. A record that cannot be read is
reported (file, line or row, sentence id) and left out; the run then exits
1. No record at all: "no records in FILE", exit 1, nothing written.
"""
from __future__ import annotations

import sys

from ptb2fd.errors import EmptyInputError, TreeParseError, UsageError


class _Discard(Exception):
    """Raised inside atomic_output to throw the temporary file away."""


def reexport(args, paths: list[str]) -> int:
    """Write the records of `paths` to `args.output` in `args.format`; the exit status."""
    from ptb2fd.runner.converted import converted_files, records, whole
    from ptb2fd.runner.output import atomic_output

    files = converted_files(paths)
    if args.jobs > 1 or args.engine != "local":
        print("ptb2fd: note: records are re-exported by this process alone (--jobs and --engine apply to "
              "converting trees)", file=sys.stderr)
    read = failed = 0
    try:
        with atomic_output(args.output, binary=True) as out:
            writer = SentenceWriter(args.format, out, args.gzip)
            for path, kind in files:
                for _, item in records(whole(path, kind)):
                    read += 1
                    if isinstance(item, TreeParseError):
                        failed += 1
                        if not args.quiet:
                            print(f"ptb2fd: {item}", file=sys.stderr)
                        if args.strict:
                            writer.close()
                            raise _Discard()
                        continue
                    writer.add(item)
            writer.close()
            if read == 0:
                raise EmptyInputError(f"no records in {' '.join(paths)}")
    except _Discard:
        print(f"ptb2fd: read {read}, failed {failed} (stopped at the first error: --strict; nothing written "
              f"to -o)", file=sys.stderr)
        return 1
    print(f"ptb2fd: read {read}, written {read - failed}, failed {failed} (records re-exported as {args.format})",
          file=sys.stderr)
    return 1 if failed else 0


class SentenceWriter:
    """Sentences to a binary handle in one output format (text formats as
    UTF-8, `.jsonl.gz` compressed, Parquet by ParquetSentenceWriter)."""

    def __init__(self, fmt: str, out, gzip: bool = False):
        self.fmt = fmt
        self._gzip = None
        if fmt == "parquet":
            from ptb2fd.formats.parquet import ParquetSentenceWriter

            self._parquet = ParquetSentenceWriter(out)
            return
        self._parquet = None
        if gzip:
            import gzip as gz

            out = self._gzip = gz.GzipFile(filename="", fileobj=out, mode="wb", mtime=0)
        self._out = out
        from ptb2fd.runner.shards import renderer

        try:
            self._render = renderer(fmt)
        except KeyError:
            raise UsageError(f"--format {fmt}: not written from records") from None
        from ptb2fd.formats.registry import header

        out.write(header(fmt).encode("utf-8"))

    def add(self, sentence) -> None:
        if self._parquet is not None:
            self._parquet.add(sentence)
            return
        text = self._render(sentence)
        self._out.write((text if text.endswith("\n") else text + "\n").encode("utf-8", "surrogateescape"))

    def close(self) -> None:
        if self._parquet is not None:
            self._parquet.close()
        elif self._gzip is not None:
            self._gzip.close()
