"""The output: one `Token` record per word, grouped in a `Sentence`.

Field names are those of the paper's Table 2 in snake_case (the issues'
spelling: `logicalrole`, `grouptype`), plus provenance fields that say which
rules decided the record. `FIELDS` fixes the order used by every format.

May import: nothing of ptb2fd.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from operator import attrgetter


@dataclass(slots=True)
class Token:
    id: int  # 1-based position in the sentence
    word: str  # as in the Treebank leaf, with \/ and \* unescaped
    base: str  # base form (nouns, verbs and contractions lemmatized)
    cat: str  # original POS tag, never changed
    cat0: str  # conflated tag
    cat1: str | None  # subdivision of cat0 (mood, noun type, ...)
    tense: str | None  # past / present (verbs)
    pn: str | None  # person/number: s / p
    head: int  # id of the head, 0 for the root
    role: str  # surface role (Table 3)
    logicalrole: str  # role in the active voice
    rolemarker: str | None  # words of this word's rolemarker dependents
    direction: str | None  # left / right of the head; None for the root
    rp: int | None  # distance from the head
    ap: int  # distance from the start of the sentence (0-based)
    junction: int | None = None  # coordination id (within the sentence)
    junction_position: int | None = None  # 1, 2, ... left to right
    conj_anchor: int | None = None  # id of the conjunction word
    conj_sibling: int | None = None  # id of the preceding conjunct
    grouptype: str = "other"  # clause / np / other
    subject_position: str | None = None  # clause heads only
    position_class: str | None = None  # adverbials and particles
    compound: int | None = None  # compound preposition unit id
    compound_position: int | None = None  # 1, 2, ... within the unit
    phrase: str = ""  # label of the maximal projection (trickled down)
    rule: str = ""  # id of the rule that gave the role
    head_rule: str = ""  # id of the head rule of the phrase the word attaches in
    corrected: str | None = None  # POS correction applied, e.g. "VBN>VBD"
    rules: list[str] = field(default_factory=list)  # other rules that touched it

    def to_dict(self) -> dict:
        return asdict(self)


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Token))
# A token's values in FIELDS order, as a tuple (C-level: used by the writers
# and to send tokens between processes).
token_values = attrgetter(*FIELDS)
# The values of `subject_position` (paper Table 2), in the order stats lists them.
SUBJECT_POSITIONS = ("default", "postaux", "after-nonaux-finite", "final")
INT_FIELDS = frozenset({"id", "head", "rp", "ap", "junction", "junction_position", "conj_anchor", "conj_sibling",
                        "compound", "compound_position"})


@dataclass(slots=True)
class Sentence:
    id: str  # stable id: file name and 1-based index, "wsj_0001.mrg:1"
    tokens: list[Token]
    # Labels and tags the treebank vocabulary does not know, with how often
    # they occur in the tree ("label:ZZP", "tag:QQ", "function-tag:XYZ");
    # None when there are none. Written to JSONL, counted by `ptb2fd stats`.
    unknown: dict[str, int] | None = None
    # Set when the function tags were predicted, not read (parser output,
    # `--functions infer`): {"model": "wsj-dev@1f2e3d4c", "tags": 9,
    # "empty_elements": 1}; None when the tree's own tags were used.
    functions: dict | None = None
    # Leaves of markup (speaker codes, "(CODE (SYM SpeakerA1))") removed from
    # the tree before conversion: their number, None when there were none.
    markup: int | None = None
    # How the record was made, the same dict for every sentence of a run:
    # {"ptb2fd": "0.3.0", "rules": "rules", "rules_sha256": "3f2a...",
    # "functions": "auto", "function_model": "wsj-dev@1f2e3d4c",
    # "created": "2026-11-28T01:02:03Z"}; None for records made by hand.
    # Not compared: two runs of one conversion give equal sentences.
    provenance: dict | None = field(default=None, compare=False)

    def to_dict(self) -> dict:
        return {"id": self.id, "tokens": [t.to_dict() for t in self.tokens]}

    @classmethod
    def from_dict(cls, data: dict) -> "Sentence":
        return cls(data["id"], [token_from_dict(t) for t in data["tokens"]])

    @property
    def words(self) -> list[str]:
        return [t.word for t in self.tokens]


def token_from_dict(data: dict) -> Token:
    unknown = set(data) - set(FIELDS)
    if unknown:
        raise ValueError(f"unknown token field(s): {', '.join(sorted(unknown))}")
    values = dict(data)
    values["rules"] = list(values.get("rules") or [])
    return Token(**values)
