"""The order of constituents after the verb (order.yaml), on inline trees under the `paper` view: which light right
adjuncts go before a heavy object (heavy noun phrase shift), a clausal
subject after its small clause's predicate, a particle before "to", an
adverb after a predicate. Each sentence was regenerated wrong before its
fix (the wrong output is in the comment); the named rule decided a
placement."""
from __future__ import annotations

import pytest

CASES = [
    # before: "It set the historic rapprochement between Beijing and Washington in motion ."
    # (a bare-noun complement PP is lighter than a 7-word object)
    ("ord-bare-complement-before-object",
     "(S (NP-SBJ (PRP It)) (VP (VBD set) (PP-CLR (IN in) (NP (NN motion))) (NP (NP (DT the) (JJ historic) "
     "(NN rapprochement)) (PP (IN between) (NP (NNP Beijing) (CC and) (NNP Washington))))) (. .))",
     "It set in motion the historic rapprochement between Beijing and Washington ."),
    # before: "He announced this fall a $ 75 price tag for his 1985 Cask 23 Cabernet ."
    # (a bare noun phrase of time is no light prepositional phrase: it stays last)
    ("ord-adjunct-right",
     "(S (NP-SBJ (PRP He)) (VP (VBD announced) (NP (NP (DT a) (ADJP ($ $) (CD 75) (-NONE- *U*)) (NN price) (NN tag)) "
     "(PP (IN for) (NP (PRP$ his) (CD 1985) (NNP Cask) (CD 23) (NNP Cabernet)))) (NP-TMP (DT this) (NN fall))) (. .))",
     "He announced a $ 75 price tag for his 1985 Cask 23 Cabernet this fall ."),
    # with the complement rule but words counted per conjunct: "The division awarded to
    # Ogilvy & Mather , New York , a WPP agency the ad account for its Fax line ."
    # (a coordination weighs all its conjuncts)
    ("ord-adjunct-right",
     "(S (NP-SBJ (DT The) (NN division)) (VP (VBD awarded) (NP (NP (DT the) (NN ad) (NN account)) (PP (IN for) "
     "(NP (PRP$ its) (NNP Fax) (NN line)))) (PP-CLR (TO to) (NP (NP (NNP Ogilvy) (CC &) (NNP Mather)) (, ,) "
     "(NP (NNP New) (NNP York)) (, ,) (NP (DT a) (NNP WPP) (NN agency))))) (. .))",
     "The division awarded the ad account for its Fax line to Ogilvy & Mather , New York , a WPP agency ."),
    # before: "She returned to Greenville feeling that she had n't prepared her geography
    # students adequately two days before annual testing ." (a 5-word adjunct is light
    # next to a 10-word clausal object)
    ("ord-light-before-heavy-clause",
     "(S (NP-SBJ-2 (PRP She)) (VP (VBD returned) (PP-DIR (TO to) (NP (NNP Greenville))) (PP-TMP (NP (CD two) "
     "(NNS days)) (IN before) (NP (JJ annual) (NN testing))) (S (NP-SBJ (-NONE- *-2)) (VP (VBG feeling) "
     "(SBAR (IN that) "
     "(S (NP-SBJ (PRP she)) (VP (VBD had) (RB n't) (VP (VBN prepared) (NP (PRP$ her) (NN geography) (NNS students)) "
     "(ADVP-MNR (RB adequately))))))))) (. .))",
     "She returned to Greenville two days before annual testing feeling that she had n't prepared her geography "
     "students adequately ."),
    # before: "The panel recommended that the research continue under controlled conditions
    # late last year ." (a subjunctive "that" clause is no clause by its group type;
    # order.yaml marked_clause_cat0)
    ("ord-before-that-clause",
     "(S (NP-SBJ (DT The) (NN panel)) (VP (VBD recommended) (NP-TMP (RB late) (JJ last) (NN year)) (SBAR (IN that) "
     "(S (NP-SBJ (DT the) (NN research)) (VP (VB continue) (PP-LOC (IN under) (NP (JJ controlled) "
     "(NNS conditions))))))) "
     "(. .))",
     "The panel recommended late last year that the research continue under controlled conditions ."),
    # before: "He has made that he is an envoy for the administration clear ."
    ("ord-clause-subject-of-small-clause",
     "(S (NP-SBJ (PRP He)) (VP (VBZ has) (VP (VBN made) (S (ADJP-PRD (JJ clear)) (SBAR-SBJ (IN that) (S "
     "(NP-SBJ (PRP he)) "
     "(VP (VBZ is) (NP-PRD (NP (DT an) (NN envoy)) (PP (IN for) (NP (DT the) (NN administration)))))))))) (. .))",
     "He has made clear that he is an envoy for the administration ."),
    # before: "She was to help the poor child out ." (the particle's class says it opens
    # the clause)
    ("ord-particle-before-subject",
     "(S (NP-SBJ-1 (PRP She)) (VP (VBD was) (ADVP-PRD (RP out) (S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB help) "
     "(NP (DT the) (JJ poor) (NN child))))))) (. .))",
     "She was out to help the poor child ."),
    # before: "She became accidentally an abortionist ." (ord-adverb-before-predicate)
    ("ord-manner-adverb-after-predicate",
     "(S (NP-SBJ (PRP She)) (VP (VBD became) (NP-PRD (DT an) (NN abortionist)) (ADVP-MNR (RB accidentally))) (. .))",
     "She became an abortionist accidentally ."),
    # before: "There 's on a race to come up with the priciest bottle ."
    ("ord-manner-adverb-after-predicate",
     "(S (NP-SBJ (EX There)) (VP (VBZ 's) (NP-PRD (NP (DT a) (NN race) (S (-NONE- *ICH*-2)))) (ADVP-CLR (RB on)) "
     "(S-2 (NP-SBJ (-NONE- *)) (VP (TO to) (VP (VB come) (PRT (RP up)) (PP-CLR (IN with) (NP (DT the) (JJS priciest) "
     "(NN bottle))))))) (. .))",
     "There 's a race on to come up with the priciest bottle ."),
]


@pytest.mark.parametrize("rule_id, tree, regenerated", CASES, ids=[f"{i}-{c[0]}" for i, c in enumerate(CASES)])
def test_heavy_shift(regenerate, rule_id, tree, regenerated):
    """The sentence regenerates right; the named placement rule decided a placement."""
    words, fired = regenerate(tree)
    assert (words, fired.get(rule_id, 0) >= 1) == (regenerated, True)
