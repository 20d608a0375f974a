"""`analysis.md`: the analysis as a document that reads on its own.

Sections follow paper 001: complexity (Table 2), the scores by length,
edge accuracy by role (Table 4), word-order entropy, correlations (Figure 2,
Table 3) and error mining (Tables 5-7), with the PNG plots embedded.
"""
from __future__ import annotations

from pathlib import Path

from ptb2fd.analysis.analyse import PERFORMANCE, fmt
from ptb2fd.analysis.complexity import METRICS
from ptb2fd.analysis.correlate import ALPHA, MIN_GROUP
from ptb2fd.analysis.entropy import bits
from ptb2fd.analysis.mining import VIEWS

SHOWN = 10  # rows of the long tables shown here; the CSV files have them all


def _table(header: list[str], rows) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return out + [""]


def _pm(pair) -> str:
    return f"{pair[0]:.2f}±{pair[1]:.2f}"


def _systems(stats) -> list[str]:
    rows = []
    for st in stats:
        ss = st.system.sentences
        n = len(ss)
        found = sum(f for f, _ in st.role_dea.values())
        edges = sum(e for _, e in st.role_dea.values())
        exact = sum(s.exact for s in ss) / n if n else 0.0
        bleu = sum(s.bleu_paper for s in ss) / n if n else 0.0
        rows.append([st.system.name, st.system.corpus, f"`{st.system.folder}`", n, fmt(exact), fmt(bleu),
                     fmt(found / edges if edges else 1.0), sum(st.failed), len(st.system.errors)])
    return _table(["system", "corpus", "folder", "sentences", "exact", "BLEU (sentence mean)", "DEA (paper)",
                   "failed", "skipped (bad lines)"], rows)


def _complexity(corpora) -> list[str]:
    rows = [[c.name, c.table["sentences"], *[_pm(c.table[m]) for m in METRICS], fmt(c.table["nonprojective"], 2)]
            for c in corpora]
    return _table(["corpus", "count", "depth", "length", "MDD", "MFS", "MFW", "MA", "NP %"], rows)


def _role_dea(stats) -> list[str]:
    roles = sorted({r for st in stats for r in st.role_dea})
    mean_dea = {r: sum(st.role_dea[r][0] / st.role_dea[r][1] for st in stats if r in st.role_dea)
                / sum(r in st.role_dea for st in stats) for r in roles}
    roles.sort(key=lambda r: (mean_dea[r], r))
    several = len(stats) > 1  # the paper's Table 4 is the macro-average over systems
    # the reference's edges per role, one column per corpus (the systems of a
    # corpus share its reference trees; dev and test counts differ)
    corpora = list(dict.fromkeys(st.system.corpus for st in stats))
    edges = [[max(st.role_dea.get(r, (0, 0))[1] for st in stats if st.system.corpus == c) for c in corpora]
             for r in roles]
    rows = [[r, *n, *([fmt(mean_dea[r])] if several else []),
             *[fmt(st.role_dea[r][0] / st.role_dea[r][1]) if r in st.role_dea else "-" for st in stats]]
            for r, n in zip(roles, edges)]
    heads = ["edges"] if len(corpora) == 1 else [f"edges, {c}" for c in corpora]
    return _table(["role", *heads, *(["mean"] if several else []), *[st.label for st in stats]], rows)


def _entropy(corpora, stats) -> list[str]:
    lines = []
    for c in corpora:
        members = [st for st in stats if st.system.corpus == c.name]
        rows = sorted(c.sides.items(), key=lambda kv: (-bits(kv[1]), kv[0]))
        lines += [f"**{c.name}**: side entropy of each role (reference trees, punctuation removed), most variable "
                  "first, with each system's paper DEA for the role.", ""]
        lines += _table(["role", "left", "right", "H", *[st.system.name for st in members]],
                        ([r, lft, rgt, fmt(bits((lft, rgt)), 2),
                          *[fmt(st.role_dea[r][0] / st.role_dea[r][1]) if r in st.role_dea else "-" for st in members]]
                         for r, (lft, rgt) in rows))
        for st in members:
            p = st.role_rho
            lines.append(f"- {st.system.name}: Spearman ρ(per-role DEA, per-role H) over roles with at least 10 "
                         f"edges: " + ("not enough roles" if p is None else f"{fmt(p.rho, 3)} (p = {fmt(p.p, 4)})"))
        lines += ["", f"Order given the input features: H(order | configuration) = {c.order_entropy:.3f} bits over "
                  f"{sum(k.count for k in c.configs)} heads with dependents. The least deterministic configurations "
                  "(head cat0: dependent roles; ranked by the bits they contribute, count × H):", ""]
        rows = [[f"`{k.key}`", k.count, fmt(k.entropy, 2), len(k.orders),
                 "; ".join(f"`{o}` ×{n} ({ex})" for o, n, ex in k.orders[:3])]
                for k in c.configs[:SHOWN]]
        lines += _table(["configuration", "count", "H", "orders", "commonest orders (example)"], rows)
    return lines


def _correlations(stats) -> list[str]:
    lines = []
    for st in stats:
        by_pair = {(p.a, p.b): p for p in st.pairs}
        names = list(PERFORMANCE) + list(METRICS)
        lines += [f"**{st.label}**: Spearman ρ ({len(st.pairs)} pairs, Holm-corrected; `*` not significant at "
                  f"α = {ALPHA}).", ""]
        rows = []
        for a in PERFORMANCE:
            cells = []
            for b in names:
                p = by_pair.get((a, b)) or by_pair.get((b, a))
                cells.append("1" if a == b else (fmt(p.rho, 2) + ("" if p.significant else "*")))
            rows.append([a, *cells])
        lines += _table(["", *names], rows)
        rows = [[g.metric, g.n_projective, g.n_nonprojective, fmt(g.median_projective), fmt(g.median_nonprojective),
                 "-" if g.u is None else fmt(g.u, 1), "-" if g.p is None else f"{g.p:.2e}"] for g in st.groups]
        lines += ["Projective against non-projective sentences (Mann–Whitney U, two-sided; run when both groups "
                  f"have at least {MIN_GROUP} sentences):", ""]
        lines += _table(["metric", "n proj", "n non-proj", "median proj", "median non-proj", "U", "p"], rows)
    return lines


def _mining(corpora, stats) -> list[str]:
    lines = []
    for c in corpora:
        members = [st for st in stats if st.system.corpus == c.name]
        for view in VIEWS:
            for st in members:
                suspects = st.suspects[view][:SHOWN]
                covered = suspects[-1].coverage if suspects else 0.0
                lines += [f"**{st.label}, view `{view}`**: the top {len(suspects)} forms cover "
                          f"{covered:.1%} of the {sum(st.failed)} failed sentences.", ""]
                lines += _table(["#", "form", "score", "support", "failed", "failure rate", "failures covered",
                                 "systems", "examples"],
                                ([i, f"`{x.form}`", fmt(x.score, 3), x.support, x.failures, fmt(x.failure_rate, 2),
                                  f"{x.coverage:.1%}", f"{x.systems:.0%}", ", ".join(x.examples)]
                                 for i, x in enumerate(suspects, start=1)))
            if len(members) > 1:
                lines += _across(members, view)
    return lines


def _across(members, view: str) -> list[str]:
    """The paper's Tables 5-7: forms listed by most systems, with their mean suspicion score."""
    scores: dict[str, list[float]] = {}
    for st in members:
        for x in st.suspects[view]:
            scores.setdefault(x.form, []).append(x.score)
    ranked = sorted(scores.items(), key=lambda kv: (-len(kv[1]), -sum(kv[1]) / len(kv[1]), kv[0]))[:SHOWN]
    lines = [f"Across the {len(members)} systems, view `{view}`: forms by coverage (share of systems listing "
             "them), then mean suspicion score.", ""]
    return lines + _table(["form", "coverage", "mean score"],
                          ([f"`{f}`", f"{len(v) / len(members):.0%}", fmt(sum(v) / len(v), 3)] for f, v in ranked))


def write_markdown(path: Path, corpora, stats, plots: dict[str, str], args) -> None:
    fail = "not exact" if args.fail == "exact" else f"paper BLEU at or below the {args.fail.split(':')[1]}-quantile"
    lines = ["# Error analysis of regeneration", "",
             "After Shimorina, Parmentier & Gardent (2021), *An Error Analysis Framework for Shallow Surface "
             "Realization*. Every measure is taken on the reference dependency tree with punctuation removed (a "
             "removed word's dependents move to its head) and on the output with punctuation removed, as in the "
             "paper. BLEU is sentence BLEU-4 with smoothing method 2 on lemmas; DEA (paper) counts an edge "
             "(head lemma, dependent lemma, signed distance) as found when the output has the two lemmas at that "
             "distance. ptb2fd's own `dea` (regen report: by word identity, punctuation included) is the "
             "`dea_ptb2fd` column of `sentences.csv`.", "", "## Systems", ""]
    lines += _systems(stats)
    lines += ["## Syntactic complexity (paper's Table 2)", "",
              "Mean ± standard deviation per sentence; NP % is the share of non-projective sentences. MDD equals "
              "MFS by construction; MA is (n−1)/n.", ""]
    lines += _complexity(corpora)
    lines += ["## Accuracy by sentence length", "", f"![accuracy by length]({plots['length']})", ""]
    lines += ["## Dependency edge accuracy by role (paper's Table 4)", "",
              "Lowest first; edges = reference edges with that dependent role.", "",
              f"![DEA by role]({plots['roles']})", ""]
    lines += _role_dea(stats)
    lines += ["## Word-order entropy", ""] + _entropy(corpora, stats)
    lines += ["## Correlations", "", f"![correlations]({plots['correlations']})", ""] + _correlations(stats)
    lines += ["## Error mining (suspicion score)", "",
              f"Fail = {fail}; forms with support ≥ {args.min_support}; ranked along the suspicion tree's main "
              "branch (each form is scored on the sentences the forms above it do not contain). *Failures covered* "
              "is the running share of failed sentences containing one of the forms so far; *systems* the share of "
              "this corpus's systems whose list has the form.", "", f"![suspicious forms]({plots['suspicious']})", ""]
    lines += _mining(corpora, stats)
    path.write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8")
