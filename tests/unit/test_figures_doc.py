"""docs/figures.md names only commands that exist: every `ptb2fd …`
command in it parses with today's options, every `python -m MODULE` names
an importable module, every `make TARGET` a Makefile target."""
from __future__ import annotations

import argparse
import importlib.util
import re
import shlex
from pathlib import Path

import pytest

from ptb2fd.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "figures.md"


def commands_in(text: str) -> list[str]:
    return [c.strip() for c in re.findall(r"`((?:ptb2fd|python -m|make) [^`]+)`", text)]


class Rejected(Exception):
    pass


def _reject(parser, message):
    raise Rejected(message)


def problem(command: str) -> str | None:
    """Why `command` would not run today, or None. A command named in prose
    without its required arguments ("`ptb2fd stats` on ...") exists."""
    words = shlex.split(command)
    if words[0] == "ptb2fd":
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(argparse.ArgumentParser, "error", _reject)
            try:
                build_parser().parse_args(words[1:])
            except Rejected as exc:
                if not str(exc).startswith("the following arguments are required"):
                    return f"ptb2fd rejects its arguments: {exc}"
        return None
    if words[:2] == ["python", "-m"]:
        return None if importlib.util.find_spec(words[2]) else f"no module {words[2]}"
    targets = re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M)
    return None if words[1] in targets else f"no make target {words[1]}"


def test_figures_page_exists_and_names_commands():
    assert len(commands_in(PAGE.read_text(encoding="utf-8"))) >= 10


@pytest.mark.parametrize("command", sorted(set(commands_in(PAGE.read_text(encoding="utf-8")))) if PAGE.exists()
                         else [])
def test_every_command_on_the_figures_page_exists(command, capsys):
    assert problem(command) is None


def test_a_vanished_command_or_option_is_caught(capsys):
    assert problem("ptb2fd regen --corpus treebank --view paper --json") is None
    assert problem("ptb2fd regenerate --corpus treebank") is not None
    assert problem("ptb2fd regen --corpus treebank --no-such-option") is not None
    assert problem("ptb2fd train dev.jsonl --view VIEW") is not None  # no such view
    assert problem("ptb2fd stats") is None  # named in prose, without its input
    assert problem("python -m ptb2fd.no_such_module") is not None
    assert problem("make no-such-target") is not None
    assert problem("make figures") is None
