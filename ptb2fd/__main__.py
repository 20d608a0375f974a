"""`python -m ptb2fd` and the `ptb2fd` script: the command line.

The script's entry point is `main` here, not `ptb2fd.cli.main`, so that the
import of the command line itself is inside the Ctrl-C handling: a Ctrl-C
while Python is still importing ends the command with one line (exit 130),
not a traceback from an import.

May import: cli.
"""
import os
import signal
import sys
import threading

EXIT_INTERRUPTED = 130


def _interrupt_again(unraisable, previous=sys.unraisablehook) -> None:
    """A Ctrl-C that lands while Python runs a finalizer cannot be raised
    there: Python prints "Exception ignored in: <function Group.__del__>"
    (regex, while nltk is imported) and the command runs to its end. The
    signal is sent again from another thread, to land outside the finalizer."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        threading.Timer(0.01, os.kill, (os.getpid(), signal.SIGINT)).start()
        return
    previous(unraisable)


def _exit_interrupted() -> None:
    """Exit 130 now. A Ctrl-C raised inside `exec` or `eval` of a string
    (dataclasses and namedtuples are built that way while modules are
    imported) makes CPython end the process by SIGINT at exit even though
    the interrupt was handled, and the shell sees no exit status 130."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(EXIT_INTERRUPTED)


def main() -> int:
    sys.unraisablehook = _interrupt_again
    try:
        from ptb2fd.cli import main as run_command_line

        status = run_command_line()
    except KeyboardInterrupt:  # before (or after) the command line's own handling
        sys.stderr.write("ptb2fd: interrupted\n")
        status = EXIT_INTERRUPTED
    if status == EXIT_INTERRUPTED:
        _exit_interrupted()
    return status


if __name__ == "__main__":
    sys.exit(main())
