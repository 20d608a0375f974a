"""The repository as a user meets it: a licence file, nothing stray at the
root, and no talk of the project's own history in what users read.

A user has no issue tracker: a docstring citing a tracker number, or a page
saying what a rule did "before", points at nothing they can look up (that
history is in CHANGELOG.md and the commit messages). docs/figures.md is
written by `make figures` from ptb2fd/figures, which is checked here.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A tracker number in any spelling: "issue N", "(issue N)", "Issue N's", "issues N", "issue #N".
TRACKER_NUMBER = re.compile(r"\bissues?\s*#?\s*\d+", re.IGNORECASE)
# Before/after prose in pages: "Before, the reader stopped on ...", "it used to be ...",
# "What ... changed for ...:", "as before."
HISTORY = re.compile(r"\bBefore, |\bused to (be|give|stop|print|take)\b|^What .* changed\b|\bas before\b",
                     re.MULTILINE)
GENERATED = {Path("docs/figures.md")}
STRAY_SUFFIXES = (".whl", ".tar.gz", ".zip", ".egg", ".tgz", ".pyc")


def files(*patterns: str) -> list[Path]:
    found = [p for pattern in patterns for p in ROOT.glob(pattern) if p.is_file()]
    return sorted(p for p in found if p.relative_to(ROOT) not in GENERATED and "__pycache__" not in p.parts)


def hits(pattern: re.Pattern, paths: list[Path]) -> list[str]:
    out = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                out.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return out


def test_no_tracker_numbers_in_docs_code_comments_or_tests():
    paths = files("README.md", "docs/*.md", "ptb2fd/**/*.py", "tests/**/*.py", "rules/*.yaml", "Makefile",
                  "pyproject.toml", ".ci/*")
    assert len(paths) > 100
    assert hits(TRACKER_NUMBER, paths) == []


def test_no_before_and_after_history_in_the_pages():
    assert hits(HISTORY, files("README.md", "docs/*.md")) == []


def test_the_patterns_catch_what_they_are_for():
    issue = "issue"  # split, so that this file passes its own check
    for line in (f"Targets ({issue} 22, test)", f"## Reading ({issue} 21)", f"{issue.title()} 23's measures",
                 f"speed ({issue} 9's speed)", f"{issue} #4"):
        assert TRACKER_NUMBER.search(line), line
    assert not TRACKER_NUMBER.search("see the issues page; 21 trees")
    assert HISTORY.search("words convert. Before, the reader stopped on")
    assert HISTORY.search(f"What {issue} 21 changed for newer treebanks:")
    assert not HISTORY.search("the comma before, and the word after")


def test_a_licence_file_says_what_the_readme_says():
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License")
    assert "Licence: MIT." in (ROOT / "README.md").read_text()


def test_nothing_stray_at_the_root():
    stray = [p.name for p in ROOT.iterdir() if p.is_file() and p.name.endswith(STRAY_SUFFIXES)]
    assert stray == []
