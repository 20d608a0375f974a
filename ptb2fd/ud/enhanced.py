"""Enhanced dependencies (the DEPS column): the basic tree, plus

- a later conjunct's share of the first conjunct's head: in "The apples and
  pears were picked", "pears" is also `nsubj:pass` of "picked";
- dependents shared by the conjuncts: in "watered and trimmed the roses"
  (ptb2fd marks "roses" coordination-shared) "roses" is `obj` of both verbs,
  and a subject before coordinated verbs is the subject of each ("The
  gardener watered ... and trimmed ...");
- the controlled subject of an open complement (`xcomp`): in "Anna wanted
  to leave", "Anna" is `nsubj:xsubj` of "leave"; the object controls when
  there is one ("persuaded him to leave").

Conjunct relations carry the conjunction, as UD's enhanced graphs do:
`conj:and`.
"""
from __future__ import annotations

SUBJECTS = ("nsubj", "nsubj:pass", "csubj", "csubj:pass", "expl")
OBJECTS = ("obj", "iobj")


def enhanced_graph(tree, rels: list[str], lemmas: list[str]) -> list[set[tuple[int, str]]]:
    """For each word, its (1-based head, relation) pairs."""
    n = len(rels)
    heads = tree.heads
    graph = [{(h + 1, r)} for h, r in zip(heads, rels)]
    kids: list[list[int]] = [[] for _ in range(n)]
    for d, h in enumerate(heads):
        if h >= 0:
            kids[h].append(d)
    for k in range(n):
        if rels[k] != "conj":
            continue
        first = heads[k]
        cc = [lemmas[c] for c in kids[k] if rels[c] == "cc"]
        graph[k] = {(first + 1, f"conj:{cc[0]}" if cc and cc[0].isalpha() else "conj")}
        while rels[first] == "conj" and heads[first] >= 0:  # a conjunct of a conjunct
            first = heads[first]
        graph[k].add((heads[first] + 1, rels[first]))
        for d in kids[first]:
            shared = "coordination-shared" in tree.tokens[d].rules
            subject = rels[d] in SUBJECTS and d < first and not any(rels[c] in SUBJECTS for c in kids[k])
            if (shared or subject) and d != k and rels[d] not in ("conj", "cc", "punct"):
                graph[d].add((k + 1, rels[d]))
    for x in range(n):
        if rels[x] != "xcomp" or heads[x] < 0 or any(rels[c] in SUBJECTS for c in kids[x]):
            continue
        v = heads[x]
        controllers = [c for c in kids[v] if rels[c] in OBJECTS] or [c for c in kids[v] if rels[c] in SUBJECTS]
        if controllers:
            graph[controllers[0]].add((x + 1, "nsubj:xsubj"))
    return graph


def deps_column(edges: set[tuple[int, str]]) -> str:
    return "|".join(f"{h}:{r}" for h, r in sorted(edges))
