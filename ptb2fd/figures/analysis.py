"""The error-analysis section of docs/figures.md: `ptb2fd analyse` over the
rules realizer's `paper` reports on dev and test (paper 001's protocol):
complexity (Table 2), the BLEU–DEA correlation, the roles that lose the
most edges, and the top suspicious forms on dev."""
from __future__ import annotations

import csv

from ptb2fd.figures.measure import DEV, SPLITS, Figure, Run, Section, corpus_files, shown

SHOWN_ROLES = 6
SHOWN_FORMS = 5


def _rows(path) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def error_analysis(run: Run) -> Section:
    reports = []
    for split in SPLITS:
        name = f"{split[0]}-paper-rules"
        folder = run.path("reports") / name
        if not (folder / "metrics.json").exists():
            run(["ptb2fd", "regen", *corpus_files(split), "--report", str(folder)])
        reports.append((split, folder))
    out = run.path("analysis")
    argv = ["ptb2fd", "analyse", *(str(f) for _, f in reports), "-o", str(out)]
    run(argv)
    analyse = shown(["ptb2fd", "analyse", *(f"reports/{s[0]}-paper-rules" for s, _ in reports), "-o", "analysis"])
    regen = "ptb2fd regen --corpus treebank --files 'wsj_0?*' --report reports/SPLIT-paper-rules"
    rows = []
    for (split, _), c in zip(reports, _rows(out / "complexity.csv")):
        rows.append(Figure(f"complexity, {split[0]}", analyse, split=f"{split[0]} ({split[1]})", view="paper",
                           realizer="rules",
                           values={"sentences": c["sentences"],
                                   **{k: f"{float(c[k + '_mean']):.2f} ± {float(c[k + '_sd']):.2f}"
                                      for k in ("depth", "length", "mdd", "mfw", "arity")},
                                   "non-projective %": f"{float(c['nonprojective_pct']):.2f}"}))
    for r in _rows(out / "correlations.csv"):
        if {r["a"], r["b"]} == {"bleu_paper", "dea_paper"}:
            split = SPLITS[0] if r["corpus"].startswith("wsj_0001") else SPLITS[1]
            rows.append(Figure(f"Spearman ρ, BLEU vs DEA, {split[0]}", analyse, split=f"{split[0]} ({split[1]})",
                               view="paper", realizer="rules",
                               values={"rho": r["rho"], "p (Holm)": r["p_holm"]}))
    dev_roles = [r for r in _rows(out / "dea_by_role.csv") if r["corpus"].startswith("wsj_0001")
                 and int(r["edges"]) >= 50]
    for r in sorted(dev_roles, key=lambda r: float(r["dea_paper"]))[:SHOWN_ROLES]:
        rows.append(Figure(f"edges lost: {r['role']}", analyse, split=f"dev ({DEV[1]})", view="paper",
                           realizer="rules",
                           values={"edges": r["edges"], "found": r["found"],
                                   "DEA": f"{100 * float(r['dea_paper']):.2f} %"}))
    forms = [r for r in _rows(out / "suspicious.csv") if r["corpus"].startswith("wsj_0001") and r["view"] == "roles"]
    for r in forms[:SHOWN_FORMS]:
        rows.append(Figure(f"suspicious form {r['rank']}: `{r['form']}`", analyse, split=f"dev ({DEV[1]})",
                           view="paper", realizer="rules",
                           values={"failed / support": f"{r['failures']} / {r['support']}",
                                   "failures covered (cumulative)": f"{100 * float(r['failures_covered']):.1f} %",
                                   "examples": r["examples"]}))
    return Section("error-analysis", "Error analysis (paper 001)",
                   f"`ptb2fd analyse` on the regeneration reports of the rules realizer in the `paper` view "
                   f"(`{regen}`), fail = not exact. Roles with at least 50 edges on dev, fewest found first; "
                   f"forms by suspicion score, support ≥ 20 sentences.", rows)
