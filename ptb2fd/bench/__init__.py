"""`python -m ptb2fd.bench` (`make bench`): speed and memory ratios, measured
side by side in one run (`engines`: local and Dask engines, analysis;
`process`: whole-process timings and peak memory; `realizer`: the
statistical realizer).

May import: errors, record, cache, trees, formats, rulelang, lexicon, functions, conversion, regen, ruleset,
realizer, runner, headcheck, analysis, commands, cli, ud.
"""
