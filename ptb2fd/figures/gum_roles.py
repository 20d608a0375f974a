"""Roles against gold UD on GUM: the `gum-roles` section of docs/figures.md.

`python -m ptb2fd.figures.gum_roles CONVERTED.jsonl --reference DEP_DIR
--json` scores the records of `ptb2fd convert` on GUM's trees against
GUM's gold Universal Dependencies, word by word, on five relations:

- `nsubj:pass` -> logical role `object` (the passive undone);
- `obl:agent` -> logical role `subject` ("was built by [the city]");
- `obl` -> an adjunct role (temporal, locative, ..., lgs-adjunct);
- `nsubj` -> role and logical role `subject`, the pivot of "there is X"
  apart (a dependent of a verb that has an expletive "there": the paper
  makes it `predicate`);
- `obj` -> role `object`.

UD heads a name by its first word ("[Daniel] Bernoulli was born"), ptb2fd
by its last: a noun the records make `withinmod` of a noun to its right is
scored by that noun (followed while the role is `withinmod`).

A record's sentence ("GUM_news_lanterns.ptb:3") is found in
`dep/GUM_news_lanterns.conllu` by position; a sentence whose words differ
from the reference's is counted as not aligned and left out.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ADJUNCTS = frozenset({"temporal", "locative", "direction", "manner", "purpose", "extent", "adverbial",
                      "closely-related", "beneficiary", "dative", "lgs-adjunct"})
RELATIONS = ("nsubj:pass", "obl:agent", "obl", "nsubj", "obj")
WANTED = {"nsubj:pass": "logical role `object`", "obl:agent": "logical role `subject`",
          "obl": "an adjunct role", "nsubj": "role and logical role `subject`", "obj": "role `object`"}


def _conllu(path: Path) -> list[list[tuple[str, int, str]]]:
    """(word, head index 0-based or -1, deprel) per syntactic word, per sentence."""
    out, cur = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            if cur:
                out.append(cur)
            cur = []
            continue
        if line.startswith("#"):
            continue
        cols = line.split("\t")
        if "-" in cols[0] or "." in cols[0]:
            continue
        cur.append((cols[1], int(cols[6]) - 1, cols[7]))
    if cur:
        out.append(cur)
    return out


def matches(relation: str, token: dict) -> bool:
    role, logical = token.get("role"), token.get("logicalrole")
    if relation == "nsubj:pass":
        return logical == "object"
    if relation == "obl:agent":
        return logical == "subject"
    if relation == "obl":
        return role in ADJUNCTS
    if relation == "nsubj":
        return role == "subject" and logical == "subject"
    return role == "object"


def score(records_path: Path, reference: Path) -> dict:
    refs: dict[str, list] = {}
    seen, hit = Counter(), Counter()
    aligned = unaligned = 0
    with open(records_path, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip() or line.startswith("#"):
                continue
            record = json.loads(line)
            source, _, number = record["id"].rpartition(":")
            stem = Path(source).stem
            if stem not in refs:
                path = reference / f"{stem}.conllu"
                refs[stem] = _conllu(path) if path.exists() else []
            sentences = refs[stem]
            n = int(number) - 1
            tokens = record["tokens"]
            ref = sentences[n] if 0 <= n < len(sentences) else None
            if ref is None or len(ref) != len(tokens) or any(
                    _norm(t["word"]) != _norm(w) for t, (w, _, _) in zip(tokens, ref)):
                unaligned += 1
                continue
            aligned += 1
            expletive_heads = {h for w, h, d in ref if d == "expl" and w.lower() == "there"}
            for i, (_, head, deprel) in enumerate(ref):
                if deprel not in RELATIONS:
                    continue
                if deprel == "nsubj" and head in expletive_heads:
                    continue
                seen[deprel] += 1
                hit[deprel] += matches(deprel, tokens[_name_head(tokens, i)])
    return {"sentences": aligned, "not_aligned": unaligned,
            "relations": {r: {"words": seen[r], "agree": hit[r], "share": hit[r] / seen[r] if seen[r] else None}
                          for r in RELATIONS}}


def _name_head(tokens: list[dict], i: int) -> int:
    """The noun a name's noun modifies, to its right: "Daniel" -> "Bernoulli"."""
    for _ in range(8):
        t = tokens[i]
        h = (t.get("head") or 0) - 1
        if t.get("role") != "withinmod" or h <= i or t.get("cat0") != "n" or tokens[h].get("cat0") != "n":
            break
        i = h
    return i


def _norm(word: str) -> str:
    return {"-LRB-": "(", "-RRB-": ")", "``": '"', "''": '"'}.get(word, word)


MODES = (("auto", "default: `auto`"), ("complete", "`--functions complete`"), ("infer", "`--functions infer`"))


def gum_roles(run) -> "Section":
    """The `make figures` section: the five relations under each mode."""
    from ptb2fd.figures.gum_reference import DATA, GUM
    from ptb2fd.figures.measure import Figure, FigureError, Section, shown

    if not (GUM / "const").is_dir() or not (GUM / "dep").is_dir():
        raise FigureError(f"GUM not found in {GUM} (give --skip gum_roles to leave this section out)")
    rows, converts = [], []
    for mode, what in MODES:
        name = f"gum-all-{mode}.jsonl"
        convert = ["ptb2fd", "convert", str(GUM / "const"), "-o", str(run.path(name)), "--quiet"]
        if mode != "auto":
            convert[3:3] = ["--functions", mode]
        run.once(name, convert)
        r = run.json(["python", "-m", "ptb2fd.figures.gum_roles", str(run.path(name)), "--reference",
                      str(GUM / "dep"), "--json"])
        shown_argv = [a.replace(str(GUM), "../shared/treebanks/gum").replace(str(run.path(name)), name)
                      for a in convert]
        values = {f"`{rel}` → {WANTED[rel]}": f"{100 * v['share']:.1f} % (of {v['words']:,})"
                  for rel, v in r["relations"].items() if v["words"]}
        values["sentences compared (not aligned)"] = f"{r['sentences']} ({r['not_aligned']})"
        converts.append(f"`{shown(shown_argv)}`")
        rows.append(Figure(f"GUM, {what}", f"python -m ptb2fd.figures.gum_roles {name} "
                           "--reference ../shared/treebanks/gum/dep --json", data=DATA, split="all six genres",
                           values=values))
    return Section(
        "gum-roles", "Roles against gold UD on GUM, per `--functions` mode",
        "GUM's parser-style trees (some function tags, no empty elements) converted under each mode ("
        + ", ".join(converts) + ") and "
        "scored word by word against GUM's gold Universal Dependencies (python -m ptb2fd.figures.gum_roles: "
        "a name is scored by its last word, ptb2fd's head; the pivot of \"there is X\" is left out of "
        "`nsubj`). Adjunct roles: " + ", ".join(sorted(ADJUNCTS)) + ". Targets under the default: `nsubj:pass` "
        "≥ 90 %, `obl:agent` ≥ 85 %, `obl` ≥ 78 %, `nsubj` ≥ 95 %, `obj` ≥ 88 %. GUM serves to find faults and "
        "to measure, never to fit numbers "
        "([parser output](parser-output.md)).", rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ptb2fd.figures.gum_roles", description=__doc__.split("\n")[0])
    parser.add_argument("records", help="JSONL records of `ptb2fd convert` on GUM's const trees")
    parser.add_argument("--reference", required=True, help="GUM's dep folder (NAME.conllu per NAME.ptb)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = score(Path(args.records), Path(args.reference))
    if not result["sentences"]:
        print(f"{args.records}: no sentence aligned with {args.reference}: nothing compared", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for r, v in result["relations"].items():
            print(f"{r}\t{v['agree']}/{v['words']}\t{100 * (v['share'] or 0):.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
