"""Training data for the realizer: every head of every training sentence,
with its reference ordering and a candidate set of other orderings.

The reference units carry the reference words (each dependent's phrase as
it stands in the sentence), so the ranker learns to order phrases given
their words. Candidate sets (paper 002 trains on the whole set of
realizations per input): every ordering the view allows when a head has at
most `ALL_UP_TO` units, else the reference with every single-unit move and
some random orderings (seeded, so training is deterministic).

The language-model feature of a training candidate comes from a model
trained on the *other* folds (jackknifing): a model that has seen the
sentence would make the reference look far likelier than it will look on
new text, and the ranker would trust the language model too much.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from ptb2fd.realizer.lm import BOS, KneserNeyLM
from ptb2fd.realizer.units import HeadProblem, _lex, build_problems, edge_tags, valid_order
from ptb2fd.record import Sentence
from ptb2fd.regen.view import initial_case_index, lower_first, make_view

ALL_UP_TO = 4
RANDOM_ORDERINGS = 12
MAX_CANDIDATES = 24
FOLDS = 3
LM_FEATURE = "LM"


@dataclass
class TrainingSentence:
    words: list[str]  # the reference, first word lowercased as in the views
    full_records: tuple  # the full view's records (words visible), for the inflection table
    heads: list[tuple[HeadProblem, list[int]]]  # each head with its reference ordering
    fold: int
    skipped: int  # heads whose reference breaks the view's constraints (non-projective)
    compounds: list[tuple[str, str]]  # unordered compound units: their words sorted, and in their order


def reference_words(sentence: Sentence) -> list[str]:
    """The sentence's words as the views spell them (`TrainingSentence.words`):
    the first word's capital that is there only because it comes first lowered."""
    words = [t.word for t in sentence.tokens]
    first = initial_case_index(sentence.tokens)
    if first is not None:
        words[first] = lower_first(words[first])
    return words


def training_sentence(sentence: Sentence, index: int, view_name: str, rules) -> TrainingSentence:
    full = make_view(sentence, rules.roles.adjunct_roles, seed=sentence.id, view="full")
    view = make_view(sentence, rules.roles.adjunct_roles, seed=sentence.id, view=view_name)
    words = [""] * len(full.position_of)
    tags = [""] * len(full.position_of)
    for r in full.records:
        words[full.position_of[r.id]] = r.word
        tags[full.position_of[r.id]] = r.cat
    pos = view.position_of
    problems, by_id = build_problems(view.records, rules.order)
    compounds = []
    span: dict[int, list[int]] = {}
    heads = []
    skipped = 0
    for p in problems:
        unit_pos = [[pos[p.head.id]]] + [sorted(q for i in u.ids for q in span[i]) for u in p.units[1:]]
        span[p.head.id] = sorted(q for ps in unit_pos for q in ps)
        for u, ps in zip(p.units, unit_pos):
            u.words = [words[q] for q in ps]
            u.edges = edge_tags([tags[q] for q in ps])
        for u in p.units:
            if not u.ordered:
                in_order = sorted(u.ids, key=lambda i: pos[i])
                compounds.append((u.lex, " ".join(_lex(by_id[i]) for i in in_order)))
        ref = sorted(range(len(p.units)), key=lambda k: unit_pos[k][0])
        if len(p.units) > 1:
            if valid_order(p, ref):
                heads.append((p, ref))
            else:
                skipped += 1
    return TrainingSentence(words, full.records, heads, index % FOLDS, skipped, compounds)


def candidate_orders(p: HeadProblem, ref: list[int], seed: str) -> list[list[int]]:
    """The reference first, then the other orderings the constraints allow."""
    n = len(p.units)
    if n <= ALL_UP_TO:
        pool = [list(o) for o in itertools.permutations(range(n))]
    else:
        pool = []
        for i in range(n):
            rest = [k for k in ref if k != ref[i]]
            for j in range(n):
                if j != i:
                    pool.append(rest[:j] + [ref[i]] + rest[j:])
        rng = random.Random(seed)
        for _ in range(RANDOM_ORDERINGS):
            o = list(ref)
            rng.shuffle(o)
            pool.append(o)
    out, seen = [ref], {tuple(ref)}
    for o in pool:
        if tuple(o) not in seen and valid_order(p, o):
            seen.add(tuple(o))
            out.append(o)
    return out[:MAX_CANDIDATES]


def boundary_logprob(lm: KneserNeyLM, p: HeadProblem, order: list[int]) -> float:
    """The language model's score of an ordering, counting only what differs
    between orderings (the first two words of each unit, and the end of a sentence)."""
    ctx: tuple[str, ...] = (BOS, BOS) if p.root else ()
    total = 0.0
    for i in order:
        ws = p.units[i].words
        total += lm.score(ws[:2], ctx)
        ctx = (ctx + tuple(ws[-2:]))[-2:]
    if p.root:
        total += lm.logprob(ctx, "</s>")
    return total
