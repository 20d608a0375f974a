"""`ptb2fd realize INPUT --model MODEL`: sentences from a user's own records.

    ptb2fd realize docs/examples/realize-input.jsonl --model paper.model
    ptb2fd realize input.jsonl --model shallow.model --json -o out.jsonl

INPUT is JSONL (or '-' for stdin), one sentence a line: `{"id": ...,
"tokens": [records]}` or just the list of records; or Parquet, one record
a row with its sentence's id in a `sentence` column (as `convert --format
parquet` writes it). Either way the records are in the record schema
without `ap`/`rp`, in any order (ptb2fd/realizer/records.py says which
fields are needed and what a missing one defaults to). Output: one line per
input sentence, its words in order, separated by spaces; a sentence whose
records are bad gets an empty line (so that line k answers sentence k) and
one located line on stderr. --json: one object a line, `{"id", "text",
"words", "ids"}` (ids: the record each word spells, in output order), or
`{"id", "error"}`.
"""
from __future__ import annotations

import json
import sys

from ptb2fd.commands.options import add_subparser
from ptb2fd.errors import Location, UsageError

EXIT_STATUS = """exit status:
  0  every sentence realized
  1  some sentences have bad records (each reported with file, line, sentence, record
     and field; its output line is empty), or the output could not be written
  2  unusable arguments: no such input, a model that cannot be used (another
     view's, another rule folder's, corrupt)"""


def add_parser(sub) -> None:
    p = add_subparser(sub, "realize", "realize sentences from your own unordered records with a trained model",
                      epilog=EXIT_STATUS)
    p.add_argument("input", metavar="INPUT", help="JSONL of records, one sentence a line ('-': stdin), or Parquet, one record a row")
    p.add_argument("--model", metavar="MODEL", required=True, help="a model written by `ptb2fd train`")
    p.add_argument("--scoring", choices=["ranker", "both", "lm"], help="the model's scoring (default: its own)")
    p.add_argument("--rules", metavar="DIR", help="the rule folder the model was trained with (default: bundled)")
    p.add_argument("--json", action="store_true", help="one JSON object a line, with the ordered record ids")
    p.add_argument("-o", "--output", metavar="FILE", help="write here (atomically) instead of stdout")
    p.set_defaults(run=run)


def run(args) -> int:
    from pathlib import Path

    from ptb2fd.realizer.model import load_realizer
    from ptb2fd.realizer.records import RecordError, read_parquet_sentences, read_sentences
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.runner.output import atomic_output

    if args.input != "-" and not Path(args.input).is_file():
        raise UsageError(f"{args.input}: no such file")
    realizer = load_realizer(args.model, None, args.scoring, load_rules(args.rules))
    source = "<stdin>" if args.input == "-" else args.input
    read = failed = 0
    # (bytes: a line that is not UTF-8 fails its sentence, not the run)
    handle = sys.stdin.buffer if args.input == "-" else open(args.input, "rb")
    parquet = False
    if args.input != "-":
        parquet = handle.read(4) == b"PAR1"
        handle.seek(0)
    sentences = read_parquet_sentences(args.input) if parquet else read_sentences(handle, source)
    try:
        with atomic_output(args.output) as out:
            for number, sid, records in sentences:
                read += 1
                try:
                    if isinstance(records, RecordError):
                        raise records
                    words, ids = realizer.realize_ordered(records)
                except RecordError as exc:
                    failed += 1
                    exc.at(Location(source, number, sid))
                    print(f"ptb2fd: {exc}", file=sys.stderr)
                    out.write(json.dumps({"id": sid, "error": exc.message}) + "\n" if args.json else "\n")
                    continue
                text = " ".join(words)
                out.write(json.dumps({"id": sid, "text": text, "words": words, "ids": ids}, ensure_ascii=False)
                          + "\n" if args.json else text + "\n")
    finally:
        if args.input != "-":
            handle.close()
    print(f"ptb2fd: read {read}, realized {read - failed}, failed {failed}", file=sys.stderr)
    return 1 if failed else 0
