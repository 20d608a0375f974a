"""The `ptb2fd` subcommands, one module each: `convert`, `regen`, `diff`,
`analyse`, `train`, `stats`, `check_heads`, `rules` (options shared in
`options`).

Each module has `add_parser(subparsers)`, which declares the command's
arguments and exit statuses, and `run(args) -> exit status`. Arguments,
messages to the user and exit statuses live here; the work is done by the
packages below.

May import: errors, record, cache, trees, formats, rulelang, lexicon, functions, conversion, regen, ruleset,
realizer, runner, headcheck, analysis, ud.
"""
