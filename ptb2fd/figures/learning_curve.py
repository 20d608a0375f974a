"""The statistical realizer's learning curve: trained on growing
parts of WSJ dev, of GUM's training documents, and of both; scored on WSJ
test and on GUM's held-out documents, in every view.

GUM (../shared/treebanks/gum, parser trees with some function tags and no
empty elements) is converted with the default options (`--functions auto`
completes the trees of a file whose first 14 trees have no empty element,
docs/parser-output.md) and split by document,
once and for all: in each genre, its documents in name order, every fifth
from the third (`held_out`) is held out, 23 of the 108. A part of a
training set is its first N sentences: WSJ dev in file order; GUM's
training documents taken in turn from each genre (academic, bio, court,
interview, news, voyage, then each genre's second document, ...), so that
even a small part has every genre.

Slow (20 models, each scored twice): `--skip learning_curve`.
"""
from __future__ import annotations

import json
from pathlib import Path

from ptb2fd.figures.gum_reference import GUM as GUM_ROOT
from ptb2fd.figures.measure import DEV, TEST, Figure, FigureError, Run, Section, shown

GUM = GUM_ROOT / "const"
VIEWS = ("paper", "full", "shallow", "lemma")
# Two or three points a curve: 20 models in all, each scored twice (about an
# hour on 2 cores); more points add little to the question it answers.
WSJ_SIZES = (500, None)  # None: all
GUM_SIZES = (1000, None)


def held_out(names: list[str]) -> tuple[list[str], list[str]]:
    """(training documents in turn by genre, held-out documents), from GUM file names GUM_<genre>_<name>.ptb."""
    genres: dict[str, list[str]] = {}
    for name in sorted(names):
        genres.setdefault(name.split("_")[1], []).append(name)
    train_by_genre = {g: [d for k, d in enumerate(docs) if k % 5 != 2] for g, docs in genres.items()}
    test = [d for docs in genres.values() for k, d in enumerate(docs) if k % 5 == 2]
    turns = max(len(d) for d in train_by_genre.values())
    train = [docs[k] for k in range(turns) for docs in train_by_genre.values() if k < len(docs)]
    return train, test


def _first(run: Run, source: Path, n: int | None, name: str) -> tuple[Path, int]:
    """The first n sentences (lines) of a converted file, and how many there are."""
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    part = lines if n is None or n >= len(lines) else lines[:n]
    target = run.path(name)
    if not target.exists():
        target.write_text("".join(part), encoding="utf-8")
    return target, len(part)


def _data(run: Run) -> dict[str, Path]:
    docs = sorted(p.name for p in GUM.glob("*.ptb"))
    if not docs:
        raise FigureError(f"{GUM}: no GUM trees (GUM_*.ptb); the learning curve needs them (--skip learning_curve)")
    train, test = held_out(docs)
    out = {"wsj-dev": run.once("wsj-dev.jsonl", ["ptb2fd", "convert", "--corpus", "treebank", "--files", DEV[2],
                                                "-o", str(run.path("wsj-dev.jsonl")), "--quiet"]),
           "wsj-test": run.once("wsj-test.jsonl", ["ptb2fd", "convert", "--corpus", "treebank", "--files", TEST[2],
                                                  "-o", str(run.path("wsj-test.jsonl")), "--quiet"])}
    for key, names in (("gum-train", train), ("gum-test", test)):
        out[key] = run.once(f"{key}.jsonl", ["ptb2fd", "convert", *(str(GUM / d) for d in names),
                                             "-o", str(run.path(f"{key}.jsonl")), "--quiet"])
    both = run.path("both.jsonl")
    if not both.exists():
        both.write_text(out["wsj-dev"].read_text(encoding="utf-8") + out["gum-train"].read_text(encoding="utf-8"),
                        encoding="utf-8")
    out["both"] = both
    return out


def _score(run: Run, model: Path, view: str, test: Path) -> dict:
    """The model's regeneration figures on `test` (kept in the work folder, like the model)."""
    scores = run.once(f"{model.stem}-on-{test.stem}.json",
                      ["ptb2fd", "regen", str(test), "--realizer", "stat", "--model", str(model), "--view", view,
                       "--jobs", "2", "--json"], stdout=True)
    return json.loads(scores.read_text(encoding="utf-8"))


def learning_curve(run: Run) -> Section:
    data = _data(run)
    plans = [("WSJ dev", "wsj-dev", n) for n in WSJ_SIZES] + [("GUM train", "gum-train", n) for n in GUM_SIZES] + \
        [("WSJ dev + GUM train", "both", None)]
    rows, needed = [], []
    for view in VIEWS:
        curve = {}
        for label, key, n in plans:
            part, size = _first(run, data[key], n, f"{key}-{n or 'all'}.jsonl")
            model = run.path(f"curve-{view}-{key}-{n or 'all'}.model")
            argv = ["ptb2fd", "train", str(part), "--view", view, "--jobs", "2", "-o", str(model)]
            run.once(model.name, argv)
            wsj, gum = _score(run, model, view, data["wsj-test"]), _score(run, model, view, data["gum-test"])
            curve[(key, n)] = (size, gum["bleu"])
            rows.append(Figure(
                f"{view}: {label}, {size} sentences", shown(["ptb2fd", "train", part.name, "--view", view, "--jobs", "2", "-o", model.name]),
                data=f"{label}: {size} sentences", split="scored on WSJ test and GUM held-out", view=view,
                realizer="stat",
                values={"WSJ test BLEU": f"{wsj['bleu']:.4f}", "WSJ test exact": f"{100 * wsj['exact']:.2f}",
                        "GUM held-out BLEU": f"{gum['bleu']:.4f}", "GUM held-out exact": f"{100 * gum['exact']:.2f}"}))
        wsj_all = curve[("wsj-dev", None)]
        enough = [size for (key, _), (size, bleu) in curve.items() if key == "gum-train" and bleu >= wsj_all[1]]
        needed.append(Figure(
            f"{view}: GUM sentences to match WSJ dev on GUM held-out", "(from the rows above)",
            data="GUM train parts against all of WSJ dev", split="GUM held-out", view=view, realizer="stat",
            values={"WSJ dev sentences": wsj_all[0], "its GUM held-out BLEU": f"{wsj_all[1]:.4f}",
                    "fewest GUM sentences at least as good": min(enough) if enough else "more than all"}))
    about = ("The statistical realizer trained on the first N sentences of WSJ dev, of GUM's training documents "
             "(taken in turn by genre) and of both, each model scored on WSJ test (wsj_0100–0199) and on GUM's "
             "held-out documents (every fifth document of each genre from the third: "
             f"{', '.join(n.removesuffix('.ptb') for n in held_out(sorted(p.name for p in GUM.glob('*.ptb')))[1])}). "
             "GUM's trees are parser output, converted with the default options. Exact is a percentage.")
    return Section("learning-curve", "Learning curve of the statistical realizer", about, rows + needed)
