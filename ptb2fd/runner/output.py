"""Where `convert` writes: atomic files, standard output, and the handling
of each Result (text out, errors and skips on stderr, `--strict`), shared by
the local engine and the Dask engine (`dask_engine.py`).

A full disk (ENOSPC, EDQUOT, EFBIG) ends the run with one line naming the
output and exit status 1: with `-o FILE` the temporary file is removed and
the previous FILE stays as it was; on standard output the rest of the run's
text is dropped (fd 1 is pointed at /dev/null so that Python's own flush at
exit does not print a traceback). The rules for output paths (folders
created, paths checked before the work, temporary names, the `.part` files
of killed runs) are in targets.py.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator

from ptb2fd.errors import UsageError
from ptb2fd.runner.targets import (  # noqa: F401 - OutputFullError: part of this module's interface
    PART,
    OutputFullError,
    clear_stale_parts,
    is_full,
    output_error,
    temp_prefix,
)


def quiet_stdout() -> None:
    """Point fd 1 at /dev/null: what Python still holds for it is dropped
    without a second error at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


@contextmanager
def atomic_output(path: str | None, binary: bool = False, durable: bool = True) -> Iterator[IO]:
    """stdout, or a temporary file renamed onto `path` only on success, so an
    interrupted run never leaves a truncated file that looks complete.
    `binary`: the handle takes bytes. `durable`: fsync before the rename
    (skipped for a shard that is joined into the real output at once)."""
    if path is None or path == "-":
        try:
            yield sys.stdout.buffer if binary else sys.stdout
            sys.stdout.flush()
        except OSError as exc:
            if not is_full(exc):
                raise
            quiet_stdout()
            raise OutputFullError(f"standard output: cannot write: {exc.strerror}") from None
        return
    mode, text = ("wb", {}) if binary else ("w", {"encoding": "utf-8", "newline": "\n"})
    target = Path(path)
    if target.exists() and not target.is_file():
        # A device or a pipe (/dev/null, a FIFO): write to it directly. A
        # rename would replace the device node itself.
        try:
            with open(target, mode, **text) as handle:
                yield handle
        except OSError as exc:
            if not is_full(exc):
                raise
            raise output_error(exc, path, False) from None
        return
    existed = target.exists()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        clear_stale_parts(target.parent, target.name)
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target.name), suffix=PART, dir=str(target.parent))
    except OSError as exc:
        raise UsageError(f"{path}: cannot write here: {exc.strerror or exc}") from None
    # Ctrl-C and SIGTERM (see cmd_convert) go through the clean-up below; a
    # process killed outright (SIGKILL, a crash) can leave the ".part" file,
    # never a truncated file under the target's name; the next run writing
    # `path` removes it (targets.clear_stale_parts).
    try:
        # mkstemp makes the file private (0600); give it the mode a plain
        # open() would, so the renamed output is readable as usual.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, mode, **text) as handle:
            try:
                yield handle
            except OSError as exc:  # a full disk while writing; other errors are not about the output
                if is_full(exc):
                    raise output_error(exc, path, existed) from None
                raise
            try:
                handle.flush()
                if durable:
                    os.fsync(handle.fileno())
            except OSError as exc:
                raise output_error(exc, path, existed) from None
        try:
            os.replace(tmp, target)
        except OSError as exc:  # e.g. an immutable target (chattr +i)
            raise output_error(exc, path, existed) from None
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if is_full(exc):  # the close of the handle (its last flush)
            raise output_error(exc, path, existed) from None
        raise


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr)


class ResultSink:
    """Writes each Result's text, reports failures (on stderr, or to `say`:
    a worker collects its lines for the driver to print in order), and
    counts everything in `summary`; `add` says when `--strict` stops. A
    skipped tree (markup only: a spoken treebank has hundreds) is counted
    in the summary line; it gets a line of its own only with `verbose`
    (--verbose), and is listed in --stats."""

    def __init__(self, quiet: bool = False, strict: bool = False, say=_to_stderr, verbose: bool = False):
        from ptb2fd.runner.stream import Summary

        self.summary = Summary()
        self.quiet, self.strict, self.say, self.verbose = quiet, strict, say, verbose and not quiet
        self.stopped: str | None = None  # id of the sentence --strict stopped at

    def add(self, result, out: IO[str] | None) -> bool:
        """Handle one Result; True when the run must stop (--strict)."""
        self.summary.add(result)
        if result.text is not None:
            text = result.text
            out.write(text if text.endswith("\n") else text + "\n")
        elif result.status == "failed":
            if not self.quiet:
                self.say(f"ptb2fd: {result.error}")
            if self.strict:
                self.stopped = result.sent_id
                return True
        elif result.status == "skipped" and self.verbose:
            self.say(f"ptb2fd: {result.location}: skipped ({result.reason})")
        return False

    def finish(self, output: str | None, stats_path: str | None, rule_ids) -> int:
        """The unknown-label warnings, the summary line and --stats; the exit status."""
        summary, stopped = self.summary, self.stopped
        for key, count in sorted(summary.notes.items()):
            if key.startswith("unknown-"):
                what, _, name = key.partition(":")
                print(f"ptb2fd: warning: {what.replace('-', ' ')} {name!r} in {count} place(s) "
                      f"(converted with the default rules; listed by `ptb2fd stats`)", file=sys.stderr)
        where = ""
        if stopped is not None:
            where = f" (stopped at the first error, {stopped}: --strict" + \
                ("; nothing written to -o)" if output and output != "-" else ")")
        print(f"ptb2fd: {summary.line()}{where}", file=sys.stderr)
        warning = summary.auto_warning()
        if warning:
            print(f"ptb2fd: {warning}", file=sys.stderr)
        if stats_path:
            data = summary.to_json(rule_ids)
            if stopped is not None:
                data["stopped_at"] = stopped
            with atomic_output(stats_path) as handle:
                json.dump(data, handle, indent=1, sort_keys=False)
                handle.write("\n")
        return 1 if summary.failed else 0
