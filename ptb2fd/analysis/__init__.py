"""Error analysis of regeneration runs (Shimorina, Parmentier & Gardent 2021).

`ptb2fd analyse REPORT_DIR… -o OUT_DIR` reads `regen --report` folders and
writes `analysis.md`, CSV files and PNG plots: complexity metrics of each
reference tree (`complexity`), the paper's dependency edge accuracy
(`edges`), word-order entropy (`entropy`), correlations (`correlate`),
error mining with the suspicion score (`mining`), plots (`plots`) and the
markdown (`markdown`); `analyse` ties them together. Also the statistics
of a converted corpus that `ptb2fd stats` prints (`corpus_stats`), and
the agreement of parser-style trees' records with the gold ones
(`agreement`, `ptb2fd check-functions`).

May import: errors, record, trees, rulelang, conversion, regen, ruleset.
"""
