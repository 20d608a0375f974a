"""A UD export scored against gold UD with the CoNLL 2018 shared task's
evaluation (`udtools.udeval`, installed with the `ud` extra): UPOS,
lemmas, UAS, LAS (and the rest of its table), plus the F1 of each relation.

The official script gives no per-relation figure, so that one is counted
here on the same word alignment it uses: words are matched by their
character span in the text with whitespace removed (files whose texts
differ are refused, as udeval refuses them); a system word counts as
correct for its relation when the gold word at its span has the same
universal relation (subtypes cut, as udeval does) and a head at the same
span. `group` cuts both files by a key taken from each sentence's sent_id
(a regular expression's first group), to score each part (GUM's genres).
"""
from __future__ import annotations

import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ptb2fd.errors import UsageError

METRICS = ("UPOS", "XPOS", "UFeats", "Lemmas", "UAS", "LAS", "CLAS", "ELAS")


@dataclass
class Sent:
    sent_id: str
    lines: list[str]  # the block, comments included


@dataclass
class Scores:
    words: int
    metrics: dict[str, float]  # F1, percent
    relations: dict[str, tuple[int, int, float]] = field(default_factory=dict)  # rel -> (gold, system, F1)


def read_blocks(path: str | Path) -> list[Sent]:
    out, lines, sent_id = [], [], ""
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            if lines:
                out.append(Sent(sent_id, lines))
            lines, sent_id = [], ""
            continue
        if line.startswith("# sent_id"):
            sent_id = line.partition("=")[2].strip()
        lines.append(line)
    if lines:
        out.append(Sent(sent_id, lines))
    return out


def _words(sents: list[Sent]) -> list[tuple[tuple[int, int], list[str], int]]:
    """(span, columns, index of the head word in this list or -1) of every word."""
    out, offset = [], 0
    for s in sents:
        base = len(out)
        rows = [ln.split("\t") for ln in s.lines if ln and not ln.startswith("#")]
        rows = [r for r in rows if len(r) == 10 and r[0].isdigit()]
        for r in rows:
            n = len("".join(r[1].split()))
            head = int(r[6]) if r[6].isdigit() else 0
            out.append(((offset, offset + n), r, base + head - 1 if head else -1))
            offset += n
    return out


def relation_scores(gold: list[Sent], system: list[Sent]) -> dict[str, tuple[int, int, float]]:
    g, s = _words(gold), _words(system)
    gold_at = {span: i for i, (span, _, _) in enumerate(g)}
    gold_n, sys_n, correct = Counter(), Counter(), Counter()
    for _, cols, _ in g:
        gold_n[cols[7].split(":")[0]] += 1
    for span, cols, head in s:
        rel = cols[7].split(":")[0]
        sys_n[rel] += 1
        gi = gold_at.get(span)
        if gi is None:
            continue
        gcols, ghead = g[gi][1], g[gi][2]
        same_head = (head < 0 and ghead < 0) or (head >= 0 and ghead >= 0 and s[head][0] == g[ghead][0])
        if same_head and gcols[7].split(":")[0] == rel:
            correct[rel] += 1
    out = {}
    for rel in sorted(set(gold_n) | set(sys_n)):
        p = correct[rel] / sys_n[rel] if sys_n[rel] else 0.0
        r = correct[rel] / gold_n[rel] if gold_n[rel] else 0.0
        out[rel] = (gold_n[rel], sys_n[rel], 100 * 2 * p * r / (p + r) if p + r else 0.0)
    return out


def _udeval():
    try:
        from udtools import udeval
    except ImportError:
        raise UsageError("eval-ud needs the CoNLL 2018 evaluation from udtools, which is not installed: "
                         "pip install 'ptb2fd[ud]'") from None
    return udeval


def score(gold: list[Sent], system: list[Sent]) -> Scores:
    udeval = _udeval()
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, sents in (("gold", gold), ("system", system)):
            path = Path(tmp) / f"{name}.conllu"
            path.write_text("".join("\n".join(s.lines) + "\n\n" for s in sents), encoding="utf-8")
            paths.append(str(path))
        try:
            result = udeval.evaluate(udeval.load_conllu_file(paths[0]), udeval.load_conllu_file(paths[1]))
        except udeval.UDError as exc:
            raise UsageError(f"the two files cannot be aligned: {exc}") from None
    metrics = {m: 100 * result[m].f1 for m in METRICS if m in result}
    return Scores(result["Words"].gold_total, metrics, relation_scores(gold, system))


def grouped(sents: list[Sent], pattern: str | None) -> dict[str, list[Sent]]:
    if pattern is None:
        return {"all": sents}
    regex = re.compile(pattern)
    out: dict[str, list[Sent]] = {}
    for s in sents:
        m = regex.search(s.sent_id)
        key = (m.group(1) if m.groups() else m.group()) if m else "(no match)"
        out.setdefault(key, []).append(s)
    return out
