"""`ptb2fd stats FILE.jsonl [--json]`: what a converted corpus holds.

`corpus_stats(sentences)` counts, from the records alone:
- sentences and words;
- every role of the inventory (roles.yaml `roles`, zeros included) with its
  share of the words, and the share of `dependent` (the fallback role);
- the values of position_class, grouptype and subject_position;
- labels and tags unknown to treebank.yaml (the records' `unknown`), with
  their occurrences and the sentences they occur in;
- words whose logicalrole differs from their role, by transition
  ("subject>object" for a passive subject);
- the stages: coordinations by rule id (distinct sentence/junction pairs),
  added nestings by kind ("nesting:clausal" ... in a token's `rules`),
  compound preposition units by rule id (distinct sentence/compound pairs),
  punctuation by the rule that attached it, POS corrections by kind
  ("VBN>VBD"), NP-head category corrections, and the role rules that
  decided each word's role (`rule`).

The paper's own whole-Treebank figures are printed beside the stage counts
(`PAPER`). The sample is ~3,900 sentences and the paper's Treebank ~50,000,
so counts are compared as rates per sentence (nestings, compounds) or per
1,000 sentences (POS corrections). The command, reading the file and
printing the figures, is in stats_report.py.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from ptb2fd.record import SUBJECT_POSITIONS, Sentence

# The paper's published whole-Treebank figures (sections 4.4, 4.5 and 4.7,
# Table 5). They are reference numbers to compare a conversion with, not
# rules: nothing in the conversion reads them.
PAPER = {
    "sentences": 50000,  # "the entire treebank of 50,000 sentences" (section 4.4)
    "nestings": {"clausal": 5115, "np": 6030},  # section 4.4 (the 5115 are conjoined phrases in general)
    "compound_prepositions": 3985,  # section 4.5
    "pos_corrections_total": 3255,  # section 4.7: "about 3255 corrections"
    "pos_corrections": {  # Table 5
        "DT>RB": 50, "IN>JJ": 88, "JJ>VB": 193, "JJ>VBG": 29, "JJ>VBN": 99, "NNS>VBZ": 163, "NN>VB": 300,
        "NN>VBG": 99, "RB>JJ": 475, "RBR>JJ": 35, "RBS>JJ": 16, "UH>RB": 10, "VBD>NN": 9, "VBG>NN": 288,
        "VB>NN": 63, "VBN>NN": 61, "VBN>VBD": 639, "VBP>NN": 8, "VBZ>NN": 149, "WDT>DT": 481,
    },
}

NONE_KEY = "(none)"  # counts of records where an optional field is null
GROUPTYPES = ("clause", "np", "other")
NESTING_KINDS = ("clausal", "np", "other")
PUNCT_ROLES = ("leftpunc", "rightpunc", "coordpunc")
NP_HEAD_RULE = "np-head-category"


def _ratio(count: int, total: int) -> float:
    return round(count / total, 6) if total else 0.0


def _values(counter: Counter, known: Iterable[str], nullable: bool = True) -> dict[str, int]:
    """Known values first (zeros included), then any others seen, then the
    count of nulls (for a nullable field) under NONE_KEY."""
    out = {k: counter.get(k, 0) for k in known}
    for k in sorted(k for k in counter if k is not None and k not in out):
        out[k] = counter[k]
    if nullable or counter.get(None):
        out[NONE_KEY] = counter.get(None, 0)
    return out


def _by_id(counter: Counter, known: Iterable[str]) -> dict[str, int]:
    """Known rule ids in rule-file order (zeros included), then others seen."""
    out = {k: counter.get(k, 0) for k in known}
    for k in sorted(k for k in counter if k not in out):
        out[k] = counter[k]
    return out


def corpus_stats(sentences: Iterable[Sentence], rules=None) -> dict:
    """Counts over converted sentences; `rules` (a RuleSet, default the
    bundled one) gives the role inventory and the stages' rule ids."""
    if rules is None:
        from ptb2fd.ruleset.load import load_rules

        rules = load_rules()
    from ptb2fd.conversion.stages.coordination_rules import COUNTERS
    from ptb2fd.conversion.stages.roles import POSITION_CLASSES

    coord_ids = rules.coordination.rule_ids()
    compound_ids = rules.compounds.rule_ids()
    coord_known, compound_known = frozenset(coord_ids), frozenset(compound_ids)
    nesting_kinds = tuple(dict.fromkeys(NESTING_KINDS + tuple(COUNTERS)))

    n_sent = n_words = 0
    roles: Counter = Counter()
    pclass: Counter = Counter()
    gtype: Counter = Counter()
    spos: Counter = Counter()
    transitions: Counter = Counter()
    coordinations: Counter = Counter()
    nestings: Counter = Counter()
    compounds: Counter = Counter()
    punct: Counter = Counter()
    punct_roles: Counter = Counter()
    corrections: Counter = Counter()
    np_head = 0
    role_rules: Counter = Counter()
    unknown: Counter = Counter()
    unknown_sentences: Counter = Counter()
    inferred: Counter = Counter()  # model -> sentences whose function tags it predicted
    inferred_tags = restored = 0
    for s in sentences:
        n_sent += 1
        if s.functions:
            inferred[s.functions.get("model", "?")] += 1
            inferred_tags += s.functions.get("tags", 0)
            restored += s.functions.get("empty_elements", 0)
        if s.unknown:
            unknown.update(s.unknown)
            unknown_sentences.update(s.unknown.keys())
        junctions: dict[int, str | None] = {}
        units: dict[int, str] = {}
        for t in s.tokens:
            n_words += 1
            roles[t.role] += 1
            pclass[t.position_class] += 1
            gtype[t.grouptype] += 1
            spos[t.subject_position] += 1
            if t.logicalrole != t.role:
                transitions[f"{t.role}>{t.logicalrole}"] += 1
            role_rules[t.rule] += 1
            if t.role in PUNCT_ROLES:
                punct[t.rule] += 1
                punct_roles[t.role] += 1
            if t.corrected:
                corrections[t.corrected] += 1
            if t.junction is not None and junctions.get(t.junction) is None:
                rid = next((r for r in t.rules if r in coord_known), None)
                if rid is None and t.rules and not t.rules[0].startswith("nesting:"):
                    rid = t.rules[0]  # records list the coordination rule first
                junctions[t.junction] = rid
            if t.compound is not None and t.compound not in units:
                rid = next((r for r in t.rules if r in compound_known), None)
                units[t.compound] = rid if rid is not None else "?"
            for r in t.rules:
                if r.startswith("nesting:"):
                    nestings[r[len("nesting:"):]] += 1
                elif r == NP_HEAD_RULE:
                    np_head += 1
        coordinations.update(r if r is not None else "?" for r in junctions.values())
        compounds.update(units.values())

    def per_sentence(count: int) -> float:
        return _ratio(count, n_sent)

    paper_n = PAPER["sentences"]
    nest_out = {}
    for kind in nesting_kinds + tuple(sorted(k for k in nestings if k not in nesting_kinds)):
        paper = PAPER["nestings"].get(kind)
        nest_out[kind] = {
            "count": nestings.get(kind, 0), "per_sentence": per_sentence(nestings.get(kind, 0)),
            "paper": paper, "paper_per_sentence": _ratio(paper, paper_n) if paper is not None else None,
        }
    n_compounds = sum(compounds.values())
    by_kind = {}
    kinds = list(PAPER["pos_corrections"]) + sorted(k for k in corrections if k not in PAPER["pos_corrections"])
    for kind in kinds:
        c = corrections.get(kind, 0)
        paper = PAPER["pos_corrections"].get(kind)
        by_kind[kind] = {
            "count": c, "per_1000_sentences": round(1000 * c / n_sent, 3) if n_sent else 0.0,
            "paper": paper, "paper_per_1000_sentences": round(1000 * paper / paper_n, 3) if paper is not None else None,
        }
    n_corr = sum(corrections.values())
    return {
        "sentences": n_sent,
        "words": n_words,
        "roles": {r: {"count": c, "share": _ratio(c, n_words)}
                  for r, c in _by_id(roles, rules.roles.roles).items()},
        "dependent_share": _ratio(roles.get("dependent", 0), n_words),
        "position_class": _values(pclass, POSITION_CLASSES),
        "grouptype": _values(gtype, GROUPTYPES, nullable=False),
        "subject_position": _values(spos, SUBJECT_POSITIONS),
        "logicalrole_changes": {
            "words": sum(transitions.values()),
            "transitions": dict(sorted(transitions.items(), key=lambda kv: (-kv[1], kv[0]))),
        },
        "coordinations": {"total": sum(coordinations.values()), "by_rule": _by_id(coordinations, coord_ids)},
        "nestings": nest_out,
        "compound_prepositions": {
            "total": n_compounds, "per_sentence": per_sentence(n_compounds),
            "paper": PAPER["compound_prepositions"],
            "paper_per_sentence": _ratio(PAPER["compound_prepositions"], paper_n),
            "by_rule": _by_id(compounds, compound_ids),
        },
        "punctuation": {
            "total": sum(punct.values()),
            "by_role": {r: punct_roles.get(r, 0) for r in PUNCT_ROLES},
            "by_rule": dict(sorted(punct.items(), key=lambda kv: (-kv[1], kv[0]))),
        },
        "pos_corrections": {
            "total": n_corr, "per_1000_sentences": round(1000 * n_corr / n_sent, 3) if n_sent else 0.0,
            "paper": PAPER["pos_corrections_total"],
            "paper_per_1000_sentences": round(1000 * PAPER["pos_corrections_total"] / paper_n, 3),
            "by_kind": by_kind,
        },
        "np_head_corrections": np_head,
        "role_rules": _by_id(role_rules, rules.roles.rule_ids()),
        "unknown_labels": {k: {"count": unknown[k], "sentences": unknown_sentences[k]} for k in sorted(unknown)},
        "functions": {"inferred_sentences": sum(inferred.values()), "by_model": dict(sorted(inferred.items())),
                      "inferred_tags": inferred_tags, "empty_elements": restored},
        "paper_sentences": paper_n,
    }
