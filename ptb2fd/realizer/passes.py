"""The trainer's passes over the training sentences, in shards.

`spool` reads the sentences once (from a file or a conversion running as
they are read), deals them out to folds that keep a sentence's copies and
a document's neighbours together (`folds.py`), writes them to shard files
of one fold each, and counts each fold's trigrams for the language models. `run_pass` extracts every
shard (`extract.extract_shard`, in this process or in `jobs` forked
workers), merges the parts the workers handed back into the parts x
features matrix (features and parts numbered by sorted hash, so the
result does not depend on `jobs`), and makes the shards' part ids dense.

Shards of a fold grow from 250 to 2,000 sentences (250, 250, 500, 500,
1000, ...): small corpora still give every worker shards to extract, large
ones few shards to read at each evaluation of the objective.
"""
from __future__ import annotations

import gc
import multiprocessing as mp
import pickle
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy.sparse import coo_matrix

from ptb2fd.errors import Ptb2fdError
from ptb2fd.realizer.extract import Context, SecondPass, ShardTask, extract_shard, set_context, trim_heap
from ptb2fd.realizer.folds import FoldPlan
from ptb2fd.realizer.inflection import InflectionCounts
from ptb2fd.realizer.lm import count_trigrams
from ptb2fd.realizer.objective import TrainingSet
from ptb2fd.realizer.shards import ShardStore, densify
from ptb2fd.realizer.training import FOLDS, reference_words

FIRST_SHARD, LAST_SHARD = 250, 2000
ARRIVAL = 1000  # sentences a file while the spool reads them


def shard_size(k: int) -> int:
    """Sentences in a fold's k-th shard (from 0)."""
    return min(LAST_SHARD, FIRST_SHARD * 2 ** (k // 2))


@dataclass
class Spool:
    work: Path
    tasks: list[tuple[int, str]] = field(default_factory=list)  # (fold, file of pickled sentences), fold by fold
    fold_counts: list[Counter] = field(default_factory=lambda: [Counter() for _ in range(FOLDS)])
    sentences: int = 0
    repeated: int = 0  # sentences whose words an earlier one had (`folds.FoldPlan`)
    fold_sentences: list[int] = field(default_factory=lambda: [0] * FOLDS)
    documents: int = 0


def spool(sentences, work: Path) -> Spool:
    """The sentences read once, in arrival order to files of `ARRIVAL`, while
    `folds.FoldPlan` sees their ids and words; then dealt out to the shard
    files of their folds (a sentence's copies and its document's neighbours
    in one fold), each fold's trigrams counted. Too few sentences to fill
    every fold: a `UsageError`, before any extraction."""
    out = Spool(work)
    plan = FoldPlan(FOLDS)
    arrived: list[str] = []
    chunk: list = []

    def flush_arrived() -> None:
        path = str(work / f"arrived-{len(arrived)}.pickle")
        with open(path, "wb") as f:
            pickle.dump(chunk, f, protocol=pickle.HIGHEST_PROTOCOL)
        arrived.append(path)
        chunk.clear()

    for s in sentences:
        plan.add(s.id, [t.word for t in s.tokens])
        chunk.append(s)
        if len(chunk) >= ARRIVAL:
            flush_arrived()
    if chunk:
        flush_arrived()
    out.sentences, out.repeated, out.documents = plan.sentences, plan.repeated, plan.documents
    if not plan.sentences:
        return out
    fold_of = plan.assign()
    chunks: list[list] = [[] for _ in range(FOLDS)]
    made = [0] * FOLDS
    files: list[list[str]] = [[] for _ in range(FOLDS)]

    def flush(fold: int) -> None:
        path = str(work / f"sentences-{fold}-{made[fold]}.pickle")
        with open(path, "wb") as f:
            pickle.dump(chunks[fold], f, protocol=pickle.HIGHEST_PROTOCOL)
        files[fold].append(path)
        made[fold] += 1
        chunks[fold] = []

    i = 0
    for path in arrived:
        with open(path, "rb") as f:
            these = pickle.load(f)
        Path(path).unlink()
        for s in these:
            fold = fold_of[i]
            i += 1
            count_trigrams(reference_words(s), out.fold_counts[fold])
            chunks[fold].append(s)
            out.fold_sentences[fold] += 1
            if len(chunks[fold]) >= shard_size(made[fold]):
                flush(fold)
        del these
    for fold in range(FOLDS):
        if chunks[fold]:
            flush(fold)
    out.tasks = [(fold, path) for fold in range(FOLDS) for path in files[fold]]
    return out


@dataclass
class PassResult:
    sets: TrainingSet
    part_hashes: np.ndarray  # part k + 1 of the sets is part_hashes[k] (0: the empty part)
    feature_hashes: np.ndarray  # column k + 1 of the sets' weights is the feature of feature_hashes[k]
    strings: list[str]  # files of (hashes, feature strings)
    shards: dict[int, str]  # task index -> its (dense) shard file
    skipped: int = 0  # heads whose reference breaks the view's constraints
    inflection: InflectionCounts = field(default_factory=InflectionCounts)
    compounds: Counter = field(default_factory=Counter)  # (compound key, in order) -> count
    worker_peak_mb: float = 0.0  # the highest peak RSS of a worker (0 without workers)

    def part_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The parts as the workers hand them back: (hashes, numbers of features, features one after the other)."""
        matrix = self.sets.parts  # (row 0: the empty part)
        counts = matrix.data.astype(np.int64)  # (a feature a part fires twice is stored once, with 2)
        row_of = np.repeat(np.arange(matrix.shape[0]), np.diff(matrix.indptr))
        lengths = np.bincount(row_of, weights=counts, minlength=matrix.shape[0]).astype(np.int64)[1:]
        return self.part_hashes, lengths, np.repeat(self.feature_hashes[matrix.indices], counts)


class Extraction:
    """Runs `extract_shard` in this process or in `jobs` workers, forked for
    both passes from this process while it holds little (the rules, the
    trigram counts): the workers do not carry copies of the training
    matrices made later. A worker that dies (killed, out of memory) ends
    training with `TrainingError`. `progress`: a bar on stderr, by pass and
    shard."""

    def __init__(self, context: Context, jobs: int, progress: bool = False):
        self.progress = progress
        set_context(context)
        trim_heap()  # (what reading the corpus left behind is not forked into every worker)
        self.pool = None
        if jobs > 1:
            # Objects alive now (the rules, the counts) are shared with the
            # forked workers; frozen, their garbage collector does not walk
            # them, so their pages are not copied into every worker.
            gc.freeze()
            self.pool = ProcessPoolExecutor(jobs, mp_context=mp.get_context("fork"))

    def map(self, tasks: list[ShardTask], name: str = ""):
        """extract_shard of each task, in order; `name`: the pass the bar shows."""
        from tqdm import tqdm

        with tqdm(total=len(tasks), desc=f"ptb2fd train: {name} pass", unit="shard", disable=not self.progress,
                  file=sys.stderr, dynamic_ncols=True, leave=False) as bar:
            for result in self._map(tasks):
                bar.update(1)
                yield result

    def _map(self, tasks: list[ShardTask]):
        if self.pool is None:
            yield from map(extract_shard, tasks)
            return
        try:
            yield from self.pool.map(extract_shard, tasks)
        except BrokenProcessPool:
            raise TrainingError("a training worker died (out of memory? try fewer --jobs)") from None

    def __enter__(self) -> "Extraction":
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            gc.unfreeze()
        set_context(None)


class TrainingError(Ptb2fdError):
    """Training could not finish (exit status 1)."""


def write_plan(sp: Spool, plan: SecondPass) -> str:
    """The second pass's plan, in a file for the workers (this process need not keep it)."""
    path = str(sp.work / "second.plan")
    with open(path, "wb") as f:
        pickle.dump(plan, f, protocol=pickle.HIGHEST_PROTOCOL)
    return path


def run_pass(sp: Spool, extraction: Extraction, name: str, first: PassResult | None = None,
             plan_file: str | None = None) -> PassResult:
    """One extraction of every shard; the second (`first` and `plan_file` given) starts from the first's
    shards and parts."""
    tasks = [ShardTask(k, fold, path, str(sp.work / f"{name}-{k}.npz"), first.shards[k] if first else None, plan_file)
             for k, (fold, path) in enumerate(sp.tasks)]
    results = []
    out = PassResult(None, None, None, [], {})
    parts = None  # the parts handed back so far, each once
    for r in extraction.map(tasks, name):  # (counts and parts merged as they come: nothing kept per shard)
        if r.inflection is not None:
            out.inflection.update(r.inflection)
        out.compounds.update(r.compounds)
        out.skipped += r.skipped
        if extraction.pool is not None:
            out.worker_peak_mb = max(out.worker_peak_mb, r.peak_mb)
        # (kept per shard, the parts grew with the corpus: every shard hands
        # back the parts it met, most of them met by the others too)
        parts = _unique_parts([parts, r.parts] if parts is not None else [r.parts])
        r.inflection, r.compounds, r.parts = None, None, None
        results.append(r)
    handed = ([parts] if parts is not None else []) + ([first.part_arrays()] if first is not None else [])
    out.part_hashes, matrix, out.feature_hashes = _merge_parts(handed)
    del handed, parts
    store = ShardStore()
    for r in results:
        out.shards[r.index] = r.path  # (made dense in place)
        store.add(r.path, densify(r.path, out.part_hashes, r.path))
        out.strings.append(r.strings)
    out.strings += first.strings if first is not None else []
    out.sets = TrainingSet(matrix, store)
    del results
    trim_heap()
    return out


def _unique_parts(handed: list[tuple[np.ndarray, np.ndarray, np.ndarray]]):
    """The parts of `handed` once each, the first of each hash, in the form
    they are handed back in: (hashes sorted, numbers of features, features
    one after the other)."""
    empty = np.zeros(0, dtype=np.int64)
    hashes = np.concatenate([h[0] for h in handed] or [empty])
    lengths = np.concatenate([h[1] for h in handed] or [empty])
    features = np.concatenate([h[2] for h in handed] or [empty])
    part_hashes, first = np.unique(hashes, return_index=True)
    starts = np.concatenate([[0], np.cumsum(lengths)])
    lens = lengths[first]
    out_starts = np.cumsum(lens) - lens
    picked = np.arange(int(lens.sum())) - np.repeat(out_starts, lens) + np.repeat(starts[first], lens)
    return part_hashes, lens, features[picked]


def _merge_parts(handed: list[tuple[np.ndarray, np.ndarray, np.ndarray]]):
    """Every part handed back, once: (part hashes sorted, the parts x features
    matrix with row 0 the empty part, the feature hashes sorted)."""
    part_hashes, lens, features = _unique_parts(handed)
    rows = np.repeat(np.arange(1, len(part_hashes) + 1), lens)
    feature_hashes, cols = np.unique(features, return_inverse=True)
    matrix = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(part_hashes) + 1, len(feature_hashes)))
    return part_hashes, matrix.tocsr(), feature_hashes


def feature_names(strings: list[str], wanted: np.ndarray) -> dict[int, str]:
    """hash -> feature string for the hashes in `wanted`, from the passes' string files."""
    wanted = np.unique(np.asarray(wanted, dtype=np.int64))
    names: dict[int, str] = {}
    for path in strings:
        with open(path, "rb") as f:
            hashes, texts = pickle.load(f)
        at = np.minimum(np.searchsorted(wanted, hashes), max(len(wanted) - 1, 0))
        for k in np.flatnonzero(wanted[at] == hashes) if len(wanted) else ():
            names[int(hashes[k])] = texts[k]
    if len(names) != len(wanted):
        raise ValueError(f"{len(wanted) - len(names)} feature(s) without a string")
    return names
