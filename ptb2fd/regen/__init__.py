"""The regeneration check: a sentence rebuilt from its unordered records.

Owns the regeneration views (`view`: what a realizer may see), the rule
regenerator of order.yaml (`order`, `order_rules` and its helpers for
coordination, compounds, markers, punctuation), the `RulesRealizer`
(`realizer`), the metrics of paper 000 and BLEU (`metrics`,
`string_metrics`, `tree_metrics`, `accumulate`), the check that runs a
realizer on one sentence (`check`), and the report folder (`report`).

May import: errors, nltk_import, record, rulelang, lexicon.
"""
