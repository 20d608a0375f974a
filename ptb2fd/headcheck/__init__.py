"""Independent head cross-checks of ptb2fd's heads, both reduced to
attachments between content words: the Collins (1999) head table run over
the same trees (`collins`, `reduce`, `compare`), and a reference dependency
analysis of the same sentences, UD CoNLL-U or Stanford-style CoNLL-X
(`reference_read`, `reference_reduce`, `reference_conventions`,
`reference`; schemes and convention table in reference_schemes.yaml).

May import: errors, record, trees, rulelang, conversion.
"""
