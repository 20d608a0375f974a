"""The error analysis of paper 001, behind `ptb2fd analyse REPORT_DIR… -o OUT_DIR`.

Reads regen report folders (`load`), computes every table, and writes
the CSV files below; `ptb2fd.commands.analyse` adds `analysis.md`
(`markdown`) and the PNG plots (`plots`).
Numbers are written with fixed decimals and rows in a fixed order, so two
runs give byte-identical CSV and markdown.

    sentences.csv        one row per sentence and system: scores and complexity
    complexity.csv       the paper's Table 2, one row per corpus
    dea_by_role.csv      the paper's Table 4, per system
    entropy_roles.csv    side entropy of each role, per corpus
    order_entropy.csv    order entropy per head configuration, per corpus
    correlations.csv     Spearman rho, p, Holm-adjusted p, per system
    projectivity.csv     Mann-Whitney U, projective vs non-projective
    suspicious.csv       the mined forms, per system and view
"""
from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean, pstdev

from ptb2fd.analysis.complexity import METRICS
from ptb2fd.analysis.correlate import GroupTest, Pair, projectivity_tests, spearman_pairs
from ptb2fd.analysis.edges import dea_by_role
from ptb2fd.analysis.entropy import Configuration, bits, conditional_entropy, configurations, side_counts
from ptb2fd.analysis.load import System, read_systems
from ptb2fd.analysis.mining import VIEWS, Suspect, fail_flags, mark_coverage, mine

PERFORMANCE = ("bleu_paper", "dea_paper", "ssa_id")


@dataclass
class CorpusStats:
    name: str
    systems: list[System]
    table: dict  # the Table 2 row
    sides: dict[str, tuple[int, int]]
    configs: list[Configuration]
    order_entropy: float


@dataclass
class SystemStats:
    system: System
    role_dea: dict[str, tuple[int, int]]
    pairs: list[Pair]
    groups: list[GroupTest]
    role_rho: Pair | None
    failed: list[bool]
    suspects: dict[str, list[Suspect]] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"{self.system.name} @ {self.system.corpus}"


def fmt(x, digits: int = 4) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "nan"
    if isinstance(x, bool):
        return "1" if x else "0"
    if isinstance(x, (int, str)):
        return str(x)
    return f"{x:.{digits}f}"


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "system"


def corpus_table(system: System) -> dict:
    trees = [s.complexity for s in system.sentences if s.complexity is not None]
    row: dict = {"corpus": system.corpus, "sentences": len(system.sentences)}
    for m in METRICS:
        values = [getattr(c, m) for c in trees]
        row[m] = (mean(values), pstdev(values)) if values else (math.nan, math.nan)
    row["nonprojective"] = 100 * sum(not c.projective for c in trees) / len(trees) if trees else math.nan
    return row


def columns(system: System) -> dict[str, list[float]]:
    rows = [s for s in system.sentences if s.complexity is not None]
    cols = {m: [float(getattr(s, m)) for s in rows] for m in PERFORMANCE}
    cols.update({m: [float(getattr(s.complexity, m)) for s in rows] for m in METRICS})
    return cols


def role_entropy_rho(role_dea: dict, sides: dict, min_edges: int = 10) -> Pair | None:
    roles = [r for r, (_, n) in role_dea.items() if n >= min_edges and r in sides]
    if len(roles) < 3:
        return None
    pairs = spearman_pairs({"dea_paper": [role_dea[r][0] / role_dea[r][1] for r in roles],
                            "entropy": [bits(sides[r]) for r in roles]})
    return pairs[0]


def analyse(folders: list[str], fail: str = "exact", min_support: int = 20, top: int = 20,
            rules_dir: str | None = None) -> tuple[list[CorpusStats], list[SystemStats]]:
    systems = read_systems(folders, rules_dir)
    corpora: dict[str, list[System]] = {}
    for s in systems:
        corpora.setdefault(s.corpus, []).append(s)
    corpus_stats = []
    for name, members in corpora.items():
        ref = members[0].sentences  # every system of a corpus has the same reference trees
        configs = configurations(ref)
        corpus_stats.append(CorpusStats(name, members, corpus_table(members[0]), side_counts(ref), configs,
                                        conditional_entropy(configs)))
    sides = {c.name: c.sides for c in corpus_stats}
    stats = []
    for s in systems:
        role_dea = dea_by_role(s.sentences)
        cols = columns(s)
        projective = [x.complexity.projective for x in s.sentences if x.complexity is not None]
        st = SystemStats(s, role_dea, spearman_pairs(cols),
                         projectivity_tests({m: cols[m] for m in PERFORMANCE}, projective),
                         role_entropy_rho(role_dea, sides[s.corpus]), fail_flags(s.sentences, fail))
        for view in VIEWS:
            st.suspects[view] = mine(s.sentences, st.failed, view, min_support, top)
        stats.append(st)
    for c in corpus_stats:
        for view in VIEWS:
            mark_coverage({st.label: st.suspects[view] for st in stats if st.system.corpus == c.name})
    return corpus_stats, stats


def _write(path: Path, header: list[str], rows) -> None:
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for row in rows:
            w.writerow([fmt(x) for x in row])


def write_csvs(out: Path, corpora: list[CorpusStats], stats: list[SystemStats]) -> None:
    _write(out / "sentences.csv",
           ["system", "corpus", "id", "bleu_paper", "ssa_id", "exact", "dea_paper", "dea_ptb2fd", *METRICS,
            "projective"],
           ([st.system.name, st.system.corpus, s.id, s.bleu_paper, s.ssa_id, s.exact, s.dea_paper, s.dea_ptb2fd,
             *([getattr(s.complexity, m) for m in METRICS] + [s.complexity.projective] if s.complexity
               else [math.nan] * (len(METRICS) + 1))]
            for st in stats for s in st.system.sentences))
    _write(out / "complexity.csv",
           ["corpus", "sentences", *[f"{m}_{k}" for m in METRICS for k in ("mean", "sd")], "nonprojective_pct"],
           ([c.name, c.table["sentences"], *[v for m in METRICS for v in c.table[m]], c.table["nonprojective"]]
            for c in corpora))
    _write(out / "dea_by_role.csv", ["system", "corpus", "role", "found", "edges", "dea_paper"],
           ([st.system.name, st.system.corpus, r, f, n, f / n] for st in stats for r, (f, n) in st.role_dea.items()))
    _write(out / "entropy_roles.csv", ["corpus", "role", "left", "right", "entropy"],
           ([c.name, r, lft, rgt, bits((lft, rgt))] for c in corpora for r, (lft, rgt) in c.sides.items()))
    _write(out / "order_entropy.csv", ["corpus", "configuration", "count", "entropy", "orders", "commonest_order"],
           ([c.name, k.key, k.count, k.entropy, len(k.orders), k.orders[0][0]] for c in corpora for k in c.configs))
    _write(out / "correlations.csv", ["system", "corpus", "a", "b", "rho", "p", "p_holm", "significant"],
           ([st.system.name, st.system.corpus, p.a, p.b, p.rho, p.p, p.p_holm, p.significant]
            for st in stats for p in st.pairs))
    _write(out / "projectivity.csv", ["system", "corpus", "metric", "n_projective", "n_nonprojective",
                                      "median_projective", "median_nonprojective", "u", "p"],
           ([st.system.name, st.system.corpus, g.metric, g.n_projective, g.n_nonprojective, g.median_projective,
             g.median_nonprojective, g.u, g.p] for st in stats for g in st.groups))
    _write(out / "suspicious.csv", ["system", "corpus", "view", "rank", "form", "score", "support", "failures",
                                    "failure_rate", "failures_covered", "systems", "examples"],
           ([st.system.name, st.system.corpus, view, i, x.form, x.score, x.support, x.failures, x.failure_rate,
             x.coverage, x.systems, " ".join(x.examples)]
            for st in stats for view in VIEWS for i, x in enumerate(st.suspects[view], start=1)))
