"""Placement rules of order.yaml for quotes, punctuation on the right and
adverbs (before markers, after subjects, before "to"), on inline trees:
each sentence regenerates right under the `paper` view, and the named rule
decided a placement (the output before the rule is in the comment)."""
from __future__ import annotations

import pytest

CASES = [
    # before: "He is `` pleased with the economy . ''" (wsj_0072.mrg:18): the closing
    # quote of a quoted participle predicate went after its complement
    ("ord-quote-before-predicate-complement",
     "(S (NP-SBJ (PRP He)) (VP (VBZ is) (ADJP-PRD (`` ``) (VBN pleased) ('' '') (PP-CLR (IN with) "
     "(NP (DT the) (NN economy))))) (. .))",
     "He is `` pleased '' with the economy ."),
    # before: "Japan is `` very concerned about the effects , '' an official said ." (wsj_0097.mrg:4)
    ("ord-quote-before-predicate-complement-inner",
     "(S (S-TPC-1 (NP-SBJ (NNP Japan)) (VP (VBZ is) (ADJP-PRD (`` ``) (RB very) (VBN concerned) ('' '') "
     "(PP (IN about) (NP (DT the) (NNS effects)))))) (, ,) (NP-SBJ (DT an) (NN official)) "
     "(VP (VBD said) (SBAR (-NONE- 0) (S (-NONE- *T*-1)))) (. .))",
     "Japan is `` very concerned '' about the effects , an official said ."),
    # before: "They report it `` in the course '' of trade on Mondays ." (wsj_0049.mrg:3): the closing quote
    # of a phrase whose quote opens before its preposition closes the whole phrase
    ("ord-quote-after-marked-phrase",
     "(S (NP-SBJ (PRP They)) (VP (VBP report) (NP (PRP it)) (`` ``) (PP-LOC (IN in) (NP (NP (DT the) "
     "(NN course)) (PP (IN of) (NP (NN trade))))) ('' '') (PP-TMP (IN on) (NP (NNS Mondays)))) (. .))",
     "They report it `` in the course of trade '' on Mondays ."),
    # before: "`` Your article Japan 's Firms Lure Graduates '' states it ." (wsj_0094.mrg:1):
    # the quoted title headed the noun phrase that it names (heads.yaml np-apposition-quoted-title)
    (None,
     "(S (NP-SBJ (NP (PRP$ Your) (NN article)) (`` ``) (S-TTL (NP-SBJ (NP (NNP Japan) (POS 's)) (NNS Firms)) "
     "(VP (VBP Lure) (NP (NNS Graduates)))) ('' '')) (VP (VBZ states) (NP (PRP it))) (. .))",
     "Your article `` Japan 's Firms Lure Graduates '' states it ."),
    # before: "It had `` its own band '' of ringers ." (wsj_0089.mrg:8; also wsj_0044.mrg:37,
    # wsj_0093.mrg:4): quotes that close before the noun's postmodifiers enclose the noun alone
    ("ord-quote-around-modified-noun",
     "(S (NP-SBJ (PRP It)) (VP (VBD had) (NP (NP (PRP$ its) (JJ own) (`` ``) (NN band) ('' '')) "
     "(PP (IN of) (NP (NNS ringers))))) (. .))",
     "It had its own `` band '' of ringers ."),
    ("ord-quote-around-modified-noun",
     "(S (NP-SBJ (PRP They)) (VP (VBD took) (NP-CLR (NN aim)) (PP-CLR (IN at) (NP (NP (JJ American) (`` ``) "
     "(NN interference) ('' '')) (PP-LOC (IN in) (NP (NNP China)))))) (. .))",
     "They took aim at American `` interference '' in China ."),
    # ... but without postmodifiers the quotes enclose the whole phrase (rule not needed)
    (None,
     "(S (NP-SBJ (PRP They)) (VP (VBD made) (NP (`` ``) (JJ genuine) (NN progress) ('' '')) "
     "(PP-TMP (IN in) (NP (NN spring)))) (. .))",
     "They made `` genuine progress '' in spring ."),

    # before: "They trade at the price , or at higher prices but not below it ." (wsj_0088.mrg:6;
    # also wsj_0071.mrg:43, wsj_0096.mrg:36): with a conjunction in every gap, the
    # separator goes before the last conjunct (coordination_order.py)
    (None,
     "(S (NP-SBJ (PRP They)) (VP (VBP trade) (PP-LOC (PP (IN at) (NP (DT the) (NN price))) (CC or) "
     "(PP (IN at) (NP (JJR higher) (NNS prices))) (, ,) (CC but) (PP (RB not) (IN below) (NP (PRP it))))) (. .))",
     "They trade at the price or at higher prices , but not below it ."),
    # ... while gaps without a conjunction take the separators first
    (None,
     "(S (NP-SBJ (PRP They)) (VP (VBD bought) (NP (NP (NNS apples)) (, ,) (NP (NNS pears)) (, ,) (CC and) "
     "(NP (NNS plums)))) (. .))",
     "They bought apples , pears , and plums ."),
    # before: "A series of or 5,000 so changes ." (wsj_0089.mrg:24): a conjunction left
    # without a coordination is a leftpunc, here on the right of its head
    ("ord-leftpunc-on-right",
     "(S (NP-SBJ (NP (DT A) (NN series)) (PP (IN of) (NP (QP (CD 5,000) (CC or) (RB so)) (NNS changes)))) "
     "(VP (VBZ is) (NP-PRD (DT a) (NN peal))) (. .))",
     "A series of 5,000 or so changes is a peal ."),
    # before: "It was as nowhere near successful ." (wsj_0093.mrg:2; also wsj_0082.mrg:36
    # "By little little")
    ("ord-adverb-before-marker",
     "(S (NP-SBJ (PRP It)) (VP (VBD was) (ADJP-PRD (ADVP (RB nowhere) (JJ near)) (IN as) (JJ successful))) (. .))",
     "It was nowhere near as successful ."),
    # ... not after a compound preposition (wsj_0037.mrg:47)
    (None,
     "(S (NP-SBJ (PRP They)) (VP (VBD espoused) (NP (NNS values)) (, ,) (PP (CPREP (VBN compared) (IN with)) "
     "(NP (RB about) (JJ one-third)))) (. .))",
     "They espoused values , compared with about one-third ."),
    # before: "Today Americans spend money ." (wsj_0087.mrg:7, also wsj_0089.mrg:10)
    ("ord-bare-temporal-after-subject",
     "(S (NP-SBJ (NNPS Americans)) (NP-TMP (NN today)) (VP (VBP spend) (NP (NN money))) (. .))",
     "Americans today spend money ."),
    # ... but one set off by a comma opens the clause (wsj_0022.mrg:17)
    (None,
     "(S (NP-TMP (NN Today)) (, ,) (NP-SBJ (NNS shipments)) (VP (VBP total) (NP (CD billions))) (. .))",
     "Today , shipments total billions ."),
    # before: "They agreed to never enter the business ." (wsj_0091.mrg:7)
    ("ord-negative-adverb-before-to",
     "(S (NP-SBJ-1 (PRP They)) (VP (VBD agreed) (S (NP-SBJ (-NONE- *-1)) (ADVP-TMP (RB never)) (VP (TO to) "
     "(VP (VB enter) (NP (DT the) (NN business)))))) (. .))",
     "They agreed never to enter the business ."),
    # before: "It 's a question , the wine is fine -- but people differ ." (wsj_0071.mrg:52; also
    # wsj_0060.mrg:15): of separators of different kinds, the comma stands by the conjunction
    # (order.yaml junction.conjunction_separators)
    (None,
     "(S (S (NP-SBJ (PRP It)) (VP (VBZ 's) (NP-PRD (DT a) (NN question)))) (: --) (S (NP-SBJ (DT the) (NN wine)) "
     "(VP (VBZ is) (ADJP-PRD (JJ fine)))) (, ,) (CC but) (S (NP-SBJ (NNS people)) (VP (VBP differ))) (. .))",
     "It 's a question -- the wine is fine , but people differ ."),
]


@pytest.mark.parametrize("rule_id, tree, regenerated", CASES, ids=[f"{i}-{c[0] or 'conversion'}"
                                                                   for i, c in enumerate(CASES)])
def test_placement_rule_orders_the_sentence(placed, rule_id, tree, regenerated):
    """The sentence regenerates right; a placement rule named with it decided a placement."""
    assert placed(tree, rule_id) == (regenerated, True)


def test_quoted_title_is_in_apposition_to_the_noun_it_follows(converter):
    s = converter.convert_text("(S (NP-SBJ (NP (PRP$ Your) (NN article)) (`` ``) (S-TTL (NP-SBJ (NNS Firms)) "
                               "(VP (VBP Lure) (NP (NNS Graduates)))) ('' '')) (VP (VBZ states) (NP (PRP it))) (. .))")
    words = {t.word: t for t in s.tokens}
    assert [(words[w].head, words[w].role) for w in ("article", "Lure")] == [
        (words["states"].id, "subject"), (words["article"].id, "withinmod")]
