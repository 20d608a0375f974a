"""`ptb2fd realize INPUT --model MODEL`: sentences from a user's own records.

    ptb2fd realize docs/examples/realize-input.jsonl --model paper.model
    ptb2fd realize input.jsonl --model shallow.model --json -o out.jsonl

INPUT is JSONL, gzip or not (or '-' for stdin), one sentence a line:
`{"id": ..., "tokens": [records]}` or just the list of records; or
CoNLL-U Plus as `convert -o X.conllup` writes it; or Parquet, one record a
row with its sentence's id in a `sentence` column (as `convert -o
X.parquet` writes it); found by content. Either way the records are in the record schema
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
     and field; its output line is empty), or the output could not be written, or
     INPUT holds no records
  2  unusable arguments: no such input, an input that is no records (trees, ...: the
     message says what it is), a model that cannot be used (another
     view's, another rule folder's, corrupt)"""


def add_parser(sub) -> None:
    p = add_subparser(sub, "realize", "realize sentences from your own unordered records with a trained model",
                      epilog=EXIT_STATUS)
    p.add_argument("input", metavar="INPUT", help="JSONL of records, one sentence a line ('-': stdin), CoNLL-U Plus, or Parquet, one record a row")
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
    from ptb2fd.runner.converted import records_kind
    from ptb2fd.runner.output import atomic_output

    if args.input != "-" and not Path(args.input).is_file():
        raise UsageError(f"{args.input}: no such file")
    kind = records_kind(args.input) if args.input != "-" else "jsonl"  # trees, an empty file: before the model
    realizer = load_realizer(args.model, None, args.scoring, load_rules(args.rules))
    source = "<stdin>" if args.input == "-" else args.input
    read = failed = 0
    # (bytes: a line that is not UTF-8 fails its sentence, not the run)
    handle = sys.stdin.buffer if args.input == "-" else open(args.input, "rb")
    if kind == "parquet":
        sentences = read_parquet_sentences(args.input)
    elif kind == "conllup":
        sentences = _conllup_sentences(args.input)
    else:
        sentences = read_sentences(_gunzipped(handle), source)
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
    if read == 0:
        print(f"ptb2fd: no records in {source}", file=sys.stderr)
        return 1
    print(f"ptb2fd: read {read}, realized {read - failed}, failed {failed}", file=sys.stderr)
    return 1 if failed else 0


def _gunzipped(handle):
    """`handle`, decompressed when it holds gzip data (`.jsonl.gz`)."""
    import gzip

    if handle.peek(2)[:2] == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=handle)
    return handle


def _conllup_sentences(path: str):
    """(line, sentence id, records as dicts) for each sentence of a CoNLL-U Plus file."""
    from dataclasses import asdict

    from ptb2fd.formats.conllup_read import conllup_records
    from ptb2fd.realizer.records import RecordError
    from ptb2fd.trees.reader import open_text

    with open_text(path) as handle:
        for line, item in conllup_records(handle, path):
            if isinstance(item, Exception):
                yield line, item.location.sent_id, RecordError(str(item.args[0]))
            else:
                yield line, item.id, [asdict(t) for t in item.tokens]
