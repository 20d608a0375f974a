"""How deterministic word order is given the records (paper 001, 3.1; paper 003).

Side entropy of a role (paper 001, section 3.1):
H(r) = -p(L) log2 p(L) - p(R) log2 p(R), over the dependents with role r in
the punctuation-free reference trees; a role found 20 times left of its
head and 80 times right has H = 0.72. 0: the side is fixed; 1: free.

Order entropy of a head configuration (paper 003 names the mapping from
records to constituent order as what limits regeneration): a configuration
is the head's cat0 with the multiset of its dependents' roles, e.g.
`v: adverbial object subject`; its outcomes are the reference orders of
head and dependents, e.g. `subject * object adverbial` (`*` the head).
H(order | configuration) is the entropy of those outcomes; configurations
are listed by the bits they contribute (count × H), so a frequent, loosely
ordered one comes before a rare, free one. The input
features are the roles only; views that also give an adjunct's side or
position class make some of these orders determined, so the figures are
an upper bound on what the realizer must decide. Known gap: two dependents
with the same role are indistinguishable in the outcome.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from scipy.stats import entropy as _entropy


def bits(counts) -> float:
    counts = [c for c in counts if c]
    return float(_entropy(counts, base=2)) if len(counts) > 1 else 0.0


def side_counts(sentences) -> dict[str, tuple[int, int]]:
    """role -> (left, right) counts of dependents in the reference trees."""
    left: Counter = Counter()
    right: Counter = Counter()
    for s in sentences:
        for d, (h, role) in enumerate(zip(s.heads, s.roles), start=1):
            if h:
                (left if d < h else right)[role] += 1
    return {r: (left[r], right[r]) for r in sorted(set(left) | set(right))}


@dataclass
class Configuration:
    key: str
    count: int
    entropy: float
    orders: list[tuple[str, int, str]]  # (order, count, example sentence id), commonest first


def configurations(sentences) -> list[Configuration]:
    """Every head configuration with its order entropy, least deterministic first."""
    outcomes: dict[str, Counter] = defaultdict(Counter)
    example: dict[tuple[str, str], str] = {}
    for s in sentences:
        deps: dict[int, list[int]] = defaultdict(list)
        for d, h in enumerate(s.heads, start=1):
            if h:
                deps[h].append(d)
        for h, ds in deps.items():
            key = f"{s.cat0[h - 1]}: " + " ".join(sorted(s.roles[d - 1] for d in ds))
            order = " ".join("*" if p == h else s.roles[p - 1] for p in sorted(ds + [h]))
            outcomes[key][order] += 1
            example.setdefault((key, order), s.id)
    out = []
    for key, c in outcomes.items():
        orders = sorted(c.items(), key=lambda x: (-x[1], x[0]))
        out.append(Configuration(key, sum(c.values()), bits(c.values()),
                                 [(o, n, example[(key, o)]) for o, n in orders]))
    return sorted(out, key=lambda c: (-c.entropy * c.count, c.key))


def conditional_entropy(configs: list[Configuration]) -> float:
    """H(order | configuration) in bits, weighted by configuration frequency."""
    total = sum(c.count for c in configs)
    return sum(c.count * c.entropy for c in configs) / total if total else 0.0
