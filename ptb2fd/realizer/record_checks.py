"""What makes a user's records impossible, checked across records once each
record's fields have been read (`records.py`): one line naming the record
(its place and id) and the field.

- `cat` is a tag of the rule folder's tag set (`tag_set`);
- ids are distinct; every `head`, `conj_anchor` and `conj_sibling` names a
  record of the sentence; one root (head 0), whose role is `top`, and no
  other record with that role; every record below the root (no circle);
- coordinations as the converter writes them (`check_groups`), and
  compound prepositions' words on one head.
"""
from __future__ import annotations

from ptb2fd.errors import SentenceError

ROOT_ROLE = "top"
MARKER_ROLE = "junction-marker"  # a coordination's conjunction ("and"): its conjuncts' anchor
IDS = ("head", "conj_anchor", "conj_sibling")  # fields that name another record of the sentence


class RecordError(SentenceError):
    """A record of a user's input that the realizer cannot read."""

    kind = "record"

    def __init__(self, message: str, record: int | None = None, field: str | None = None, location=None):
        super().__init__(message, location)
        self.record = record  # 1-based place of the record in its sentence
        self.field = field


def tag_set(rules) -> frozenset[str]:
    """The part-of-speech tags a record's `cat` may be: those the rule folder
    declares (treebank.yaml `pos_tags`), the tags the converter knows."""
    return rules.treebank.pos_tags


def _error(v: dict, field: str, why: str) -> RecordError:
    return RecordError(f"{v['_where']}: field {field!r}: {why}", v["_k"], field)


def check_records(values: list[dict], shown: frozenset[str], rules) -> None:
    """Every check above on one sentence's read records (`values`, each with
    its `_where` and `_k`); `shown`: the fields the view reads."""
    tags = tag_set(rules)
    for v in values:
        if v["cat"] not in tags:
            raise _error(v, "cat", f"{v['cat']!r} is not a tag of the rules' tag set (treebank.yaml pos_tags)")
    ids: dict[int, dict] = {}
    for v in values:
        if v["id"] in ids:
            raise _error(v, "id", f"{v['id']} is the id of record {ids[v['id']]['_k']} too")
        ids[v["id"]] = v
    for v in values:
        for name in IDS:
            x = v[name]
            if x is not None and (x not in ids if name != "head" else x != 0 and x not in ids):
                raise _error(v, name, f"{x} is no record of the sentence")
    check_groups(values, ids, shown)
    roots = [v for v in values if v["head"] == 0]
    if len(roots) != 1:
        at = roots[1] if roots else values[0]
        raise _error(at, "head", f"{len(roots)} records with head 0; a sentence has one root")
    for v in values:
        if (v["head"] == 0) != (v["role"] == ROOT_ROLE):
            raise _error(v, "role", f"the root (head 0) must have role {ROOT_ROLE} (got {v['role']!r})"
                         if v["head"] == 0 else f"only the root (head 0) has role {ROOT_ROLE}")
    for v in values:
        seen, x = set(), v
        while x["head"] != 0:
            if x["id"] in seen:
                raise _error(v, "head", "the heads go round in a circle, never reaching the root")
            seen.add(x["id"])
            x = ids[x["head"]]


def _enclosing_first_conjunct(v: dict, x: dict) -> bool:
    """`x`, the `conj_sibling` of `v` in another junction, is the first
    conjunct of v's junction, written as a conjunct of the junction it stands
    in: a nested coordination whose first conjunct is the head of the inner
    one ("a reduction in the number of employees, or their wages or
    benefits": "wages" is the second conjunct of the outer junction and the
    first of the inner one, so "benefits" names it as its sibling and as its
    head)."""
    return v["junction_position"] == 2 and x["id"] == v["head"] and x["junction_position"] is not None


def check_groups(values: list[dict], ids: dict[int, dict], shown: frozenset[str]) -> None:
    """Coordinations and compound prepositions as the converter writes them:
    a conjunct's position, anchor (its conjunction) and sibling (the conjunct
    before it) only in a coordination, and of the same one, save the first
    conjunct of a nested coordination (`_enclosing_first_conjunct`); a
    coordination has an anchor, a conjunction among its records (and, in a
    view with anchors, a conjunct that names one); the members of a
    coordination depend on one head, or on its first conjunct when that is
    the head ("sold it and bought them": "and", "bought" depend on "sold");
    the words of a compound preposition on one head."""
    members: dict[tuple[str, int], list[dict]] = {}
    for v in values:
        for name, group in (("junction_position", "junction"), ("conj_anchor", "junction"),
                            ("conj_sibling", "junction"), ("compound_position", "compound")):
            if v[name] is not None and v[group] is None:
                raise _error(v, name, f"only in a {group} (no {group!r} given)")
        for name in ("conj_anchor", "conj_sibling"):
            x = v[name] and ids[v[name]]
            if x and x["junction"] != v["junction"] and not (name == "conj_sibling" and
                                                             _enclosing_first_conjunct(v, x)):
                raise _error(v, name, f"record {v[name]} is not in junction {v['junction']}")
            if x and name == "conj_anchor" and x["role"] != MARKER_ROLE:
                raise _error(v, name, f"record {v[name]} is no conjunction (role {MARKER_ROLE})")
        for group in ("junction", "compound"):
            if v[group] is not None:
                members.setdefault((group, v[group]), []).append(v)
    for (group, number), vs in members.items():
        if group == "junction":
            _check_anchor(number, vs, shown)
        if len({v["head"] for v in vs}) > 1 and not (group == "junction" and _headed_by_first(vs, ids)):
            odd = next(v for v in vs if v["head"] != vs[0]["head"])
            raise _error(odd, "head", f"the members of {group} {number} depend on different heads")


def _headed_by_first(members: list[dict], ids: dict[int, dict]) -> bool:
    """The members of a coordination other than one, its first conjunct, all
    depend on that first conjunct ("sold it and bought them": "and" and
    "bought" depend on "sold"), or on the last conjunct of a coordination
    nested in it that the first conjunct heads ("profit fell and was below
    expectations, but shares rose": ", but rose" depend on "was", the
    conjunct of "fell" in the inner coordination)."""
    for first in members:
        rest = {v["head"] for v in members if v is not first}
        if len(rest) != 1:
            continue
        h = rest.pop()
        inner = ids.get(h)
        if h == first["id"] or (inner is not None and inner["head"] == first["id"] and
                                inner["junction_position"] is not None and inner["junction"] != first["junction"]):
            return True
    return False


def _check_anchor(number: int, members: list[dict], shown: frozenset[str]) -> None:
    """A coordination without its conjunction cannot be laid out: "dogs cats
    barked" has no word to stand between the conjuncts."""
    if not any(v["role"] == MARKER_ROLE for v in members):
        raise _error(members[0], "junction", f"junction {number} has no anchor: none of its records is its "
                     f"conjunction (role {MARKER_ROLE})")
    conjuncts = [v for v in members if v["junction_position"] is not None]
    if "conj_anchor" in shown and conjuncts and all(v["conj_anchor"] is None for v in conjuncts):
        raise _error(conjuncts[0], "junction", f"junction {number} has no anchor: none of its conjuncts names "
                     f"its conjunction (conj_anchor)")
