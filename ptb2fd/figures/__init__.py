"""`make figures`: every figure the documentation quotes, measured and
written to docs/figures.md (`python -m ptb2fd.figures -o docs/figures.md`).

Each section (`sections`) runs real `ptb2fd` commands in child processes,
exactly as a user types them, and renders their results as tables. Every
row names its command, its data and split, the view and the realizer; the
page names the commit and the machine. Other pages link to
docs/figures.md instead of typing figures; tests/unit/test_figures_doc.py
fails when the page names a command or option that no longer exists.

May import: errors, record, cache, trees, formats, rulelang, lexicon, functions, conversion, regen, ruleset,
realizer, runner, headcheck, analysis, commands, cli, bench.
"""
