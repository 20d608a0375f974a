"""`make data`: put the NLTK Penn Treebank sample where NLTK finds it
without NLTK_DATA, so `ptb2fd convert --corpus treebank` works in a plain
shell as well as under make (which sets NLTK_DATA when a shared copy sits
in ../shared/nltk_data).

    python -m ptb2fd.trees.sample_data .venv/nltk_data

The folder given must be one NLTK searches by default: `.venv/nltk_data`
is (`sys.prefix/nltk_data`) for the ptb2fd of the .venv. If NLTK already
finds the sample without NLTK_DATA, nothing is done. Else a copy found
through NLTK_DATA is copied there (a symlink would not do: NLTK refuses a
corpus file whose real path is outside its data folders), else NLTK's
downloader fetches it there. Exit status 1, with what to do, when none
works (no copy, no network).
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

RESOURCE = "corpora/treebank/combined"


def default_paths() -> list[str]:
    """nltk.data.path without what NLTK_DATA added to it."""
    import nltk

    from_env = set(filter(None, os.environ.get("NLTK_DATA", "").split(os.pathsep)))
    return [p for p in nltk.data.path if p not in from_env]


def find(paths: list[str] | None = None) -> Path | None:
    import nltk

    try:
        return Path(str(nltk.data.find(RESOURCE, paths=paths)))
    except LookupError:
        return None


def install(root: Path) -> str:
    """Make the sample findable without NLTK_DATA; a line saying how."""
    found = find(default_paths())
    if found is not None:
        return f"treebank: {found.parent}"
    anywhere = find()
    corpora = root / "corpora"
    corpora.mkdir(parents=True, exist_ok=True)
    if anywhere is not None:
        staging = Path(tempfile.mkdtemp(prefix=".treebank.", dir=corpora))
        # Files and folders with the usual modes, not the source's (a shared
        # read-only copy would give folders `rm -rf .venv` cannot empty).
        shutil.copytree(anywhere.parent, staging / "treebank", copy_function=shutil.copyfile)
        mask = os.umask(0)
        os.umask(mask)
        for folder, _, _ in os.walk(staging / "treebank"):
            os.chmod(folder, 0o777 & ~mask)
        os.replace(staging / "treebank", corpora / "treebank")
        staging.rmdir()
        return f"treebank: copied {anywhere.parent} to {corpora / 'treebank'}, where NLTK finds it without NLTK_DATA"
    import nltk

    if nltk.download("treebank", download_dir=str(root), quiet=True) and find(default_paths()) is not None:
        return f"treebank: downloaded to {corpora / 'treebank'}"
    raise LookupError("the NLTK treebank sample is not available (no copy on NLTK_DATA, no network): put it in "
                      f"{root}/corpora/treebank, or set NLTK_DATA to the folder that holds corpora/treebank")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m ptb2fd.trees.sample_data NLTK_DATA_FOLDER", file=sys.stderr)
        return 2
    try:
        print(install(Path(argv[0])))
    except (LookupError, OSError) as exc:
        print(f"make data: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
