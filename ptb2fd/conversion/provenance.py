"""How a run's records were made: the `provenance` every sentence carries.

    {"ptb2fd": "0.3.0", "rules": "rules", "rules_sha256": "3f2a9c...",
     "functions": "auto", "function_model": "wsj-dev@1f2e3d4c",
     "created": "2026-11-28T01:02:03Z"}

`rules` is the rule folder's name and `rules_sha256` the SHA-256 of its
files (in `RULE_FILES` order, each name then its bytes: the `rules_hash` a
realizer model records), so two folders both called `rules` are told apart.
`function_model` is None under `--functions gold`, where no model is used.

`created` is the time the run started, in UTC to the second; when the
environment sets `SOURCE_DATE_EPOCH` (the reproducible-builds convention)
that time is used instead, so two runs of one conversion can give the same
bytes (the tests set it).
"""
from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

from ptb2fd.rulelang.folder import RULE_FILES


def rules_sha256(directory: Path) -> str:
    """SHA-256 of the rule files of `directory` (a missing file counts as empty)."""
    h = hashlib.sha256()
    for name in RULE_FILES:
        h.update(name.encode())
        path = Path(directory) / name
        if path.is_file():
            h.update(path.read_bytes())
    return h.hexdigest()


def created_now() -> str:
    """The creation time: SOURCE_DATE_EPOCH when set (and an integer), else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    seconds = int(epoch) if epoch.isdigit() else int(time.time())
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def provenance(rules_dir: Path, functions: str, function_model: str | None, created: str | None = None) -> dict:
    """The provenance dict; `created`: the run's start as another process
    saw it (a Dask worker is given the driver's), default now."""
    from ptb2fd import __version__

    return {"ptb2fd": __version__, "rules": Path(rules_dir).name, "rules_sha256": rules_sha256(rules_dir),
            "functions": functions, "function_model": function_model, "created": created or created_now()}
