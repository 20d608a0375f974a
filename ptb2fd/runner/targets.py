"""Where commands write: an output path checked before the work starts,
temporary names, the temporary files of killed runs, folders written whole.

The policy every command that writes follows (and states in its --help):

- Folders missing on an output path are created: `-o out/new/x.jsonl`
  creates out/new.
- An output that cannot be written is refused before any work, in one line,
  exit status 2 (`check_output_file`, `check_output_folder`): a folder where
  a file is wanted or a file where a folder is, a path through a file, a
  folder ptb2fd may not write in, a file that may not be replaced (read-only,
  or immutable: `chattr +i`).
- A file is written as `.NAME.PID.XXXXXXXX.part` beside NAME and renamed
  onto it when complete (`atomic_output` in output.py); a folder output
  (`regen --report`, `analyse -o`) is written into a temporary folder of
  the same form and its files are moved in once all are written
  (`atomic_folder`). A write that fails (a full disk) ends the run with one
  line and exit status 1 (`OutputError`); the previous output is kept.
- A `.part` left by a run that was killed (SIGKILL, a power cut) is removed
  by the next run that writes the same output, with a warning naming it;
  one whose process is still running (another run writing the same output
  now) is left alone. A `.part` without a process id (ptb2fd before
  0.2) is only named in a warning.

Known limit: a process id is only meaningful on this machine, so on a
folder shared between machines a `.part` of a run elsewhere whose id
happens to be free here is removed.
"""
from __future__ import annotations

import errno
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ptb2fd.errors import Ptb2fdError, UsageError

FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})
PART = ".part"


class OutputError(Ptb2fdError):
    """An output could not be written (exit status 1); the previous one is kept."""


class OutputFullError(OutputError):
    """The output could not be written: the disk (or quota) is full (exit 1)."""


def is_full(exc: BaseException) -> bool:
    return isinstance(exc, OSError) and exc.errno in FULL


def output_error(exc: OSError, path: str | Path, existed: bool, what: str = "file") -> OutputError:
    """The one-line error for a write to `path` that failed with `exc`."""
    kept = f"the previous {what} is kept" if existed else "nothing written"
    cls = OutputFullError if is_full(exc) else OutputError
    return cls(f"{path}: cannot write: {exc.strerror or exc} ({kept})")


def _nearest_existing(folder: Path) -> Path:
    while not os.path.lexists(folder) and folder != folder.parent:
        folder = folder.parent
    return folder


def _check_parent(option: str, path: str, folder: Path) -> None:
    """`folder` exists and may be written in, or can be created."""
    existing = _nearest_existing(folder)
    if not existing.is_dir():
        raise UsageError(f"{option} {path}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {path}: cannot write in {existing} (read-only folder)")


def _check_replaceable(option: str, path: str | Path) -> None:
    if os.path.isfile(path) and not os.access(path, os.W_OK):
        raise UsageError(f"{option} {path}: the file may not be replaced (read-only or immutable); "
                         "choose another name or make it writable")


def check_output_file(option: str, path: str | None) -> None:
    """Refuse (UsageError, exit 2) an output file that cannot be written."""
    if path is None or path == "-":
        return
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{option} {path}: is a folder")
    if target.exists() and not target.is_file():  # a device or a pipe: written directly
        if not os.access(target, os.W_OK):
            raise UsageError(f"{option} {path}: may not be written")
        return
    _check_replaceable(option, path)
    _check_parent(option, path, target.parent)


def check_output_folder(option: str, path: str | None) -> None:
    """Refuse (UsageError, exit 2) an output folder that cannot be written."""
    if path is None:
        return
    target = Path(path)
    if target.exists() and not target.is_dir():
        raise UsageError(f"{option} {path}: is a file, not a folder")
    if target.is_dir():
        if not os.access(target, os.W_OK | os.X_OK):
            raise UsageError(f"{option} {path}: cannot write in this folder (read-only)")
        for entry in os.scandir(target):
            if entry.is_file():
                _check_replaceable(option, entry.path)
        return
    _check_parent(option, path, target.parent)


def temp_prefix(name: str) -> str:
    return f".{name}.{os.getpid()}."


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    except OSError:
        return False
    return True


def _size(path: str) -> str:
    try:
        size = os.path.getsize(path) if not os.path.isdir(path) else sum(
            e.stat().st_size for e in os.scandir(path) if e.is_file())
    except OSError:
        return ""
    return f" ({size / 1e6:.1f} MB)" if size >= 100_000 else f" ({size:,} bytes)"


def clear_stale_parts(folder: Path, name: str, warn: bool = True) -> None:
    """Remove the `.NAME.PID.*.part` of processes that no longer run
    (`warn`: name each on stderr; not for a shard whose worker died and
    whose task is being run again, shards.write_shard)."""
    prefix = f".{name}."
    try:
        entries = [e for e in os.scandir(folder) if e.name.startswith(prefix) and e.name.endswith(PART)]
    except OSError:
        return
    for entry in entries:
        pid, dot, _ = entry.name[len(prefix):-len(PART)].partition(".")
        if not (dot and pid.isdigit()):
            print(f"ptb2fd: warning: {entry.path}{_size(entry.path)} looks left by an earlier run that was "
                  "killed; remove it", file=sys.stderr)
            continue
        if _alive(int(pid)):
            continue
        size = _size(entry.path)
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
        except OSError:
            continue
        if warn:
            print(f"ptb2fd: warning: removed {entry.path}{size}, left by an earlier run that was killed",
                  file=sys.stderr)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _sync_tree(folder: Path) -> None:
    """fsync every file: a full disk shows here (delayed allocation), before any rename."""
    for entry in os.scandir(folder):
        if entry.is_file(follow_symlinks=False):
            fd = os.open(entry.path, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)


def _move_in(staging: Path, target: Path, path: str) -> None:
    """Move the files of `staging` into the existing folder `target`: every
    target checked first, so a refusal leaves the old folder whole."""
    names = sorted(os.listdir(staging))
    for name in names:
        if os.path.isfile(target / name) and not os.access(target / name, os.W_OK):
            raise OutputError(f"{path}: {name} may not be replaced (read-only or immutable); "
                              "the previous files are kept")
    for name in names:
        os.replace(staging / name, target / name)
    staging.rmdir()


@contextmanager
def atomic_folder(path: str, what: str = "report") -> Iterator[Path]:
    """A temporary folder to write into; its files appear in `path` only
    when the block ends without an error. A new `path` is the temporary
    folder renamed; an existing one gets the files moved in (files of the
    old output that the new one does not write stay)."""
    target = Path(path)
    existed = target.is_dir()
    home = target if existed else target.parent
    try:
        home.mkdir(parents=True, exist_ok=True)
        clear_stale_parts(target.parent, target.name)
        if existed:
            clear_stale_parts(target, target.name)
        staging = Path(tempfile.mkdtemp(prefix=temp_prefix(target.name), suffix=PART, dir=home))
    except OSError as exc:
        raise UsageError(f"{path}: cannot write here: {exc.strerror or exc}") from None
    try:
        try:
            yield staging
        except OSError as exc:  # a full disk while writing; other errors are not about the output
            if is_full(exc):
                raise output_error(exc, path, existed, what) from None
            raise
        try:
            _sync_tree(staging)
            if existed:
                _move_in(staging, target, path)
            else:
                os.chmod(staging, 0o777 & ~_umask())
                os.rename(staging, target)
        except OSError as exc:
            raise output_error(exc, path, existed, what) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


@contextmanager
def terminate_as_exit() -> Iterator[None]:
    """SIGTERM ends the run like Ctrl-C does, through the clean-up code (no
    temporary file left behind). Forked workers keep the default action."""
    import signal

    if not hasattr(signal, "SIGTERM"):
        yield
        return
    main_pid = os.getpid()

    def handler(signum, frame):
        if os.getpid() != main_pid:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
