"""Training data of one shard of sentences: `extract_shard`, the one
function the trainer runs in this process or in `--jobs N` workers.

A shard holds sentences of one fold only (`FOLDS`: the fold's language
model is trained on the other folds, `training.py`). For every head with
at least two candidate orderings it writes, in a shard file:

- per group (head), sorted by its number of units n (stable): n, the
  first row of its candidates, the first row of its slots, and where it
  comes from (the sentence's place in the shard, the head's in the sentence);
- per candidate (the reference first in its group): the ordering (unit
  indices), its sequence part, its language-model value;
- per slot: two part hashes (`parts.py`).

The second pass (`SecondPass`: the first model's weights) starts from
the first pass's shard: each head of more than `training.ALL_UP_TO` units
gets the orderings that model's beam search ends with (hard candidates:
the mistakes the search will really weigh) after the candidates it had;
only those new orderings are scored, and a head that had too few
candidates for a group is extracted whole.

The context (view, rules, the folds' trigram counts) is set once by
`set_context` before the workers are forked, so that nothing large is sent
to them; the second pass's plan comes in a file.
"""
from __future__ import annotations

import ctypes
import pickle
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ptb2fd.realizer.inflection import InflectionCounts
from ptb2fd.realizer.lm import KneserNeyLM
from ptb2fd.realizer.parts import EMPTY, PartMemo
from ptb2fd.realizer.search import Scorer
from ptb2fd.realizer.shards import load_shard
from ptb2fd.realizer.training import ALL_UP_TO, LM_FEATURE, boundary_logprob, candidate_orders, training_sentence
from ptb2fd.realizer.units import valid_order


@dataclass
class Context:
    """What every shard needs, set before the workers are forked."""

    view_name: str
    rules: object
    fold_counts: list[Counter]  # trigram counts of each fold


@dataclass
class SecondPass:
    """What the second pass adds, in a file the workers read once (they were forked before it existed)."""

    first: dict[str, float]  # the first model's weights
    beam: int
    first_parts: np.ndarray  # the first pass's part hashes, sorted (its part k + 1 is [k])


@dataclass
class ShardTask:
    index: int
    fold: int
    sentences: str  # the pickled sentences of the shard
    out: str  # the shard's file (.npz); its feature strings (.strings) and big heads (.heads) go beside it
    first: str | None = None  # the second pass: the first pass's (dense) shard file, its .heads beside it
    plan: str | None = None  # the second pass: its pickled `SecondPass`


@dataclass
class ShardResult:
    index: int
    fold: int
    path: str
    strings: str
    sentences: int
    groups: int
    candidates: int
    skipped: int  # heads whose reference breaks the view's constraints
    parts: tuple  # the parts new in this worker: (hashes, number of features, the features' hashes one after the other)
    inflection: InflectionCounts | None = None
    compounds: Counter = field(default_factory=Counter)  # (compound key, in order) -> count
    peak_mb: float = 0.0  # the peak RSS of the process that extracted it, so far


def trim_heap() -> None:
    """Hands the memory freed so far back to the system. glibc's malloc keeps
    freed blocks for reuse, so a phase that made and dropped many objects
    (reading a corpus, a shard's training sentences) would leave the process
    as large as at its peak, and workers forked from it larger still.
    (glibc only: elsewhere nothing happens.)"""
    global _LIBC
    if _LIBC is None:
        try:
            _LIBC = ctypes.CDLL("libc.so.6")
            _LIBC.malloc_trim.argtypes = [ctypes.c_size_t]
        except (OSError, AttributeError):
            _LIBC = False
    if _LIBC:
        _LIBC.malloc_trim(0)


_LIBC = None


def peak_rss_mb() -> float:
    """This process's peak resident set (VmHWM; 0 where /proc is not there)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            return next((int(line.split()[1]) / 1024 for line in f if line.startswith("VmHWM")), 0.0)
    except OSError:
        return 0.0


_CONTEXT: Context | None = None
# this process's memo (kept across shards and passes), its one language model, the second pass's plan and scorer
_STATE: dict = {}


def set_context(context: Context | None) -> None:
    global _CONTEXT
    _CONTEXT = context
    _STATE.clear()


def _fold_lm(fold: int) -> KneserNeyLM:
    """The language model of the other folds (jackknifing), one kept at a time."""
    cached = _STATE.get("lm")
    if cached is None or cached[0] != fold:
        _STATE.pop("lm", None)
        _STATE.pop("scorer", None)
        total: Counter = Counter()
        for k, counts in enumerate(_CONTEXT.fold_counts):
            if k != fold:
                total.update(counts)
        cached = _STATE["lm"] = (fold, KneserNeyLM(total))
    return cached[1]


def _plan(path: str) -> SecondPass:
    cached = _STATE.get("plan")
    if cached is None or cached[0] != path:
        with open(path, "rb") as f:
            cached = _STATE["plan"] = (path, pickle.load(f))
    return cached[1]


def _scorer(plan: SecondPass, lm: KneserNeyLM) -> Scorer:
    """The first model's scorer with the fold's language model (rebuilt when the fold changes)."""
    scorer = _STATE.get("scorer")
    if scorer is None:
        w = dict(plan.first)
        lm_weight = w.pop(LM_FEATURE, 0.0)
        scorer = _STATE["scorer"] = Scorer(w, lm_weight, lm if lm_weight else None, plan.beam)
    return scorer


class _Group:
    """One head's candidate set while a shard is extracted."""

    __slots__ = ("n", "origin", "slots", "orders", "lm", "sequence")

    def __init__(self, n, origin, slots, orders, lm, sequence):
        self.n, self.origin, self.slots, self.orders, self.lm, self.sequence = n, origin, slots, orders, lm, sequence

    def add(self, p, orders: list[list[int]], lm: KneserNeyLM, memo: PartMemo) -> None:
        self.orders += orders
        self.lm += [boundary_logprob(lm, p, o) for o in orders]
        self.sequence += [memo.sequence(p, o) for o in orders]


def extract_shard(task: ShardTask) -> ShardResult:
    memo = _STATE.setdefault("memo", PartMemo())
    lm = _fold_lm(task.fold)
    if task.plan is None:
        groups, sentences, skipped, inflection, compounds = _first_pass(task, lm, memo)
    else:
        groups, sentences, skipped, inflection, compounds = _second_pass(task, lm, memo), 0, 0, None, Counter()
    arrays = _arrays(groups)
    np.savez(task.out, fold=np.int64(task.fold), **arrays)
    parts, features = memo.take()
    strings = str(Path(task.out).with_suffix(".strings"))
    with open(strings, "wb") as f:
        pickle.dump((np.asarray(features[0], dtype=np.int64), features[1]), f, protocol=pickle.HIGHEST_PROTOCOL)
    n_groups, n_candidates = len(groups), len(arrays["lm"])
    del groups, arrays, features
    trim_heap()
    return ShardResult(task.index, task.fold, task.out, strings, sentences, n_groups, n_candidates,
                       skipped, parts, inflection, compounds, peak_rss_mb())


def _first_pass(task: ShardTask, lm: KneserNeyLM, memo: PartMemo):
    """Every head's group; the heads the second pass adds hard candidates to
    (more than ALL_UP_TO units) are kept in a file beside the shard."""
    with open(task.sentences, "rb") as f:
        sentences = pickle.load(f)
    inflection, compounds = InflectionCounts(), Counter()
    groups: list[_Group] = []
    big = []  # (sentence, head, problem, reference, seed)
    skipped = 0
    for si, s in enumerate(sentences):
        try:
            ts = training_sentence(s, task.fold, _CONTEXT.view_name, _CONTEXT.rules)
        except Exception as exc:  # noqa: BLE001 - a bug costs its sentence, not the training
            print(f"ptb2fd train: {s.id}: left out: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        skipped += ts.skipped
        inflection.add(ts.full_records, ts.words)
        compounds.update(ts.compounds)
        for h, (p, ref) in enumerate(ts.heads):
            seed = f"{ts.words[:3]}{h}"
            if len(p.units) > ALL_UP_TO:
                big.append((si, h, p, ref, seed))
            group = _new_group(p, (si, h), candidate_orders(p, ref, seed), lm, memo)
            if group is not None:
                groups.append(group)
    with open(heads_file(task.out), "wb") as f:
        pickle.dump(big, f, protocol=pickle.HIGHEST_PROTOCOL)
    return groups, len(sentences), skipped, inflection, compounds


def heads_file(shard_file: str) -> str:
    return str(Path(shard_file).with_suffix(".heads"))


def _second_pass(task: ShardTask, lm: KneserNeyLM, memo: PartMemo) -> list[_Group]:
    """The first pass's groups, the big heads' ones with the hard candidates added."""
    plan = _plan(task.plan)
    scorer = _scorer(plan, lm)
    known = _first_groups(task.first, plan.first_parts)
    with open(heads_file(task.first), "rb") as f:
        big = pickle.load(f)
    for si, h, p, ref, seed in big:
        group = known.get((si, h))
        orders = group.orders if group is not None else candidate_orders(p, ref, seed)
        seen = {tuple(o) for o in orders}
        more = [o for _, o in scorer.nbest(p) if tuple(o) not in seen and valid_order(p, o)]
        if group is None:
            group = _new_group(p, (si, h), orders + more, lm, memo)
            if group is not None:
                known[(si, h)] = group
        else:
            group.add(p, more, lm, memo)
    return list(known.values())


def _new_group(p, origin: tuple[int, int], orders: list[list[int]], lm: KneserNeyLM, memo: PartMemo):
    """A head's group, or None when it has fewer than two candidates."""
    if len(orders) < 2:
        return None
    group = _Group(len(p.units), origin, memo.slots(p), [], [], [])
    group.add(p, orders, lm, memo)
    return group


def _first_groups(path: str, part_hashes: np.ndarray) -> dict[tuple[int, int], _Group]:
    """The first pass's groups of a shard, by (sentence, head), with part hashes again."""
    shard = load_shard(path)
    hashes = np.concatenate([[EMPTY], part_hashes])[shard.parts]
    slots, sequence = hashes[shard.slots], hashes[shard.sequence]
    out = {}
    for n, g0, g1, c0, c1, block in shard.buckets():
        for g in range(g0, g1):
            a, b = int(shard.starts[g]) - c0, int(shard.starts[g + 1]) - c0
            s0 = int(shard.slot_base[g])
            origin = (int(shard.origin[g, 0]), int(shard.origin[g, 1]))
            out[origin] = _Group(n, origin, slots[s0:s0 + n * n + (n + 1) * (n + 1)], block[a:b].tolist(),
                                 shard.lm[c0 + a:c0 + b].tolist(), sequence[c0 + a:c0 + b].tolist())
    return out


def _arrays(groups: list[_Group]) -> dict[str, np.ndarray]:
    """The shard's arrays, groups sorted by their number of units (then in sentence order):
    every candidate of a bucket then has as many units, and the objective
    reads a bucket's orderings as one (candidates x n) matrix."""
    groups = sorted(groups, key=lambda g: (g.n, g.origin))
    count = len(groups)
    sizes = np.fromiter((g.n for g in groups), dtype=np.int64, count=count)
    counts = np.fromiter((len(g.orders) for g in groups), dtype=np.int64, count=count)
    slot_counts = np.fromiter((len(g.slots) for g in groups), dtype=np.int64, count=count)
    orders = [np.asarray(g.orders, dtype=np.uint16).ravel() for g in groups]
    return {
        "sizes": sizes, "starts": np.concatenate([[0], np.cumsum(counts)]),
        "slot_base": np.concatenate([[0], np.cumsum(slot_counts)])[:-1],
        "origin": np.asarray([g.origin for g in groups], dtype=np.int64).reshape(count, 2),
        "orders": np.concatenate(orders) if orders else np.zeros(0, dtype=np.uint16),
        "lm": np.asarray([v for g in groups for v in g.lm], dtype=np.float64),
        "sequence": np.asarray([v for g in groups for v in g.sequence], dtype=np.int64),
        "slots": np.concatenate([g.slots for g in groups]) if groups else np.zeros((0, 2), dtype=np.int64),
    }
