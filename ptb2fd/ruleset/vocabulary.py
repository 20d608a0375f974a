"""The declared vocabulary, and every rule file checked against it.

A rule that names a label, tag, function tag, empty element or role that no
tree or record can have never fires, and nothing else would say so: `ftag:
[TPM]` for TMP silently moved 23 words from temporal to withinmod. So every
such name in every rule file must be declared:
    phrase labels, POS tags, function tags, null and markup tags, empty
        elements   treebank.yaml (phrase_labels, pos_tags, function_tags,
                   null_tags, markup_tags, empty_elements);
    the label of grouped compound prepositions   compound_prepositions.yaml
                   `label` (CPREP), a label ptb2fd makes itself;
    roles          roles.yaml `roles` (the role inventory).
A new label is declared there, not let through by turning the check off.

`FIELDS` says, per rule file, which keys hold which kind of name; a key
holds that kind wherever it appears in the file (in a rule's `when` too).
Kinds: pattern (NP, NP!, VB*, -TMP, NP-SBJ: patterns.py), label, tag,
ftag, empty (an empty element), role. A mapping under a key of one of these
kinds has its keys checked ("labels: {ADJP: ...}"); a kind ending in -keys
checks only a mapping's keys.
Each unknown name is one problem at its file and line, with the closest
declared name: "roles.yaml:190: rule 'tmp-temporal' unknown function tag
'TPM' (did you mean TMP?)".
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Iterator

from ptb2fd.errors import RuleProblem
from ptb2fd.rulelang.patterns import compile_pattern
from ptb2fd.rulelang.rulefile import line_of

_PATTERN_CONDITIONS = ("label", "not_label", "tag", "parent", "not_parent", "head_tag", "next_verb", "next_sibling",
                       "prev_sibling", "followed_by", "preceded_by", "head_chain", "trace_label")
_WHEN = {**{k: "pattern" for k in _PATTERN_CONDITIONS}, "ftag": "ftag", "child_ftag": "ftag",
         "trace_kind": "empty"}
_ORDER_ROLES = ("role", "has_roles", "head_has_roles", "head_lacks_roles", "lacks_roles", "head_has_clause",
                "head_has_marked_clause", "head_has_right_roles", "head_role", "head_has_clause_subject",
                "sibling_min_words")
_ORDER_TAGS = ("head_lacks_marker_tags", "head_marker_tags", "inner_tags", "last_tags", "marker_tags",
               "preposition_tags")
_COORDINATION_CLASSES = ("adjectival", "adverbial", "clause", "nominal", "predication", "premodifier",
                         "prepositional", "specifier", "subordinator", "verbal", "interjection", "marker",
                         "conjunct_modifiers", "set_off_conjunct_modifiers")

_UD_ROLES = ("role", "logicalrole", "head_role", "child_role", "no_child_role", "head_child_role",
             "head_no_child_role", "predicate_roles", "raising_roles", "subject_roles", "punct_roles",
             "marker_roles", "conjunction_roles")
_UD_TAGS = ("tag", "head_tag", "child_tag", "head_child_tag", "existential_tags", "name_tags", "possessive_tags",
            "finite_tags")

# file -> {key: kind}. A new key that holds names goes here (and a new rule
# file gets an entry), so that its names are checked too.
FIELDS: dict[str, dict[str, str]] = {
    "treebank.yaml": {"punctuation_tags": "tag", "elided_verb_elements": "empty"},
    "heads.yaml": {"labels": "label", "np_labels": "label", "tags": "tag", "complement_not_ftags": "ftag",
                   **{k: "pattern" for k in ("priority", "rightmost", "not_before", "complement_after", "complement",
                                             "complement_head_tags", "match", "exclude", "prefix", "before_last")}},
    "coordination.yaml": {"parents": "label", "conjunct_tags": "tag", "head_tags": "tag", "conjunction_tags": "tag",
                          "conjunction_phrases": "label", "interrupters": "label", "unlike_parents": "label",
                          "unlike_conjuncts": "label",
                          **{k: "pattern" for k in _COORDINATION_CLASSES}},
    "compound_prepositions.yaml": {"not_after": "pattern", "phrasal_within": "label", "within": "label",
                                   "prepositions": "tag", "tags": "tag"},
    "punctuation.yaml": {"marker_tags": "tag", "not_punctuation": "tag", "parents": "label"},
    "roles.yaml": {**_WHEN, "role": "role", "adjunct_roles": "role", "position_class_roles": "role"},
    "pos_corrections.yaml": {**_WHEN, "from": "tag", "to": "tag"},
    "clauses.yaml": {"argument_roles": "role", "aux_roles": "role", "determiner_roles": "role",
                     "marker_roles": "role", "subject_roles": "role", "transparent_roles": "role",
                     "voice_roles": "role", "surface_role": "role", "logical_role": "role",
                     "subject_aux_roles": "role", "np_labels": "label", "small_clause_labels": "label",
                     "small_clause_parents": "label", "object_trace_labels": "label",
                     "participle_tags": "tag", "object_trace_kinds": "empty", "small_clause_ftags": "ftag"},
    "categories.yaml": {"tags": "tag"},
    "baseforms.yaml": {"lemmatize": "tag", "tag": "tag", "next_tag": "tag", "role": "role"},
    # aux_chain `rank: {modal: 1, ...}` is keyed by roles; the condition `rank: [1]` is a number
    "order.yaml": {**{k: "role" for k in _ORDER_ROLES}, **{k: "tag" for k in _ORDER_TAGS}, "rank": "role-keys"},
    "empty_elements.yaml": {**_WHEN, "last_phrase": "pattern", "before_last_phrase": "pattern", "verb": "pattern"},
    # ud.yaml: conditions of the relation and UPOS cascades (ptb2fd/ud/conditions.py), the reshaping's
    # settings, and the tag-keyed tables (upos.tags, features.tags)
    "ud.yaml": {**{k: "ud-role" for k in _UD_ROLES}, **{k: "pattern" for k in _UD_TAGS}, "xpos": "tag",
                "after_punct": "tag", "phrase": "label", "head_phrase": "label", "ftag": "ftag",
                "upos": "upos", "head_upos": "upos", "unknown": "upos", "tags": "tag-keys"},
}
# Keys whose mapping is not a list of names even where the key is one of FIELDS.
_NOT_NAMES = {("categories.yaml", "values")}
# Keys that are a condition in a rule but a section at the top of the file (ud.yaml `upos: {tags: ...}`).
_SECTIONS = {("ud.yaml", "upos")}
_WHAT = {"label": "phrase label", "tag": "POS tag", "ftag": "function tag",
         "empty": "empty element", "role": "role", "upos": "Universal POS tag", "ud-role": "role"}
_WHERE = {"label": "treebank.yaml phrase_labels", "tag": "treebank.yaml pos_tags",
          "ftag": "treebank.yaml function_tags",
          "empty": "treebank.yaml empty_elements", "role": "roles.yaml roles",
          "upos": "the UD v2 guidelines (ptb2fd/ud/mapping.py UPOS_TAGS)",
          "ud-role": "roles.yaml roles (or ptb2fd/ud/mapping.py RESHAPED_ROLES)"}


@dataclass(frozen=True)
class Vocabulary:
    """Every name a rule may use, by kind."""

    labels: frozenset[str]
    tags: frozenset[str]
    ftags: frozenset[str]
    empties: frozenset[str]
    roles: frozenset[str]

    @classmethod
    def from_raw(cls, raw: dict[str, Any]) -> "Vocabulary":
        """From the parsed files of a rule folder (missing parts are empty)."""
        tb = raw.get("treebank.yaml") if isinstance(raw.get("treebank.yaml"), dict) else {}
        roles = raw.get("roles.yaml") if isinstance(raw.get("roles.yaml"), dict) else {}
        cp = raw.get("compound_prepositions.yaml") if isinstance(raw.get("compound_prepositions.yaml"), dict) else {}

        def names(data: dict, *keys: str) -> frozenset[str]:
            out: set[str] = set()
            for key in keys:
                v = data.get(key)
                out.update(str(x) for x in (v if isinstance(v, list) else [v] if isinstance(v, str) else []))
            return frozenset(out)

        return cls(labels=names(tb, "phrase_labels", "wrapper_labels") | names(cp, "label"),
                   tags=names(tb, "pos_tags", "null_tags", "markup_tags"),
                   ftags=names(tb, "function_tags"), empties=names(tb, "empty_elements"),
                   roles=names(roles, "roles"))

    def known(self, kind: str) -> frozenset[str]:
        if kind in ("upos", "ud-role"):
            from ptb2fd.ud.mapping import RESHAPED_ROLES, UPOS_TAGS

            return UPOS_TAGS if kind == "upos" else self.roles | RESHAPED_ROLES
        return {"label": self.labels, "tag": self.tags, "ftag": self.ftags, "empty": self.empties, "role": self.roles}[kind]

    def problem(self, kind: str, name: str) -> str | None:
        """Why `name` is not a declared name of `kind`, or None."""
        if kind.startswith("bool:"):
            return (f"{name} where a {_WHAT.get(kind[5:], 'pattern')} belongs: an unquoted yes, no, on or off is "
                    f"YAML for true or false; quote a name that is spelled so ('NO')")
        if kind == "pattern":
            return self._pattern_problem(name)
        if kind == "role" and ":" in name:  # order.yaml "object:clause": role and group type
            name = name.split(":", 1)[0]
        if kind == "label" and name == "*":  # coordination.yaml parents: any label
            return None
        known = self.known(kind)
        if name in known:
            return None
        return f"unknown {_WHAT[kind]} '{name}'{did_you_mean(name, known)}; declared in {_WHERE[kind]}"

    def _pattern_problem(self, text: str) -> str | None:
        try:
            p = compile_pattern(text)
        except ValueError as exc:
            return str(exc)
        if p.ftag is not None and p.ftag not in self.ftags:
            return (f"unknown function tag '{p.ftag}' in pattern '{text}'{did_you_mean(p.ftag, self.ftags)}; "
                    f"declared in {_WHERE['ftag']}")
        if p.cat is None:
            return None
        known = self.labels | self.tags
        if p.prefix:
            if any(k.startswith(p.cat) for k in known):
                return None
            return f"no declared label or POS tag starts with '{p.cat}' (pattern '{text}')"
        if p.cat in known:
            return None
        return (f"unknown label or POS tag '{p.cat}' in pattern '{text}'{did_you_mean(p.cat, known)}; "
                "declared in treebank.yaml phrase_labels or pos_tags")


def did_you_mean(name: str, known) -> str:
    """" (did you mean TMP?)": the declared names fewest typing slips away
    (a swap of two neighbours is one slip: TPM -> TMP, not TPC)."""
    # fewest slips; among those, the same letters (a swap) first: TPM -> TMP before TPC
    # (then the closest by difflib's ratio: sbject -> subject or object)
    scored = sorted((_slips(name.upper(), k.upper()), sorted(name.upper()) != sorted(k.upper()),
                     -difflib.SequenceMatcher(None, name, k).ratio(), k) for k in known)
    best = [k for d, other, _, k in scored if d <= max(1, len(name) // 3) and (d, other) == scored[0][:2]][:2] \
        if scored else []
    if not best:
        best = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {' or '.join(best)}?)" if best else ""


def _slips(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap of neighbours) from a to b."""
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def names_in_folder(raw: dict[str, Any]) -> Iterator[tuple[str, str | None, int | None, str, str]]:
    """(file, rule id, line, kind, name) for every checked name of every file."""
    for filename, fields in FIELDS.items():
        data = raw.get(filename)
        if data is not None:
            yield from _walk(filename, fields, data, None, line_of(data), None)


def _walk(filename: str, fields: dict[str, str], value: Any, rule_id: str | None, line: int | None,
          kind: str | None) -> Iterator[tuple[str, str | None, int | None, str, str]]:
    line = line_of(value) or line
    if isinstance(value, dict):
        if isinstance(value.get("id"), str):
            rule_id = value["id"]
        for key, v in value.items():
            key_kind = fields.get(key) if (filename, key) not in _NOT_NAMES else None
            if key_kind is not None and key_kind.endswith("-keys"):
                key_kind = key_kind[:-5] if isinstance(v, dict) else None
            if isinstance(v, dict) and (filename, key) in _SECTIONS:
                key_kind = None
            if key_kind is not None and isinstance(v, dict):  # names as keys: "labels: {ADJP: ...}", "rank: {aux: 5}"
                for name, spec in v.items():
                    yield filename, rule_id, line_of(spec) or line_of(v) or line, key_kind, str(name)
                key_kind = None  # the values are rule bodies (heads.yaml labels) or numbers
            key_lines = getattr(value, "key_lines", None) or {}
            yield from _walk(filename, fields, v, rule_id, key_lines.get(key, line), key_kind)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(filename, fields, v, rule_id, line, kind)
    elif kind is not None and isinstance(value, bool):  # NO, ON, off: YAML reads a bare one as true/false
        yield filename, rule_id, line, "bool:" + kind, str(value).lower()
    elif kind is not None and value is not None:
        yield filename, rule_id, line, kind, str(value)


def vocabulary_problems(raw: dict[str, Any]) -> list[RuleProblem]:
    """Every undeclared or malformed name in the folder's rule files."""
    vocab = Vocabulary.from_raw(raw)
    out = []
    for filename, rule_id, line, kind, name in names_in_folder(raw):
        message = vocab.problem(kind, name)
        if message is not None:
            out.append(RuleProblem(filename, rule_id, line, message))
    return out
