"""A user's own input: one sentence's records as plain dicts -> the view a
model realizes (`records_view`), checked field by field.

The records are those of `ptb2fd convert` (docs/records-and-formats.md)
without `ap` and `rp`, in any order, with any distinct positive ids. Only
the fields the model's view shows are read; the others may be left out
(`ap`, `rp` and the provenance fields are ignored when present). A view
field that is missing gets a default:

- `base`: the word; `logicalrole`: the role; `grouptype`: "other";
- `cat0`, `cat1`, `tense`, `pn`: from the tag and the word, as the
  converter's categories.yaml gives them (VBD -> v, indicative, past);
- every other field: none (`unit_rank`, the order of an adjunct among the
  adjuncts on its side of its head, is the one field that is no field of
  the converter's records: give it to fix that order, else it is free).

`id`, `head`, `cat` and `role` are required, and `word` (`base` in the
`lemma` view). Words are written as they stand inside a sentence ("the",
not "The"): the realizer capitalizes the first word of its output.

A bad record raises `RecordError`, one line naming the record (its place
and id) and the field: "record 3 (id 7): field 'head': 9 is no record of
the sentence".
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ptb2fd.realizer.record_checks import IDS, RecordError, check_records
from ptb2fd.record import FIELDS, SUBJECT_POSITIONS
from ptb2fd.regen.view import PUNCT_ROLES, VIEW_FIELDS, VIEWS, RegenerationView, ViewRecord

GROUPTYPES = ("clause", "np", "other")
DIRECTIONS = ("left", "right")
KNOWN = frozenset(FIELDS) | {"unit_rank"}
COUNTS = ("junction", "compound", "junction_position", "compound_position", "unit_rank")


def required_fields(view_name: str) -> tuple[str, ...]:
    return ("id", "head", "cat", "role", "word" if "word" in VIEWS[view_name].fields else "base")


def records_view(records: Sequence[Mapping], view_name: str, rules) -> RegenerationView:
    """The view of `records` (one sentence) a realizer of `view_name` reads."""
    if isinstance(records, (str, bytes, Mapping)) or not isinstance(records, Sequence):
        raise RecordError("a sentence is a list of records (dicts)")
    if not records:
        raise RecordError("a sentence needs at least one record")
    spec = VIEWS[view_name]
    values = [_values(r, k, spec, rules) for k, r in enumerate(records, 1)]
    check_records(values, frozenset(spec.fields), rules)
    out = []
    for v in values:
        sided = v["role"] in rules.roles.adjunct_roles or v["role"] in PUNCT_ROLES
        if spec.class_roles is not None and v["role"] not in spec.class_roles:
            v["position_class"] = None
        if not sided:
            v["direction"] = v["unit_rank"] = None
        elif not spec.rank_punctuation and v["role"] in PUNCT_ROLES:
            v["unit_rank"] = None
        if v["rolemarker"] is not None and not spec.compound_order:
            v["rolemarker"] = " ".join(sorted(v["rolemarker"].split(" ")))
        out.append(ViewRecord._make(v[f] if f in spec.fields else None for f in VIEW_FIELDS))
    return RegenerationView(tuple(out), spec.name)


def _values(record, k: int, spec, rules) -> dict:
    where = f"record {k}"
    if not isinstance(record, Mapping):
        raise RecordError(f"{where}: not an object of fields", k)
    if "id" in record:
        where = f"record {k} (id {record['id']!r})"
    unknown = sorted(set(map(str, record)) - KNOWN)
    if unknown:
        raise RecordError(f"{where}: field {unknown[0]!r}: not a field of the records", k, unknown[0])
    for name in required_fields(spec.name):
        if record.get(name) is None:
            raise RecordError(f"{where}: field {name!r}: missing", k, name)

    def bad(name: str, why: str):
        return RecordError(f"{where}: field {name!r}: {why} (got {record[name]!r})", k, name)

    v = {f: record.get(f) for f in VIEW_FIELDS}
    for name in ("id",) + IDS + COUNTS:
        x = v[name]
        if x is not None and (not isinstance(x, int) or isinstance(x, bool)):
            raise bad(name, "not a whole number")
        if x is not None and x < (0 if name == "head" else 1):
            raise bad(name, "must be at least " + ("0" if name == "head" else "1"))
    for name in ("word", "base", "cat", "cat0", "cat1", "tense", "pn", "role", "logicalrole", "rolemarker",
                 "grouptype", "subject_position", "position_class", "direction"):
        if v[name] is not None and (not isinstance(v[name], str) or not v[name]):
            raise bad(name, "not a non-empty string")
    inventory = rules.roles.roles
    for name in ("role", "logicalrole"):
        if v[name] is not None and v[name] not in inventory:
            raise bad(name, "not a role of rules/roles.yaml")
    for name, allowed in (("grouptype", GROUPTYPES), ("direction", DIRECTIONS),
                          ("subject_position", SUBJECT_POSITIONS)):
        if v[name] is not None and v[name] not in allowed:
            raise bad(name, f"one of {', '.join(allowed)}")
    _defaults(v, record, rules)
    v["_where"] = where
    v["_k"] = k
    return v


def _defaults(v: dict, record, rules) -> None:
    if "base" not in record:
        v["base"] = v["word"]
    if "logicalrole" not in record:
        v["logicalrole"] = v["role"]
    if "grouptype" not in record:
        v["grouptype"] = "other"
    entry = rules.categories.tags.get(v["cat"], rules.categories.default)
    lower = (v["word"] or v["base"] or "").lower()
    for name in ("cat0", "cat1", "tense", "pn"):
        if name not in record:
            v[name] = getattr(entry, name).get(lower, False)


def read_sentences(lines, source: str):
    """(line number, sentence id, records) for each sentence of a JSONL
    input (lines as text, or as bytes decoded as UTF-8 here): one sentence a line, `{"id": ..., "tokens": [records]}` as
    `ptb2fd convert` writes it, or just the list of records (its id is then
    "line N"). A line that is no such thing gives a `RecordError` in place of
    the records, located; empty lines are skipped."""
    import json

    from ptb2fd.errors import Location

    for number, line in enumerate(lines, 1):
        sid = f"line {number}"
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield number, sid, RecordError(f"not UTF-8: {exc}", location=Location(source, number, sid))
                continue
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:
            yield number, sid, RecordError(f"not JSON: {exc}", location=Location(source, number, sid))
            continue
        if isinstance(data, Mapping):
            sid = str(data.get("id", sid))
            records = data.get("tokens")
            if records is None:
                yield number, sid, RecordError("no 'tokens': a sentence is {\"id\": ..., \"tokens\": [records]}",
                                               location=Location(source, number, sid))
                continue
        else:
            records = data
        yield number, sid, records


def read_parquet_sentences(path: str):
    """(row of its first record, sentence id, records) for each sentence of a
    Parquet input: one row per record, the sentence id in a `sentence` column
    on each row, a sentence's rows consecutive (as `ptb2fd convert --format
    parquet` writes them, or pandas with the columns the view needs). A null
    is a field left out; the sentence columns (`unknown`, `functions`, `markup`,
    `provenance`) are ignored."""
    from ptb2fd.errors import UsageError
    from ptb2fd.formats.parquet import SENTENCE_COLUMNS, open_parquet

    pf = open_parquet(path)
    if "sentence" not in pf.schema_arrow.names:
        raise UsageError(f"{path}: no 'sentence' column: each row needs the id of its sentence")
    row, sid, records, first = 0, None, [], 1
    for batch in pf.iter_batches():
        for values in batch.to_pylist():
            row += 1
            this = str(values.pop("sentence"))
            for column in SENTENCE_COLUMNS:  # the sentence's fields, not a record's
                values.pop(column, None)
            if this != sid and records:
                yield first, sid, records
                records = []
            if not records:
                sid, first = this, row
            records.append({k: v for k, v in values.items() if v is not None})
    if records:
        yield first, sid, records
