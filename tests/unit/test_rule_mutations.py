"""Every single-token typo in a rule file is refused by `rules check`.

The names are found without the checker's own list of fields
(ptb2fd/ruleset/vocabulary.py FIELDS): every string in every rule file that
is a declared label, POS tag, function tag, empty element or role, or a
pattern made of them, is a name, except under the keys below that hold
words, slots or categories (values that happen to look like a name: the
slot "subject", the word "top", the category "modal"). So a new field that
holds names but that the checker does not read makes this test fail.

For each rule (a mapping with an `id`, or an entry of a keyed section such
as heads.yaml `labels: {ADJP: ...}`, or a top-level setting), one of its
names is chosen at random (fixed seed) and mistyped in the file's text: two
neighbouring letters swapped, one dropped, doubled or replaced, so that the
result is no declared name (a slip that lands on another real name, NNS for
NN, cannot be told from an intended edit). `check_folder` must then report
a problem naming the mistyped token: 100 % of them.
"""
from __future__ import annotations

import random
import re
import shutil
import string
from pathlib import Path

import pytest
import yaml

from ptb2fd.rulelang.patterns import compile_pattern
from ptb2fd.rulelang.rulefile import _LineLoader, line_of
from ptb2fd.ruleset.validate import _raw_files, check_folder
from ptb2fd.ruleset.vocabulary import Vocabulary

RULES = Path(__file__).resolve().parents[2] / "rules"
SEED = 20261128
# Keys whose values are words, slots, categories or prose, not names.
NOT_NAMES = {"id", "example", "word", "words", "except_words", "marks", "pairs", "cat0", "closed", "finite_cat0",
             "head_cat0", "slot", "slots", "first_slot", "continuation_slot", "opening_slot", "opening_clause_slot"}
# The declarations themselves: a slip there is caught where a rule uses the name.
DECLARATIONS = {("treebank.yaml", k) for k in ("phrase_labels", "pos_tags", "function_tags", "null_tags",
                                               "markup_tags", "empty_elements", "wrapper_labels")} | {
    ("roles.yaml", "roles")}
# Plain scalars YAML 1.1 reads as true/false: a typo NX -> NO is a boolean.
YAML_BOOLS = {"yes", "no", "on", "off", "true", "false"}
# Mappings whose keys are conditions or settings, not names ("when: {subject: ...}").
KEYED_BY_SETTINGS = {"when", "default", "families"}


class Names:
    def __init__(self, raw):
        self.vocab = Vocabulary.from_raw(raw)
        v = self.vocab
        self.all = v.labels | v.tags | v.ftags | v.empties | v.roles

    def is_name(self, s) -> bool:
        """A declared name, or a pattern of declared names ("NP-SBJ", "VB*")."""
        if not isinstance(s, str) or not any(c.isalpha() for c in s):
            return False
        if s in self.all:
            return True
        try:
            compile_pattern(s)
        except ValueError:
            return False
        return self.vocab.problem("pattern", s) is None


def candidates(name: str, data, names: Names):
    """(group, path, is_key, line, token) for every name in one file."""
    out = []

    def walk(value, path, group, line):
        if isinstance(value, dict):
            if isinstance(value.get("id"), str):
                group = (name, value["id"])
            key_lines = getattr(value, "key_lines", None) or {}
            # a mapping keyed by names (heads.yaml labels, categories.yaml tags: "$" and "," too)
            keyed = path and path[-1] not in KEYED_BY_SETTINGS and any(names.is_name(k) for k in value) and all(
                names.is_name(k) or not any(c.isalpha() for c in str(k)) for k in value)
            for k, v in value.items():
                if k in NOT_NAMES or (name, k) in DECLARATIONS:
                    continue
                at = key_lines.get(k, line_of(value) or line)
                sub_group = group or (name,) + tuple(p for p in path + (k,) if isinstance(p, str))[:2]
                if keyed and names.is_name(k):
                    out.append((sub_group, path + (k,), True, at, k))
                walk(v, path + (k,), group, at)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, path + (i,), group, line_of(value) or line)
        elif names.is_name(value):
            out.append((group or (name,) + tuple(p for p in path if isinstance(p, str))[:2], path, False, line, value))

    walk(data, (), None, line_of(data))
    return out


def mistype(token: str, rng: random.Random, names: Names) -> str | None:
    """A one-slip typo of `token` that is no declared name."""
    letters = [i for i, c in enumerate(token) if c.isalpha()]
    ops = []
    for i in letters:
        alphabet = string.ascii_uppercase if token[i].isupper() else string.ascii_lowercase
        ops.append(token[:i] + token[i + 1:])
        ops.append(token[:i] + token[i] + token[i:])
        ops.append(token[:i] + rng.choice(alphabet.replace(token[i], "")) + token[i + 1:])
        if i + 1 in letters and token[i] != token[i + 1]:
            ops.append(token[:i] + token[i + 1] + token[i] + token[i + 2:])
    rng.shuffle(ops)
    return next((m for m in ops if m and m != token and not names.is_name(m)), None)


def at_path(data, path):
    for p in path:
        data = data[p]
    return data


def apply(text: str, cand, typo: str) -> str | None:
    """The file's text with the candidate's token mistyped at its own place
    (checked by parsing the result), or None."""
    _, path, is_key, line, token = cand
    lines = text.split("\n")
    pattern = re.compile(r"(?<![^\s\[\]{},'\"])" + re.escape(token) + r"(?=['\"]?\s*:)" if is_key else
                         r"(?<![^\s\[\]{},'\"])" + re.escape(token) + r"(?=['\"]?(?:[\s\]},]|$))(?!['\"]?\s*:)")
    # (a key's recorded line is its value's: a block mapping's value starts on the next line)
    for n in range(max(0, line - (3 if is_key else 1)), min(line + 40, len(lines))):
        body = lines[n].split(" #", 1)[0]
        for m in pattern.finditer(body):
            new_line = lines[n][:m.start()] + typo + lines[n][m.end():]
            new = "\n".join(lines[:n] + [new_line] + lines[n + 1:])
            try:
                data = yaml.load(new, Loader=_LineLoader)  # noqa: S506 - a SafeLoader
                if typo.lower() in YAML_BOOLS:
                    ok = new != text
                elif is_key:
                    ok = typo in at_path(data, path[:-1]) and token not in at_path(data, path[:-1])
                else:
                    ok = at_path(data, path) == typo
            except (yaml.YAMLError, KeyError, IndexError, TypeError):
                ok = False
            if ok:
                return new
    return None


@pytest.mark.slow
def test_every_mistyped_name_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("PTB2FD_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "rules"
    shutil.copytree(RULES, folder)
    raw = _raw_files(RULES)
    names = Names(raw)
    rng = random.Random(SEED)
    tried, missed, unplaced = 0, [], []
    for name in sorted(raw):
        groups: dict = {}
        for cand in candidates(name, raw[name], names):
            groups.setdefault(cand[0], []).append(cand)
        text = (RULES / name).read_text(encoding="utf-8")
        for group in sorted(groups, key=str):
            cand = rng.choice(groups[group])
            typo = mistype(cand[4], rng, names)
            new = apply(text, cand, typo) if typo else None
            if new is None:
                unplaced.append((group, cand[4], typo))
                continue
            (folder / name).write_text(new, encoding="utf-8")
            errors = check_folder(folder).errors
            (folder / name).write_text(text, encoding="utf-8")
            tried += 1
            if not any(typo in str(e) or (typo.lower() in YAML_BOOLS and "YAML for true or false" in str(e))
                       for e in errors):
                missed.append(f"{name}:{cand[3]} {group[-1]}: {cand[4]} -> {typo}: {[str(e) for e in errors][:2]}")
    assert not unplaced, unplaced
    assert tried > 300  # one per rule: every rule file's rules and settings
    assert not missed, f"{len(missed)} of {tried} typos not refused:\n" + "\n".join(missed)
