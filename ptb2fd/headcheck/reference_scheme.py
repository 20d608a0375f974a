"""The reference schemes and the convention table (reference_schemes.yaml),
loaded and checked: unknown keys, kinds or schemes are errors naming the
entry."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

from ptb2fd.errors import UsageError

SCHEMES_FILE = Path(__file__).with_name("reference_schemes.yaml")
CONVENTION_KINDS = ("flat", "span", "copula", "conjunct", "shared", "raised")
_SCHEME_KEYS = ("detect", "function", "punctuation", "conjunct", "conjunction", "copula", "flat", "object",
                "open_complement")


@dataclass(frozen=True)
class Scheme:
    name: str
    detect: frozenset[str]
    function: frozenset[str]
    punctuation: frozenset[str]
    conjunct: frozenset[str]
    conjunction: frozenset[str]
    copula: frozenset[str]
    flat: frozenset[str]
    object: frozenset[str]
    open_complement: frozenset[str]


@dataclass(frozen=True)
class Convention:
    id: str
    kind: str
    schemes: frozenset[str]
    about: str
    words: frozenset[str] = frozenset()
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Ptb2fdSide:
    function_roles: frozenset[str]
    punctuation_roles: frozenset[str]
    copula_bases: frozenset[str]
    predicate_roles: frozenset[str]


@dataclass(frozen=True)
class SchemeTable:
    schemes: dict[str, Scheme]
    ptb2fd: Ptb2fdSide
    conventions: tuple[Convention, ...]

    def for_scheme(self, name: str) -> tuple[Convention, ...]:
        return tuple(c for c in self.conventions if name in c.schemes)

    def detect(self, deprels) -> str:
        """The scheme whose own relations occur most often (UD on a tie)."""
        counts = Counter(deprels)
        votes = {name: sum(counts[r] for r in s.detect) for name, s in self.schemes.items()}
        return max(sorted(votes), key=lambda n: (votes[n], n == "ud"))


def _strings(value, where: str) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(v, (str, int, float)) for v in value):
        raise UsageError(f"{SCHEMES_FILE.name}: {where} must be a list of strings")
    return frozenset(str(v) for v in value)


def _keys(data, allowed, where: str) -> None:
    if not isinstance(data, dict):
        raise UsageError(f"{SCHEMES_FILE.name}: {where} must be a mapping")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise UsageError(f"{SCHEMES_FILE.name}: {where}: unknown key(s) {', '.join(map(str, unknown))}")


def load_schemes(path: Path = SCHEMES_FILE) -> SchemeTable:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    _keys(data, ("schemes", "ptb2fd", "conventions"), "the file")
    schemes = {}
    for name, spec in data["schemes"].items():
        _keys(spec, _SCHEME_KEYS, f"scheme {name}")
        schemes[name] = Scheme(name, *(_strings(spec.get(k, []), f"{name}.{k}") for k in _SCHEME_KEYS))
    side = data["ptb2fd"]
    _keys(side, ("function_roles", "punctuation_roles", "copula_bases", "predicate_roles"), "ptb2fd")
    ptb2fd = Ptb2fdSide(*(_strings(side.get(k, []), f"ptb2fd.{k}") for k in
                          ("function_roles", "punctuation_roles", "copula_bases", "predicate_roles")))
    conventions = []
    for entry in data["conventions"]:
        _keys(entry, ("id", "kind", "schemes", "about", "words", "tags"), f"convention {entry.get('id')}")
        if entry.get("kind") not in CONVENTION_KINDS:
            raise UsageError(f"{SCHEMES_FILE.name}: convention {entry.get('id')}: kind must be one of "
                             f"{', '.join(CONVENTION_KINDS)}")
        names = _strings(entry.get("schemes", []), f"convention {entry['id']}.schemes")
        if not names <= set(schemes):
            raise UsageError(f"{SCHEMES_FILE.name}: convention {entry['id']}: unknown scheme(s) "
                             f"{', '.join(sorted(names - set(schemes)))}")
        conventions.append(Convention(str(entry["id"]), entry["kind"], names, str(entry.get("about", "")),
                                      _strings(entry.get("words", []), "words"),
                                      _strings(entry.get("tags", []), "tags")))
    return SchemeTable(schemes, ptb2fd, tuple(conventions))
