"""Error mining with the suspicion score (Narayan & Gardent 2012, as paper 001 uses it).

Forms are input subtrees of the punctuation-free reference tree: a head
with one dependent `(v (n))`, a head with two dependents `(v (adv n))`
(sorted, unordered as in the input), and a two-level chain
`(v (n (det)))`. Nodes are labelled in one of three views: `roles`
(the word's role; the root is `top`), `cat0`, and `cat0~role`.

Suspicion score of a form f (paper 001, section 3.4; the stored text lost
its fraction bars and the 1/2, reconstructed from the definitions there
and in Narayan & Gardent 2012):

    S(f) = 1/2 * ( c(f|F)/c(f) * ln c(f)  +  c(~f|P)/c(~f) * ln c(~f) )

c(f): sentences containing f; c(f|F): those that failed; c(~f): sentences
without f; c(~f|P): those that passed. A term with a zero count is 0.
"Fail" is not exact by default; `bleu-quantile:Q` fails the sentences whose
paper BLEU is at or below the Q-quantile of the system (paper: Q = 0.25),
never a perfect one.

The ranked list follows the suspicion tree's main branch: take the form
with the highest score among those with support >= min_support, a failure
and a failure rate above that of the sentences still in play; set aside the
sentences containing it; rescore the rest. Each form in the list thus
explains failures the forms above it did not, and the running coverage of
failures is the share of all failed sentences containing one of the forms
so far. Known limit: the branch of sentences containing a form is not
refined further (Narayan & Gardent split it again).

Coverage across systems (paper 001, Tables 5-7) is the share of a corpus's
systems whose ranked list holds the form. The paper counts a form as
suspicious in a submission when its score is not null; with this score
every form that occurs has one, so the ranked list stands in for that.

Example: "Stocks fell sharply" (fell <- stocks:subject, sharply:manner)
gives, in the roles view, (top (subject)), (top (manner)) and
(top (manner subject)).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

VIEWS = ("roles", "cat0", "cat0~role")


def labels(sentence, view: str) -> list[str]:
    if view == "roles":
        return list(sentence.roles)
    if view == "cat0":
        return list(sentence.cat0)
    return [f"{c}~{r}" for c, r in zip(sentence.cat0, sentence.roles)]


def forms(heads, node_labels) -> set[str]:
    """Every one-dependent, two-dependent and two-level-chain subtree of a tree."""
    deps: dict[int, list[int]] = {}
    for d, h in enumerate(heads, start=1):
        if h:
            deps.setdefault(h, []).append(d)
    out: set[str] = set()
    for h, ds in deps.items():
        lh = node_labels[h - 1]
        dl = [node_labels[d - 1] for d in ds]
        for d, ld in zip(ds, dl):
            out.add(f"({lh} ({ld}))")
            for g in deps.get(d, ()):
                out.add(f"({lh} ({ld} ({node_labels[g - 1]})))")
        for a, b in combinations(sorted(dl), 2):
            out.add(f"({lh} ({a} {b}))")
    return out


def suspicion(c_f, c_f_fail, c_not, c_not_pass):
    """S(f), elementwise over numpy arrays (or scalars)."""
    c_f, c_f_fail, c_not, c_not_pass = (np.asarray(x, float) for x in (c_f, c_f_fail, c_not, c_not_pass))
    with np.errstate(divide="ignore", invalid="ignore"):
        first = np.where(c_f > 0, c_f_fail / c_f * np.log(np.maximum(c_f, 1)), 0.0)
        second = np.where(c_not > 0, c_not_pass / c_not * np.log(np.maximum(c_not, 1)), 0.0)
    return 0.5 * (first + second)


@dataclass
class Suspect:
    form: str
    score: float  # when chosen, on the sentences still in play
    support: int  # sentences of the system containing the form
    failures: int
    coverage: float  # running share of all failures covered by this form and those above
    examples: list[str] = field(default_factory=list)  # two failed sentence ids
    systems: float = 0.0  # share of systems (same corpus and view) listing the form

    @property
    def failure_rate(self) -> float:
        return self.failures / self.support if self.support else 0.0


def fail_flags(sentences, spec: str) -> list[bool]:
    """`exact` (default) or `bleu-quantile:Q`."""
    if spec == "exact":
        return [not s.exact for s in sentences]
    q = float(spec.split(":", 1)[1])
    bleu = np.array([s.bleu_paper for s in sentences], float)
    cut = float(np.quantile(bleu, q)) if len(bleu) else 0.0
    return [b <= cut and b < 1.0 for b in bleu]


def mine(sentences, failed: list[bool], view: str, min_support: int = 5, top: int = 20) -> list[Suspect]:
    per_sentence = [forms(s.heads, labels(s, view)) for s in sentences]
    support: dict[str, int] = {}
    for fs in per_sentence:
        for f in fs:
            support[f] = support.get(f, 0) + 1
    names = sorted(f for f, n in support.items() if n >= min_support)
    index = {f: i for i, f in enumerate(names)}
    ids = [np.array(sorted(index[f] for f in fs if f in index), dtype=np.int64) for fs in per_sentence]
    members = [set(row.tolist()) for row in ids]
    fail = np.array(failed, bool)
    c_f = np.zeros(len(names))
    c_fail = np.zeros(len(names))
    for i, row in enumerate(ids):
        c_f[row] += 1
        if fail[i]:
            c_fail[row] += 1
    full_f, full_fail = c_f.copy(), c_fail.copy()
    alive = np.ones(len(sentences), bool)
    total_fail = int(fail.sum())
    covered = 0
    out: list[Suspect] = []
    while len(out) < top and names:
        n, n_fail = int(alive.sum()), int((fail & alive).sum())
        if not n_fail:
            break
        score = suspicion(c_f, c_fail, n - c_f, (n - n_fail) - (c_f - c_fail))
        ok = (c_f >= min_support) & (c_fail > 0) & (c_fail * n > n_fail * c_f)
        if not ok.any():
            break
        best = int(np.flatnonzero(ok)[np.argmax(score[ok])])  # ties: the first name in sorted order
        holders = [int(i) for i in np.flatnonzero(alive) if best in members[i]]
        new_fail = [i for i in holders if fail[i]]
        covered += len(new_fail)
        form = names[best]
        examples = [sentences[i].id for i in range(len(sentences)) if fail[i] and best in members[i]][:2]
        out.append(Suspect(form, float(score[best]), int(full_f[best]), int(full_fail[best]),
                           covered / total_fail if total_fail else 0.0, examples))
        for i in holders:
            alive[i] = False
            c_f[ids[i]] -= 1
            if fail[i]:
                c_fail[ids[i]] -= 1
    return out


def mark_coverage(lists: dict[str, list[Suspect]]) -> None:
    """Set `systems` on every suspect: share of the given systems' lists holding its form."""
    holders: dict[str, int] = {}
    for suspects in lists.values():
        for f in {s.form for s in suspects}:
            holders[f] = holders.get(f, 0) + 1
    for suspects in lists.values():
        for s in suspects:
            s.systems = holders[s.form] / len(lists)
