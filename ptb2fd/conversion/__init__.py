"""The conversion: one bracketed tree in, one `Sentence` of records out.

Owns the `Converter` (`converter`), the pipeline that checks each stage's
needs against what earlier stages provide (`pipeline`), and the stages
themselves (`stages/`: reading, null elements, POS correction, heads,
coordination, compound prepositions, punctuation, roles, clause features,
word features, records), each with the compiler of its rule file.

May import: cache, errors, record, trees, rulelang, lexicon, functions.
"""
