"""The `ptb2fd` command.

    ptb2fd convert [INPUT...] [--corpus treebank] [--files GLOB] [--sections S]
                   [--format jsonl|conllup|halogen] [-o OUT] [--rules DIR]
                   [--jobs N] [--stats FILE] [--strict]
    ptb2fd regen   [INPUT...] [--corpus treebank] [--files GLOB] [--json] [--report DIR] [--jobs N]
                   [--view paper|full|shallow|lemma] [--realizer rules|stat] [--model MODEL]
    ptb2fd diff    BEFORE AFTER [INPUT...]   (two --report folders, or two rule folders on one input)
    ptb2fd stats   FILE.jsonl [--json]
    ptb2fd rules check [DIR]

Exit status: 0 when every sentence converted, 1 when some failed, 2 for
unusable arguments or rule files.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator

from .errors import Ptb2fdError, RuleFileError, UsageError

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def _input_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("inputs", nargs="*", metavar="INPUT", help=".mrg/.gz files, folders, '-' for stdin")
    p.add_argument("--corpus", choices=["treebank"], help="the NLTK Penn Treebank sample")
    p.add_argument("--files", metavar="GLOB", help="keep input files whose name matches, e.g. 'wsj_01*'")
    p.add_argument("--sections", metavar="S", help="WSJ sections, e.g. 02-21,23 (wsj_SSNN files)")
    p.add_argument("--rules", metavar="DIR", help="rule folder (default: the bundled rules/)")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (output order is kept)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ptb2fd", description="Penn Treebank to factored functional dependencies.")
    sub = parser.add_subparsers(dest="command", required=True)

    c = sub.add_parser("convert", help="convert trees to records")
    _input_args(c)
    c.add_argument("--format", choices=["jsonl", "conllup", "halogen"], default="jsonl")
    c.add_argument("-o", "--output", metavar="OUT", help="output file (written atomically); default stdout")
    c.add_argument("--stats", metavar="FILE", help="write counts and rule firings as JSON")
    c.add_argument("--strict", action="store_true",
                   help="stop at the first error (exit 1; the -o file is then not written)")
    c.add_argument("--quiet", action="store_true", help="no progress bar, no per-sentence errors")

    r = sub.add_parser("regen", help="regenerate sentences from their unordered records and score them")
    _input_args(r)
    r.add_argument("--json", action="store_true", help="print the metrics as one JSON object")
    r.add_argument("--report", metavar="DIR", help="write report.md and sentences.jsonl")
    from .regen.command import add_regen_options
    add_regen_options(r)

    d = sub.add_parser("diff", help="compare two regeneration reports, or two rule folders on one input")
    d.add_argument("before")
    d.add_argument("after")
    d.add_argument("inputs", nargs="*", metavar="INPUT")
    d.add_argument("--corpus", choices=["treebank"])
    d.add_argument("--files", metavar="GLOB")
    d.add_argument("--sections", metavar="S")
    d.add_argument("--jobs", type=int, default=1)
    d.add_argument("--json", action="store_true")
    d.add_argument("--limit", type=int, default=30, help="sentences listed per change (default 30)")
    from .regen.command import add_view_option
    add_view_option(d)

    from .realizer.command import add_train_parser
    add_train_parser(sub, _input_args)

    s = sub.add_parser("stats", help="statistics of converted JSONL")
    s.add_argument("file")
    s.add_argument("--json", action="store_true")

    rc = sub.add_parser("rules", help="rule folder tools")
    rsub = rc.add_subparsers(dest="rules_command", required=True)
    chk = rsub.add_parser("check", help="validate a rule folder and count rule firings on the sample")
    chk.add_argument("dir", nargs="?")
    chk.add_argument("--corpus", choices=["treebank"], default="treebank")
    chk.add_argument("--files", metavar="GLOB")
    chk.add_argument("--no-sample", action="store_true", help="only validate, do not run on the sample")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "convert":
            return cmd_convert(args)
        if args.command == "regen":
            from .regen.command import cmd_regen
            return cmd_regen(args)
        if args.command == "diff":
            from .regen.command import cmd_diff
            return cmd_diff(args)
        if args.command == "train":
            from .realizer.command import cmd_train
            return cmd_train(args)
        if args.command == "stats":
            from .stats import cmd_stats
            return cmd_stats(args)
        if args.command == "rules":
            from .rulecheck import cmd_rules_check
            return cmd_rules_check(args)
    except RuleFileError as exc:
        print(f"ptb2fd: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except UsageError as exc:
        print(f"ptb2fd: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except Ptb2fdError as exc:
        print(f"ptb2fd: {exc}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_USAGE


@contextmanager
def atomic_output(path: str | None) -> Iterator[IO[str]]:
    """stdout, or a temporary file renamed onto `path` only on success, so an
    interrupted run never leaves a truncated file that looks complete."""
    if path is None or path == "-":
        yield sys.stdout
        sys.stdout.flush()
        return
    target = Path(path)
    if target.exists() and not target.is_file():
        # A device or a pipe (/dev/null, a FIFO): write to it directly. A
        # rename would replace the device node itself.
        with open(target, "w", encoding="utf-8", newline="\n") as handle:
            yield handle
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=str(target.parent))
    except OSError as exc:
        raise UsageError(f"{path}: cannot write here: {exc.strerror or exc}") from None
    # Ctrl-C and SIGTERM (see cmd_convert) go through the clean-up below; a
    # process killed outright (SIGKILL, a crash) can leave the ".part" file,
    # never a truncated file under the target's name.
    try:
        # mkstemp makes the file private (0600); give it the mode a plain
        # open() would, so the renamed output is readable as usual.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load_converter(rules_dir: str | None):
    from .convert import Converter
    from .ruleset import load_rules
    from .wordnet import ensure_wordnet

    rules = load_rules(rules_dir)
    ensure_wordnet()
    return Converter(rules)


def iter_raw(args):
    from .reader import read_trees, resolve_inputs

    paths = resolve_inputs(args.inputs, args.corpus, args.files, args.sections)
    return read_trees(paths)


def progress(iterable, enabled: bool, unit: str = "tree"):
    from tqdm import tqdm

    return tqdm(iterable, unit=unit, disable=not enabled, file=sys.stderr, dynamic_ncols=True, leave=False)


class _Discard(Exception):
    """Raised inside atomic_output to throw the temporary file away."""


def _check_output_path(option: str, path: str | None) -> None:
    if path and path != "-" and os.path.isdir(path):
        raise UsageError(f"{option} {path}: is a folder")


@contextmanager
def _terminate_as_exit() -> Iterator[None]:
    """SIGTERM ends the run like Ctrl-C does, through the clean-up code (no
    temporary file left behind). Forked workers keep the default action."""
    import signal

    if not hasattr(signal, "SIGTERM"):
        yield
        return
    main_pid = os.getpid()

    def handler(signum, frame):
        if os.getpid() != main_pid:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def cmd_convert(args) -> int:
    """Convert; exit 0 when every tree converted (or was skipped), 1 when
    some failed, 2 for unusable arguments. With -o, the file appears only
    when the run completes: an interrupted run, or one stopped by --strict,
    leaves neither the file nor a temporary file."""
    from .formats import conllup, halogen, jsonl
    from .run import Summary, convert_stream

    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: give at least 1")
    _check_output_path("-o", args.output)
    _check_output_path("--stats", args.stats)
    items = iter_raw(args)  # unusable inputs fail before the rules load
    try:
        converter = load_converter(args.rules)
    except KeyboardInterrupt:
        print("ptb2fd: interrupted", file=sys.stderr)
        return 130
    summary = Summary()
    show = sys.stderr.isatty() and not args.quiet
    writer = {"jsonl": jsonl.dump_sentence, "conllup": conllup.dump_sentence, "halogen": halogen.dump_sentence}[
        args.format]
    stopped = None
    try:
        with _terminate_as_exit(), atomic_output(args.output) as out:
            if args.format == "conllup":
                out.write(conllup.header())
            # Sentences are rendered where they are converted (in the workers
            # with --jobs N): only text comes back to this process.
            for result in progress(convert_stream(converter, items, args.jobs, render=writer), show):
                summary.add(result)
                if result.text is not None:
                    text = result.text
                    out.write(text if text.endswith("\n") else text + "\n")
                elif result.status == "failed":
                    if not args.quiet:
                        print(f"ptb2fd: {result.error}", file=sys.stderr)
                    if args.strict:
                        stopped = result.sent_id
                        break
                elif result.status == "skipped" and not args.quiet:
                    print(f"ptb2fd: {result.location}: skipped ({result.reason})", file=sys.stderr)
            if stopped is not None and out is not sys.stdout:
                raise _Discard()
    except _Discard:
        pass
    except KeyboardInterrupt:
        to_file = args.output and args.output != "-"
        print(f"ptb2fd: interrupted ({summary.read} trees read){'; nothing written to -o' if to_file else ''}",
              file=sys.stderr)
        return 130
    if stopped is not None:
        where = f" (stopped at the first error, {stopped}: --strict" + \
            ("; nothing written to -o)" if args.output and args.output != "-" else ")")
    else:
        where = ""
    print(f"ptb2fd: {summary.line()}{where}", file=sys.stderr)
    if args.stats:
        data = summary.to_json(converter.rules.rule_ids())
        if stopped is not None:
            data["stopped_at"] = stopped
        with atomic_output(args.stats) as handle:
            json.dump(data, handle, indent=1, sort_keys=False)
            handle.write("\n")
    return EXIT_FAILED if summary.failed else EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
