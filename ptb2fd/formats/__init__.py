"""The formats of records: JSONL (`jsonl`), CoNLL-U Plus (`conllup`, read
back by `conllup_read`), Parquet (`parquet`, read back by `parquet_read`)
and the paper's notation (`halogen`, not read back). `registry` says which
format an output's name asks for (a writer plugs in there); `sniff` says
what a file holds, from its content. Each format renders one `Sentence`
and, where it can be read back, reads exactly that `Sentence` again.

May import: errors, record.
"""
