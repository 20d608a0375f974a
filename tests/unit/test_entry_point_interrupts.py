"""The `ptb2fd` entry point (ptb2fd.__main__) ends an interrupted command with
exit status 130 and one line, even where CPython's own handling of Ctrl-C
would not: an interrupt raised inside `exec` of a string, and one that lands
in a finalizer."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_with_command_line(body: str, folder: Path) -> subprocess.CompletedProcess:
    """Runs the entry point with `ptb2fd.cli.main` replaced by `body`'s `fake`,
    as `python -m` runs it (CPython's exit path differs from `-c`'s)."""
    (folder / "fake_ptb2fd.py").write_text(textwrap.dedent(body) + textwrap.dedent("""
        import ptb2fd.__main__ as entry
        import ptb2fd.cli as cli
        cli.main = fake
        sys.exit(entry.main())
    """))
    return subprocess.run([sys.executable, "-m", "fake_ptb2fd"], capture_output=True, text=True, timeout=60,
                          cwd=folder, env={"PYTHONPATH": f"{folder}:{ROOT}", "PATH": "/usr/bin:/bin"})


def test_an_interrupt_handled_after_exec_of_a_string_still_exits_130(tmp_path):
    # A dataclass or namedtuple built while the Ctrl-C lands: CPython flags
    # the interrupt as unhandled and would end the process by SIGINT (-2).
    done = run_with_command_line("""
        import sys
        def fake():
            try:
                exec("raise KeyboardInterrupt")
            except KeyboardInterrupt:
                print("ptb2fd: interrupted; no output file written or changed", file=sys.stderr)
                return 130
    """, tmp_path)
    assert done.returncode == 130
    assert done.stderr == "ptb2fd: interrupted; no output file written or changed\n"


def test_an_interrupt_in_a_finalizer_interrupts_the_command(tmp_path):
    # regex's Group.__del__ runs while nltk is imported; a Ctrl-C there was
    # printed as "Exception ignored in ..." and the command ran to its end.
    done = run_with_command_line("""
        import sys, time
        class Finalized:
            def __del__(self):
                raise KeyboardInterrupt
        def fake():
            Finalized()
            for _ in range(200):
                time.sleep(0.01)
            print("ran to the end", file=sys.stderr)
            return 0
    """, tmp_path)
    assert done.returncode == 130
    assert done.stderr == "ptb2fd: interrupted\n"
