"""`ptb2fd stats FILE [--json]`: read converted records (JSONL, CoNLL-U Plus, Parquet, a DIR/ of
shards; found by content), count them (ptb2fd.analysis.corpus_stats), print the counts and how
the records were made (their provenance).

The plain output is one aligned table per count of `corpus_stats`, with the
paper's whole-Treebank figures beside the stage counts, as rates per
sentence or per 1,000 sentences. For example, on the NLTK sample (3,914
sentences):
    POS corrections: 228 (58.25 per 1,000 sentences; paper about 3,255,
    65.10 per 1,000, Table 5)
`--json` prints the counts as they are, one JSON object.
"""
from __future__ import annotations

import json
import sys

from ptb2fd.analysis.corpus_stats import NP_HEAD_RULE, corpus_stats
from ptb2fd.commands.options import STDOUT_FULL, add_subparser, exit_status
from ptb2fd.errors import EmptyInputError, TreeParseError
from ptb2fd.record import Sentence

EXIT_STATUS = exit_status(
    "statistics printed",
    ["FILE holds no records (empty)", "some records of FILE are not valid (each reported with its line number, for Parquet its row; the "
     "statistics count the others)", STDOUT_FULL],
    ["unusable arguments: no such file, or FILE is not converted records (JSONL, CoNLL-U Plus, Parquet; "
     "the message says what it looks like: trees, plain CoNLL-U, ...)"])


def _table(headers: tuple[str, ...], rows: list[tuple], indent: str = "  ") -> list[str]:
    """Aligned columns: the first left-aligned, the others right-aligned."""
    cells = [tuple("-" if v is None else str(v) for v in row) for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]

    def line(values) -> str:
        parts = [values[0].ljust(widths[0])] + [v.rjust(w) for v, w in zip(values[1:], widths[1:])]
        return (indent + "  ".join(parts)).rstrip()

    return [line(headers)] + [line(r) for r in cells]


def _pct(x: float | None) -> str | None:
    return None if x is None else f"{100 * x:.2f}%"


def _num(x: float | None) -> str | None:
    return None if x is None else f"{x:.2f}"


def provenance_counts(sentences: list[Sentence]) -> dict:
    """How the records were made: each distinct provenance with its number
    of sentences (in order of first appearance; a record without one, made
    by hand or by ptb2fd 0.1, counts under null), and the markup leaves removed."""
    made: dict[str, list] = {}
    for s in sentences:
        key = json.dumps(s.provenance, sort_keys=True)
        entry = made.setdefault(key, [s.provenance, 0])
        entry[1] += 1
    markup = [s.markup for s in sentences if s.markup]
    return {"made": [{"provenance": p, "sentences": n} for p, n in made.values()],
            "markup_leaves": {"sentences": len(markup), "leaves": sum(markup)}}


def _provenance_lines(pr: dict) -> list[str]:
    out = ["How the records were made (provenance)"]
    for entry in pr["made"]:
        p = entry["provenance"]
        if p is None:
            out.append(f"  {entry['sentences']} sentence(s) without provenance (made by hand or by ptb2fd 0.1)")
            continue
        model = p.get("function_model") or "none"
        out.append(f"  {entry['sentences']} sentence(s): ptb2fd {p.get('ptb2fd')}, rules {p.get('rules')} "
                   f"(sha256 {str(p.get('rules_sha256'))[:12]}), --functions {p.get('functions')}, function-tag "
                   f"model {model}, created {p.get('created')}")
    mk = pr["markup_leaves"]
    out.append(f"  markup leaves removed: {mk['leaves']} in {mk['sentences']} sentence(s)")
    return out


def format_stats(st: dict, source: str | None = None) -> str:
    out: list[str] = []
    if source:
        out.append(f"ptb2fd stats: {source}")
    if "provenance" in st:
        out += _provenance_lines(st["provenance"])
        out.append("")
    out += _table(("", "count"), [("sentences", st["sentences"]), ("words", st["words"])], "")
    out.append("")
    out.append("Roles (inventory of roles.yaml)")
    out += _table(("role", "count", "share"), [(r, v["count"], _pct(v["share"])) for r, v in st["roles"].items()])
    out.append(f"  dependent share: {_pct(st['dependent_share'])}")
    for key, title in (("position_class", "Position classes"), ("grouptype", "Group types"),
                       ("subject_position", "Subject positions")):
        out.append("")
        out.append(title)
        out += _table((key, "count"), list(st[key].items()))
    ch = st["logicalrole_changes"]
    out.append("")
    out.append(f"Words whose logicalrole differs from their role: {ch['words']}")
    if ch["transitions"]:
        out += _table(("role>logicalrole", "count"), list(ch["transitions"].items()))
    co = st["coordinations"]
    out.append("")
    out.append(f"Coordinations (distinct sentence/junction pairs): {co['total']}")
    out += _table(("rule", "count"), list(co["by_rule"].items()))
    out.append("")
    out.append(f"Nestings added (tokens marked nesting:KIND; paper: whole Treebank, {st['paper_sentences']:,} sentences)")
    out += _table(("kind", "count", "per sentence", "paper", "paper per sentence"),
                  [(k, v["count"], _pct(v["per_sentence"]), v["paper"], _pct(v["paper_per_sentence"]))
                   for k, v in st["nestings"].items()])
    cp = st["compound_prepositions"]
    out.append("")
    out.append(f"Compound preposition units (distinct sentence/compound pairs): {cp['total']} "
               f"({_pct(cp['per_sentence'])} per sentence; paper {cp['paper']:,}, {_pct(cp['paper_per_sentence'])})")
    fired = [(k, v) for k, v in cp["by_rule"].items() if v]
    out += _table(("rule", "count"), sorted(fired, key=lambda kv: (-kv[1], kv[0])))
    unused = len(cp["by_rule"]) - len(fired)
    if unused:
        out.append(f"  ({unused} other rule(s) with 0)")
    pu = st["punctuation"]
    out.append("")
    out.append(f"Punctuation (role {', '.join(f'{r} {c}' for r, c in pu['by_role'].items())}): {pu['total']}")
    out += _table(("rule", "count"), list(pu["by_rule"].items()))
    pc = st["pos_corrections"]
    out.append("")
    out.append(f"POS corrections: {pc['total']} ({_num(pc['per_1000_sentences'])} per 1,000 sentences; "
               f"paper about {pc['paper']:,}, {_num(pc['paper_per_1000_sentences'])} per 1,000, Table 5)")
    out += _table(("kind", "count", "per 1k sent.", "paper", "paper per 1k"),
                  [(k, v["count"], _num(v["per_1000_sentences"]), v["paper"], _num(v["paper_per_1000_sentences"]))
                   for k, v in pc["by_kind"].items()])
    out.append("")
    out.append(f"NP-head category corrections ({NP_HEAD_RULE}): {st['np_head_corrections']}")
    out.append("")
    out.append("Rules that gave the roles (the `rule` field: roles.yaml in cascade order, then others)")
    out += _table(("rule", "count"), list(st["role_rules"].items()))
    fu = st["functions"]
    out.append("")
    out.append(f"Function tags inferred (parser output, docs/parser-output.md): {fu['inferred_sentences']} of "
               f"{st['sentences']} sentences" + (f"; {fu['inferred_tags']} tags predicted, {fu['empty_elements']} "
                                                f"empty elements put back, by model "
                                                f"{', '.join(f'{m} ({n})' for m, n in fu['by_model'].items())}"
                                                if fu["inferred_sentences"] else ""))
    unknown = st["unknown_labels"]
    out.append("")
    out.append(f"Labels and tags unknown to treebank.yaml (converted with the default rules): {len(unknown) or 'none'}")
    if unknown:
        out += _table(("label", "count", "sentences"), [(k, v["count"], v["sentences"]) for k, v in unknown.items()])
    return "\n".join(out) + "\n"


def read_sentences(path: str) -> tuple[list[Sentence], int]:
    """The sentences of converted records (JSONL, Parquet, a `convert -o
    DIR/` folder) and the number of bad records (each reported on stderr
    with its line number, for Parquet its row, then left out). A missing
    file, or one that is not JSONL at all (its first line says what it is,
    e.g. bracketed trees), is a UsageError."""
    from ptb2fd.runner.converted import converted_files, records, whole

    sentences: list[Sentence] = []
    bad = 0
    for file, kind in converted_files([path]):
        for _, item in records(whole(file, kind)):
            if isinstance(item, TreeParseError):
                print(f"ptb2fd: {item}", file=sys.stderr)
                bad += 1
            else:
                sentences.append(item)
    return sentences, bad


def add_parser(sub) -> None:
    s = add_subparser(sub, "stats", "statistics of converted records (JSONL, CoNLL-U Plus, Parquet): how they were "
                                    "made, roles, features, stage counts, unknown labels", epilog=EXIT_STATUS)
    s.add_argument("file", metavar="FILE", help="converted JSONL (the output of `ptb2fd convert`; gzip or not; '-': "
                                                "standard input), CoNLL-U Plus, Parquet, or a convert -o DIR/ folder")
    s.add_argument("--json", action="store_true", help="print the statistics as one JSON object")
    s.set_defaults(run=run)


def run(args) -> int:
    sentences, bad = read_sentences(args.file)
    if not sentences and not bad:
        raise EmptyInputError(f"no records in {'standard input' if args.file == '-' else args.file}")
    st = corpus_stats(sentences)
    st["provenance"] = provenance_counts(sentences)
    if getattr(args, "json", False):
        json.dump(st, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_stats(st, args.file))
    if bad:
        print(f"ptb2fd: {bad} bad line(s) left out; the statistics count the other {len(sentences)} sentence(s)",
              file=sys.stderr)
        return 1
    return 0
