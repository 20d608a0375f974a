"""The output formats: JSONL (`jsonl`), CoNLL-U Plus (`conllup`, read back
by `conllup_read`) and the paper's notation (`halogen`). Each renders one
`Sentence` to text and, where it can be read back, reads it.

May import: errors, record.
"""
