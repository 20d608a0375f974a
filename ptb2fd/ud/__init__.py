"""Universal Dependencies v2 (English) from ptb2fd's records.

`writer.dump_sentence(sentence)` renders one converted `Sentence` as plain
10-column CoNLL-U: the records' tree is reshaped to UD's content-word heads
(`shape`: the copula, coordination, names, compound prepositions), each
word gets a relation from the ordered cascade of rules/ud.yaml (`relations`),
a UPOS, lemma and features (`morphology`), SpaceAfter=No where the text had
no space (`spacing`) and enhanced dependencies (`enhanced`); `repair`
makes function words leaves and punctuation projective. `mapping` compiles
rules/ud.yaml; `conditions` is the condition vocabulary of its rules;
`evaluate` scores an export against gold UD (`ptb2fd eval-ud`).

May import: errors, record, rulelang, lexicon.
"""
