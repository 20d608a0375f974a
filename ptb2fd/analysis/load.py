"""Read `regen --report` folders into systems of analysed sentences.

A system is one report folder. Its name comes from the `view` and
`realizer` keys of `metrics.json` when they are there ("paper/rules"),
else from the folder name. Folders over the same sentence ids share a
corpus, labelled by its first and last file ("wsj_0001–wsj_0099"); the
complexity table has one row per corpus and systems are compared within a
corpus. Each sentence is reduced here to its punctuation-free reference
tree and output (paper 001, section 4); punctuation is the `punctuation`
class of cat0 in the rule folder's categories.yaml.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ptb2fd.analysis.complexity import Complexity, complexity, strip_punctuation
from ptb2fd.analysis.edges import bleu_paper, dea_paper
from ptb2fd.errors import UsageError

NEEDED = ("heads", "bases", "cat0", "order", "words")


@dataclass
class Sentence:
    id: str
    exact: bool
    ssa_id: float
    dea_ptb2fd: float  # regen's `dea`: every edge, punctuation included, by word identity
    bases: list[str]  # punctuation-free reference lemmas
    roles: list[str]
    cat0: list[str]
    heads: list[int]  # punctuation-free tree, 1-based, 0 = root
    output: list[str]  # punctuation-free output lemmas
    complexity: Complexity | None
    bleu_paper: float = 0.0  # the paper's sentence BLEU (edges.bleu_paper)
    dea_paper: float = 0.0  # the paper's edge accuracy (edges.dea_paper)


@dataclass
class System:
    name: str
    folder: Path
    corpus: str = ""
    sentences: list[Sentence] | None = None
    errors: list[str] = field(default_factory=list)  # sentences skipped, with file, line and id


def punctuation_classes(rules_dir: str | None) -> frozenset[str]:
    from ptb2fd.rulelang.folder import default_rules_dir

    path = Path(rules_dir or default_rules_dir()) / "categories.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        return frozenset(data["values"]["cat0"]["punctuation"])
    except (OSError, KeyError, TypeError, yaml.YAMLError) as e:
        raise UsageError(f"{path}: cannot read values.cat0.punctuation ({e})") from e


def _sentence(rec: dict, punct: frozenset[str]) -> Sentence:
    is_punct = [c in punct for c in rec["cat0"]]
    heads, kept = strip_punctuation(rec["heads"], is_punct)
    bases = [rec["bases"][i] for i in kept]
    output = _output_lemmas(rec, is_punct)
    return Sentence(
        id=rec["id"], exact=bool(rec["exact"]), ssa_id=float(rec["ssa_id"]), dea_ptb2fd=float(rec["dea"]),
        bases=bases, roles=[rec["words"][i][1] for i in kept], cat0=[rec["cat0"][i] for i in kept],
        heads=heads, output=output, complexity=complexity(heads),
        bleu_paper=bleu_paper(bases, output), dea_paper=dea_paper(bases, heads, output))


def _output_lemmas(rec: dict, is_punct: list[bool]) -> list[str]:
    """The output as reference lemmas, punctuation left out.

    A realizer that returns words may emit one matched to no reference token
    (`order` -1): it stays as its own spelling (not lemmatized; a word of
    non-alphanumeric characters counts as punctuation), so it matches no
    edge unless it happens to be spelled as a lemma.
    """
    words = rec.get("output", "").split()
    out = []
    for p, i in enumerate(rec["order"]):
        if i >= 0:
            if not is_punct[i]:
                out.append(rec["bases"][i])
            continue
        if len(words) != len(rec["order"]):
            out.append("\u2205")  # the word is unknown: keep its place, match nothing
        elif any(ch.isalnum() for ch in words[p]):
            out.append(words[p])
    return out


def read_system(folder: str | Path, punct: frozenset[str]) -> System:
    d = Path(folder)
    metrics_path, sentences_path = d / "metrics.json", d / "sentences.jsonl"
    if not sentences_path.is_file() or not metrics_path.is_file():
        raise UsageError(f"{d}: not a regen --report folder (needs metrics.json and sentences.jsonl)")
    try:
        metrics = json.loads(metrics_path.read_text(encoding="utf-8"))
    except ValueError as e:
        raise UsageError(f"{metrics_path}: not JSON ({e})") from e
    parts = [str(metrics[k]) for k in ("view", "realizer") if metrics.get(k)]
    system = System("/".join(parts) if parts else d.name, d)
    sentences = []
    with open(sentences_path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            where = f"{sentences_path}:{n}"
            rec = None
            try:
                rec = json.loads(line)
                missing = [k for k in NEEDED if k not in rec]
                if missing and not sentences:  # a folder written before these keys existed
                    raise UsageError(f"{where}: sentence {rec.get('id')} lacks {', '.join(missing)}; "
                                     "rerun `ptb2fd regen --report` with this version")
                if missing:
                    raise KeyError(", ".join(missing))
                sentences.append(_sentence(rec, punct))
            except UsageError:
                raise
            except (ValueError, KeyError, IndexError, TypeError) as e:  # one bad line: report it, go on
                sid = rec.get("id") if isinstance(rec, dict) else None
                system.errors.append(f"{where}: sentence {sid or '?'} skipped: {type(e).__name__}: {e}")
    system.sentences = sentences
    return system


def _corpus_label(ids: list[str]) -> str:
    files = sorted({i.split(":")[0].rsplit(".", 1)[0] for i in ids})
    return f"{files[0]}–{files[-1]}" if len(files) > 1 else (files[0] if files else "empty")


def read_systems(folders: list[str], rules_dir: str | None = None) -> list[System]:
    """Systems in the order given. Folders over the same sentence ids share a
    corpus; system names are made unique within a corpus."""
    punct = punctuation_classes(rules_dir)
    systems = [read_system(f, punct) for f in folders]
    labels: dict[frozenset, str] = {}
    for s in systems:
        key = frozenset(x.id for x in s.sentences)
        if key not in labels:
            label = _corpus_label(sorted(key))
            if label in labels.values():
                label = f"{label} ({len(key)} sentences)"
            labels[key] = label
        s.corpus = labels[key]
    seen: dict[tuple[str, str], int] = {}
    for s in systems:
        key = (s.corpus, s.name)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            s.name = f"{s.name} ({s.folder.name})"
    return systems
