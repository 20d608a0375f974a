"""`python -m ptb2fd` and the `ptb2fd` script: the command line.

The script's entry point is `main` here, not `ptb2fd.cli.main`, so that the
import of the command line itself is inside the Ctrl-C handling: a Ctrl-C
while Python is still importing ends the command with one line (exit 130),
not a traceback from an import.

May import: cli.
"""
import sys


def main() -> int:
    try:
        from ptb2fd.cli import main as run_command_line

        return run_command_line()
    except KeyboardInterrupt:  # before (or after) the command line's own handling
        sys.stderr.write("ptb2fd: interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())
