"""`make bench`: the size of a core install (`pip install ptb2fd`, no
extras; target at most 150 MB).

Measured offline, from what pip installed here (`make` installs the
versions of constraints.txt): the files each distribution's RECORD lists,
for ptb2fd and every distribution its core requirements pull in,
transitively (requirements of an extra, or for another platform, are not
followed). For ptb2fd itself its package folder is counted (the rules and
data it ships, without __pycache__), as a wheel holds it: installed in
editable mode (`make`), its metadata lists no sizes. What pip itself and a
virtual environment add is left out.
"""
from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

TARGET_MB = 150


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def core_closure(root: str = "ptb2fd") -> dict[str, int]:
    """Each distribution of the core install (normalised name) -> its installed bytes."""
    from packaging.requirements import Requirement

    sizes: dict[str, int] = {}
    missing: list[str] = []

    def walk(name: str) -> None:
        key = _norm(name)
        if key in sizes:
            return
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            missing.append(name)
            return
        if key == _norm(root):
            sizes[key] = _folder_bytes(Path(__file__).resolve().parents[1])
        else:
            sizes[key] = sum(f.size or 0 for f in dist.files or [])
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                walk(req.name)

    walk(root)
    if missing:
        raise LookupError(f"not installed here, so not measured: {', '.join(sorted(missing))}")
    return sizes


def _folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")


def bench_install_size(args=None) -> dict:
    try:
        sizes = core_closure()
    except LookupError as exc:
        print(f"core install: skipped ({exc})")
        return {}
    total = sum(sizes.values()) / 1e6
    largest = sorted(sizes.items(), key=lambda kv: -kv[1])[:4]
    print(f"core install (pip install ptb2fd, no extras): {total:.0f} MB in {len(sizes)} distributions "
          f"(target <= {TARGET_MB} MB); largest: "
          + ", ".join(f"{name} {size / 1e6:.0f} MB" for name, size in largest))
    return {"core_install_mb": round(total, 1), "core_install_target_mb": TARGET_MB,
            "core_install_distributions": {k: round(v / 1e6, 1) for k, v in sorted(sizes.items())}}
