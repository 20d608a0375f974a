"""The model file: saving, loading (`load_realizer`); training is `trainer.py`.

One gzip-compressed JSON file (gzip with a zero timestamp, keys sorted, so
the same training data gives a byte-identical file) holding:
`format` and `version` (this module's FORMAT_VERSION), `view` (the view it
was trained for), `rules_hash` (SHA-256 of the rule files it was trained
with), the weights of the three scorings (`lm`: language model only,
`ranker`: log-linear ranker without it, `both`), `default` (the scoring
with the best held-out accuracy), the chosen prior variances and their
cross-validation figures, the language model's trigram counts and the
inflection table. Loading checks all of that and raises `ModelError`
(exit status 2) when the file does not fit.
"""
from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from ptb2fd.errors import UsageError
from ptb2fd.realizer.inflection import Inflector
from ptb2fd.realizer.lm import KneserNeyLM
from ptb2fd.realizer.search import Scorer
from ptb2fd.realizer.training import LM_FEATURE
from ptb2fd.regen.view import VIEWS
from ptb2fd.rulelang.folder import RULE_FILES

FORMAT = "ptb2fd-realizer"
# 2: the features of the search's second version (kinds, words, boundaries, subject position): a version-1
# file's weights belong to other features, so it is refused rather than misread.
FORMAT_VERSION = 2
SCORINGS = ("lm", "ranker", "both")


class ModelError(UsageError):
    """A model file that cannot be used: missing, corrupt, another version, view or rule set."""


def check_view_name(name: str) -> str:
    if name not in VIEWS:
        raise UsageError(f"unknown view {name!r}; views are {', '.join(VIEWS)}")
    return name


def rules_hash(directory: Path) -> str:
    h = hashlib.sha256()
    for name in RULE_FILES:
        h.update(name.encode())
        h.update((Path(directory) / name).read_bytes())
    return h.hexdigest()


def model_bytes(model: dict) -> bytes:
    """The model file's bytes: the same model gives the same bytes."""
    text = json.dumps(model, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return gzip.compress(text.encode("utf-8"), mtime=0)


def save_model(model: dict, path: str) -> None:
    """Write a model file (not atomically: `ptb2fd train` writes with runner.output.atomic_output)."""
    Path(path).write_bytes(model_bytes(model))


def read_model(path: str) -> dict:
    p = Path(path)
    if not p.is_file():
        raise ModelError(f"{path}: no such model file")
    try:
        model = json.loads(gzip.decompress(p.read_bytes()).decode("utf-8"))
    except (OSError, EOFError, ValueError, UnicodeDecodeError) as exc:
        raise ModelError(f"{path}: not a ptb2fd realizer model (unreadable: {exc})") from None
    if not isinstance(model, dict) or model.get("format") != FORMAT:
        raise ModelError(f"{path}: not a ptb2fd realizer model")
    if model.get("version") != FORMAT_VERSION:
        raise ModelError(f"{path}: model format version {model.get('version')}, this ptb2fd reads version "
                         f"{FORMAT_VERSION}; train it again with `ptb2fd train`")
    missing = [k for k in ("view", "rules_hash", "weights", "default", "lm", "inflection", "beam", "compounds") if k not in model]
    if missing:
        raise ModelError(f"{path}: corrupt model, missing {', '.join(missing)}")
    return model


def load_realizer(path: str, view_name: str | None = None, scoring: str | None = None, rules=None):
    """The statistical realizer of a model file (`stat.StatRealizer`).

    `view_name`: the view the caller will give it (`ptb2fd regen --view`),
    which must be the model's; None: the model's own. `scoring`: `ranker`,
    `both` or `lm` (None: the model's default). `rules`: the loaded rule
    folder the model was trained with (None: the default folder)."""
    from ptb2fd.realizer.stat import StatRealizer
    from ptb2fd.ruleset.load import load_rules

    model = read_model(path)
    view_name = check_view_name(view_name if view_name is not None else str(model["view"]))
    if model["view"] != view_name:
        raise ModelError(f"{path}: model trained for the {model['view']!r} view, not {view_name!r}; "
                         f"train one with `ptb2fd train --view {view_name}`")
    rules = rules if rules is not None else load_rules()
    if model["rules_hash"] != rules_hash(rules.directory):
        raise ModelError(f"{path}: model trained with other rules than {rules.directory} "
                         f"(rules hash {model['rules_hash'][:12]}…); train it again")
    scoring = scoring or model["default"]
    if scoring not in SCORINGS:
        raise ModelError(f"unknown scoring {scoring!r}; scorings are {', '.join(SCORINGS)}")
    try:
        weights = {str(k): float(v) for k, v in model["weights"][scoring].items()}
        lm = KneserNeyLM.from_json(model["lm"])
        inflector = Inflector.from_json(model["inflection"])
        # ("search_beams": from ptb2fd 2026-11-23 on; an older file searches with its "beam")
        beam = int(model.get("search_beams", {}).get(scoring, model["beam"]))
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise ModelError(f"{path}: corrupt model ({exc})") from None
    lm_weight = weights.pop(LM_FEATURE, 0.0)
    scorer = Scorer(weights, lm_weight, lm if lm_weight else None, beam)
    return StatRealizer(view_name, rules.order, scorer, inflector, lm, dict(model["compounds"]), rules)
