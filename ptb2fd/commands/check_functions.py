"""`ptb2fd check-functions`: how well parser output converts, measured on gold trees.

Each gold tree is converted as it is (`--functions gold`) and stripped of
function tags, co-indices and empty elements as a parser would give it
(`ptb2fd strip`), then converted with --functions (default auto: tags
predicted, empty elements put back). The two records of every word are
compared field by field (ptb2fd.analysis.agreement), with the commonest
role confusions. Measure on trees the function-tag model was not trained
on (the shipped model: the sample's test half, `--files 'wsj_01*'`).
"""
from __future__ import annotations

import json
import sys

from ptb2fd.analysis.agreement import FIELDS, check_functions
from ptb2fd.commands.options import add_subparser, exit_status, input_args

EXIT_STATUS = exit_status(
    "the comparison was printed", ["some trees failed to convert (counted under `failed`)"],
    ["unusable arguments, inputs, rule files or function-tag model"])


def add_parser(sub) -> None:
    c = add_subparser(sub, "check-functions", "convert gold trees stripped as parser output and compare the "
                      "records with those of the gold trees", epilog=EXIT_STATUS)
    input_args(c)
    c.add_argument("--json", action="store_true", help="print the figures and confusions as one JSON object")
    c.add_argument("--limit", type=int, default=20, help="role confusions listed (default 20)")
    c.add_argument("--examples", type=int, default=3, help="examples per confusion (default 3)")
    c.set_defaults(run=run)


def render_text(result, limit: int) -> str:
    lines = [f"sentences {result.sentences} (failed {result.failed}, not aligned {result.unaligned}); "
             f"words {result.words}", "", "field            agreement"]
    lines += [f"{name:<16} {100 * result.share(name):6.2f} %" for name in FIELDS]
    if result.logical_changed:
        lines.append(f"logical roles that differ from the role (passives): {result.logical_recovered} of "
                     f"{result.logical_changed} recovered "
                     f"({100 * result.logical_recovered / result.logical_changed:.2f} %)")
    lines += ["", "role confusions (gold -> stripped, most frequent first):"]
    for (gold, other), n in result.confusions.most_common(limit):
        lines.append(f"{n:6d}  {gold} -> {other}: {', '.join(result.examples.get((gold, other), []))}")
    return "\n".join(lines)


def run(args) -> int:
    from ptb2fd.runner.sources import converter_for, iter_raw, load_converter

    other = converter_for(args)
    gold = load_converter(args.rules, "gold")
    result = check_functions(gold, other, iter_raw(args), args.examples)
    if args.json:
        data = result.to_dict(args.limit)
        data["model"] = other.load_function_model()
        print(json.dumps(data, sort_keys=True))
    else:
        print(render_text(result, args.limit))
    if result.failed:
        print(f"ptb2fd: {result.failed} tree(s) failed to convert", file=sys.stderr)
        return 1
    return 0
