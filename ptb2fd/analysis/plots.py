"""PNG plots of the analysis (matplotlib, non-interactive Agg backend).

accuracy_by_length.png  exact match and paper DEA by punctuation-free sentence length
dea_by_role.png         share of edges lost (1 - paper DEA) per role with at least 20 edges, per system
correlations.png        Spearman rho heatmaps, one per system; `*` marks a
                        coefficient not significant after Holm (as the paper's Figure 2)
suspicious.png          the top suspicious forms (cat0~role view) of each corpus's first system
"""
from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

BUCKETS = ((1, 10), (11, 20), (21, 30), (31, 40), (41, 10**9))
MIN_ROLE_EDGES = 20
TOP_BARS = 10
_META = {"Software": None}  # no version string in the files: reruns give the same bytes


def _bucket_label(lo: int, hi: int) -> str:
    return f"{lo}-{hi}" if hi < 10**9 else f"{lo}+"


def accuracy_by_length(path: Path, stats) -> None:
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.4))
    labels = [_bucket_label(lo, hi) for lo, hi in BUCKETS]
    for st in stats:
        exact, dea = [], []
        for lo, hi in BUCKETS:
            group = [s for s in st.system.sentences if s.complexity and lo <= s.complexity.length <= hi]
            exact.append(sum(s.exact for s in group) / len(group) if group else math.nan)
            dea.append(sum(s.dea_paper for s in group) / len(group) if group else math.nan)
        axes[0].plot(labels, exact, marker="o", label=st.label)
        axes[1].plot(labels, dea, marker="o", label=st.label)
    axes[0].set_title("exact match")
    axes[1].set_title("DEA (paper)")
    for ax in axes:
        ax.set_xlabel("words (no punctuation)")
        ax.grid(alpha=0.3)
    axes[1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=80, metadata=_META)
    plt.close(fig)


def dea_by_role(path: Path, stats) -> None:
    """Share of each role's edges lost (1 - DEA): accuracies near 1 read better as losses."""
    totals: dict[str, int] = {}
    for st in stats:
        for role, (_, n) in st.role_dea.items():
            totals[role] = totals.get(role, 0) + n
    roles = [r for r, n in totals.items() if n >= MIN_ROLE_EDGES * len(stats)]

    def lost(st, r) -> float:
        return 100 * (1 - st.role_dea[r][0] / st.role_dea[r][1]) if r in st.role_dea else math.nan

    roles.sort(key=lambda r: (-lost(stats[0], r), r))
    height = 0.8 / len(stats)
    fig, ax = plt.subplots(figsize=(7, 0.16 * len(roles) * len(stats) + 1.4))
    for k, st in enumerate(stats):
        ax.barh([i + k * height for i in range(len(roles))], [lost(st, r) for r in roles], height=height,
                label=st.label)
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(roles))], roles, fontsize=7)
    ax.invert_yaxis()
    ax.set_xscale("symlog", linthresh=1)
    ax.set_xlabel("edges lost, % (100 × (1 − DEA), paper's DEA; symlog scale)")
    ax.grid(axis="x", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=80, metadata=_META)
    plt.close(fig)


def correlations(path: Path, stats) -> None:
    fig, axes = plt.subplots(1, len(stats), figsize=(4.6 * len(stats), 4.2), squeeze=False)
    for ax, st in zip(axes[0], stats):
        names = list(dict.fromkeys([p.a for p in st.pairs] + [p.b for p in st.pairs]))
        index = {n: i for i, n in enumerate(names)}
        grid = [[1.0 if i == j else math.nan for j in range(len(names))] for i in range(len(names))]
        marks = {}
        for p in st.pairs:
            i, j = index[p.a], index[p.b]
            grid[i][j] = grid[j][i] = p.rho
            marks[(i, j)] = marks[(j, i)] = "" if p.significant else "*"
        ax.imshow(grid, cmap="RdBu_r", vmin=-1, vmax=1)
        for (i, j), mark in marks.items():
            rho = grid[i][j]
            ax.text(j, i, ("nan" if math.isnan(rho) else f"{rho:.2f}") + mark, ha="center", va="center", fontsize=6,
                    color="white" if not math.isnan(rho) and abs(rho) > 0.6 else "black")
        ax.set_xticks(range(len(names)), names, rotation=60, fontsize=7)
        ax.set_yticks(range(len(names)), names, fontsize=7)
        ax.set_title(st.label, fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=80, metadata=_META)
    plt.close(fig)


def suspicious(path: Path, corpora, stats, view: str = "cat0~role") -> None:
    firsts = [next(st for st in stats if st.system.corpus == c.name) for c in corpora]
    fig, axes = plt.subplots(1, len(firsts), figsize=(6.5 * len(firsts), 3.6), squeeze=False)
    for ax, st in zip(axes[0], firsts):
        top = st.suspects[view][:TOP_BARS][::-1]
        ax.barh(range(len(top)), [x.score for x in top])
        for i, x in enumerate(top):
            ax.text(x.score, i, f" {x.failures}/{x.support}", va="center", fontsize=6)
        ax.set_yticks(range(len(top)), [x.form for x in top], fontsize=6)
        low = min((x.score for x in top), default=0.0)
        ax.set_xlim(max(0.0, low - 0.5), max((x.score for x in top), default=1.0) + 0.4)
        ax.set_xlabel("suspicion score (failed/support)")
        ax.set_title(f"{st.label}: {view}", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=80, metadata=_META)
    plt.close(fig)


def write_plots(out: Path, corpora, stats) -> dict[str, str]:
    """Write the four PNGs; returns plot name -> file name."""
    files = {"length": "accuracy_by_length.png", "roles": "dea_by_role.png", "correlations": "correlations.png",
             "suspicious": "suspicious.png"}
    accuracy_by_length(out / files["length"], stats)
    dea_by_role(out / files["roles"], stats)
    correlations(out / files["correlations"], stats)
    suspicious(out / files["suspicious"], corpora, stats)
    return files
