"""Placement rules of order.yaml for adjuncts, markers, subordinators,
opening conjunctions and polarity, and the heads and roles they rest on, on
inline trees: each sentence regenerates right under the `paper` view (the
output before the rule is in the comment); where a placement rule is named,
it decided a placement."""
from __future__ import annotations

import pytest

from ptb2fd.regen.check import RegenerationCheck

CASES = [
    # before: "To the idea , of course : prove it ." (the modifiers went after "to")
    ("ord-withinmod-verb-left",
     "(FRAG (NP (DT The) (NN idea)) (, ,) (PP (IN of) (NP (NN course))) (: :) (S (NP-SBJ (-NONE- *)) "
     "(VP (TO to) (VP (VB prove) (NP (PRP it))))) (. .))",
     "The idea , of course : to prove it ."),
    # before: "It fell because of not earnings but because of rates ." (the opening
    # conjunction followed the first conjunct's marker, which is no shared marker
    # when every conjunct has its own; coordination_order.first_marker_shared)
    (None,
     "(S (NP-SBJ (PRP It)) (VP (VBD fell) (PP-PRP (CONJP (RB not)) (PP (IN because) (IN of) (NP (NNS earnings))) "
     "(CC but) (PP (IN because) (IN of) (NP (NNS rates))))) (. .))",
     "It fell not because of earnings but because of rates ."),
    # before: "The company either sells or it closes ." (the opening conjunction of
    # coordinated clauses opens the first: order.yaml junction.opening_clause_slot)
    ("junction.opening_slot",
     "(S (CC Either) (S (NP-SBJ (DT the) (NN company)) (VP (VBZ sells))) (CC or) (S (NP-SBJ (PRP it)) "
     "(VP (VBZ closes))) (. .))",
     "Either the company sells or it closes ."),
    # before: "Complicated the fact talks with officials ." (a verb tagged IN was the
    # marker of its object; heads.yaml VP, roles.yaml np-object-mistagged-verb)
    (None,
     "(S (NP-SBJ (DT The) (NN fact)) (VP (IN complicated) (NP (NP (NNS talks)) (PP (IN with) (NP (NNS officials))))) "
     "(. .))",
     "The fact complicated talks with officials ."),
    # before: "Is development not only tied to Cray , so is its sheet ." (an opening CONJP
    # headed by an adverb)
    ("ord-conjunction-first",
     "(SINV (CONJP (RB Not) (RB only)) (SINV (VBZ is) (NP-SBJ-1 (NN development)) (VP (VBN tied) (NP (-NONE- *-1)) "
     "(PP (TO to) (NP (NNP Cray))))) (, ,) (SINV (ADVP-PRD-TPC-2 (RB so)) (VP (VBZ is) (ADVP-PRD (-NONE- *T*-2))) "
     "(NP-SBJ (PRP$ its) (NN sheet))) (. .))",
     "Not only is development tied to Cray , so is its sheet ."),
    # before: "How the fund about ?" ("about" was a particle; roles.yaml
    # rp-before-noun-rolemarker), then "About how the fund ?"
    ("ord-wh-modifier-before-marker",
     "(SBARQ (WRB How) (RP about) (FRAG (NP (DT the) (NN fund))) (. ?))",
     "How about the fund ?"),
    # before: "Not for if a surge , orders would have fallen ." ("not for" is a compound
    # preposition, and compounds went first among the markers)
    ("ord-subordinator-reduced-clause",
     "(S (SBAR-ADV (IN If) (FRAG (RB not) (PP (IN for) (NP (DT a) (NN surge))))) (, ,) (NP-SBJ (NNS orders)) "
     "(VP (MD would) (VP (VB have) (VP (VBN fallen)))) (. .))",
     "If not for a surge , orders would have fallen ."),
    # before: "Players wear ties on when the road ." (markers ordered by word)
    ("ord-subordinator-reduced-clause",
     "(S (NP-SBJ (NNS Players)) (VP (VBP wear) (NP (NNS ties)) (SBAR-TMP (WHADVP (WRB when)) (FRAG (PP-LOC (IN on) "
     "(NP (DT the) (NN road)))))) (. .))",
     "Players wear ties when on the road ."),
    # before: "She was eager -- not for if money , then for pride ." ("if" tagged JJ)
    ("ord-polarity-after-subordinator",
     "(S (NP-SBJ (PRP She)) (VP (VBD was) (ADJP-PRD (JJ eager)) (PRN (: --) (PP (JJ if) (RB not) (IN for) "
     "(NP (NN money))) (, ,) (ADVP (RB then)) (PP (IN for) (NP (NN pride))))) (. .))",
     "She was eager -- if not for money , then for pride ."),
    # before: "The Japanese are than most of us more like us think ." (the "than" clause
    # headed the PP-PRD; heads.yaml PP: a PP child before a clause)
    (None,
     "(S (NP-SBJ (DT The) (NNS Japanese)) (VP (VBP are) (PP-PRD (PP (RBR more) (IN like) (NP (PRP us))) (SBAR (IN than) "
     "(S (NP-SBJ (NP (JJS most)) (PP (IN of) (NP (PRP us)))) (VP (VBP think) (SBAR (-NONE- 0) (S (-NONE- *?*)))))))) "
     "(. .))",
     "The Japanese are more like us than most of us think ."),
    # before: "The Institutes , aware of it , of Health asked ." ("aware" was a predicate,
    # placed before the noun's modifiers; roles.yaml prd-in-np-withinmod)
    (None,
     "(S (NP-SBJ (NP (DT The) (NNPS Institutes)) (PP (IN of) (NP (NNP Health))) (, ,) (ADJP-PRD (JJ aware) "
     "(PP (IN of) (NP (PRP it)))) (, ,)) (VP (VBD asked)) (. .))",
     "The Institutes of Health , aware of it , asked ."),
    # before: "Ingersoll Co -LRB- Woodcliff Lake , N.J -- . -RRB-" and "... Mich. , -RRB- the
    # chairman ..." (punctuation_order: a closing bracket before a dash or comma after it)
    (None,
     "(NP-HLN (NP (NNP Ingersoll) (NNP Co)) (PRN (-LRB- -LRB-) (NP-LOC (NP (NNP Woodcliff) (NNP Lake)) (, ,) "
     "(NP (NNP N.J) (. .))) (-RRB- -RRB-)) (: --))",
     "Ingersoll Co -LRB- Woodcliff Lake , N.J . -RRB- --"),
    (None,
     "(S (NP-SBJ (NNS Members)) (VP (VBD attended) (, ,) (NP (NP (NNP John) (NNP Dingell)) (PRN (-LRB- -LRB-) "
     "(NP (NP (NNP D.)) (, ,) (NP-LOC (NNP Mich.))) (-RRB- -RRB-)) (, ,) (NP (DT the) (NN chairman)))) (. .))",
     "Members attended , John Dingell -LRB- D. , Mich. -RRB- , the chairman ."),
    # before: "It lost money for first the half of 1989 ." ("first" was a pre-determiner
    # of "half" tagged DT; roles.yaml adjective-of-dt-head)
    (None,
     "(S (NP-SBJ (PRP It)) (VP (VBD lost) (NP (NN money)) (PP-TMP (IN for) (NP (NP (DT the) (JJ first) (DT half)) "
     "(PP (IN of) (NP (CD 1989)))))) (. .))",
     "It lost money for the first half of 1989 ."),
    # before: "So the Tramp would , for that matter ." (a modal heading an elided verb
    # phrase was no clause and had no subject position; clauses.yaml finite_cat0)
    ("ord-subject-after-head",
     "(SINV (ADVP-PRD-TPC-1 (RB So)) (VP (MD would) (VP (-NONE- *?*) (ADVP-PRD (-NONE- *T*-1)))) "
     "(NP-SBJ (DT the) (NNP Tramp)) (, ,) (PP (IN for) (NP (DT that) (NN matter))) (. .))",
     "So would the Tramp , for that matter ."),
    # before: "Businesses even if earnings weaken have the money ." (a clause tagged
    # SBAR-SBJ inside the VP was a second subject; roles.yaml sbj-in-vp-adverbial)
    (None,
     "(S (NP-SBJ (NNS Businesses)) (VP (VBP have) (NP (DT the) (NN money)) (SBAR-SBJ (RB even) (IN if) "
     "(S (NP-SBJ (NNS earnings)) (VP (VBP weaken))))) (. .))",
     "Businesses have the money even if earnings weaken ."),
    # before: "Consumers espouse , compared with one-third in Japan what it identified as
    # values ." (an adjunct opened by a comma on its marker, and not closed, went before
    # the object clause)
    ("ord-comma-opened-adjunct-last",
     "(S (NP-SBJ (NNS Consumers)) (VP (VBP espouse) (SBAR (WHNP-1 (WP what)) (S (NP-SBJ (PRP it)) (VP (VBD identified) "
     "(NP (-NONE- *T*-1)) (PP-CLR (IN as) (NP (NNS values)))))) (, ,) (PP (VBN compared) (PP (IN with) (NP (NP (NN one-third)) "
     "(PP-LOC (IN in) (NP (NNP Japan))))))) (. .))",
     "Consumers espouse what it identified as values , compared with one-third in Japan ."),
    # before: "A law makes it to breach security a crime ." and "They leave it to decide up
    # to the market ." (the extraposed clause headed the small clause; heads.yaml S)
    (None,
     "(S (NP-SBJ (DT A) (NN law)) (VP (VBZ makes) (S (NP-SBJ (NP (PRP it)) (S (-NONE- *EXP*-2))) "
     "(NP-PRD (DT a) (NN crime)) (S-2 (NP-SBJ (-NONE- *)) (VP (TO to) (VP (VB breach) (NP (NN security))))))) (. .))",
     "A law makes it a crime to breach security ."),
    (None,
     "(S (NP-SBJ (PRP They)) (VP (VBP leave) (S (NP-SBJ (PRP it)) (PP-PRD (IN up) (PP (TO to) (NP (DT the) (NN market)))) "
     "(S (NP-SBJ (-NONE- *)) (VP (TO to) (VP (VB decide)))))) (. .))",
     "They leave it up to the market to decide ."),
    # before: "It is not educators , students , who are blamed ." (the last noun headed
    # the flat NP; heads.yaml np-noun-comma-adverb)
    ("ord-polarity-contrast",
     "(S (NP-SBJ (PRP It)) (VP (VBZ is) (NP-PRD (NNS educators) (, ,) (RB not) (NNS students)) (, ,) (SBAR (WHNP-1 (WP who)) "
     "(S (NP-SBJ (-NONE- *T*-1)) (VP (VBP are) (VP (VBN blamed) (NP (-NONE- *-2))))))) (. .))",
     "It is educators , not students , who are blamed ."),
    # before: "It forces a lawyer to become a witness , in effect , ." and "A figure who
    # wears a sheepskin -- what else -- ." (a parenthetical set off on both sides, the
    # verb's only right adjunct, went after the predicate or object)
    ("ord-set-off-before-object",
     "(S (NP-SBJ (PRP It)) (VP (VBZ forces) (S (NP-SBJ (DT a) (NN lawyer)) (VP (TO to) (VP (VB become) "
     "(PRN (, ,) (PP (IN in) (NP (NN effect))) (, ,)) (NP-PRD (DT a) (NN witness)))))) (. .))",
     "It forces a lawyer to become , in effect , a witness ."),
    ("ord-set-off-before-object",
     "(NP (NP (DT A) (NN figure)) (SBAR (WHNP-1 (WP who)) (S (NP-SBJ (-NONE- *T*-1)) (VP (VBZ wears) "
     "(PRN (: --) (NP (WP what) (RB else)) (: --)) (NP (DT a) (NN sheepskin))))) (. .))",
     "A figure who wears -- what else -- a sheepskin ."),
    # ... but not when another right adjunct follows it (wsj_0045.mrg:26)
    (None,
     "(S (NP-SBJ (PRP They)) (VP (VBD devised) (NP (DT a) (NN scale)) (PRN (: --) (PP (IN in) (NP (NN effect))) (: --)) "
     "(S-PRP (NP-SBJ (-NONE- *)) (VP (TO to) (VP (VB rate) (NP (PRP it)))))) (. .))",
     "They devised a scale -- in effect -- to rate it ."),
    # before: "They may not very well renew it ." (wsj_0060.mrg:15)
    ("ord-likelihood-adverb-before-not",
     "(S (NP-SBJ (PRP They)) (VP (MD may) (ADVP (RB very) (RB well)) (RB not) (VP (VB renew) (NP (PRP it)))) (. .))",
     "They may very well not renew it ."),
    # before: "With the end in sight of the year , they sold ." (wsj_0077.mrg:9)
    ("ord-of-complement-before-predicate",
     "(S (PP (IN With) (S-NOM (NP-SBJ (NP (DT the) (NN end)) (PP (IN of) (NP (DT the) (NN year)))) "
     "(PP-LOC-PRD (IN in) (NP (NN sight))))) (, ,) (NP-SBJ (PRP they)) (VP (VBD sold)) (. .))",
     "With the end of the year in sight , they sold ."),
    # before: "She was untrained , and in one job killed a client ." (the comma after the
    # conjunction was taken for a separator; stages/conjuncts.py)
    (None,
     "(S (NP-SBJ (PRP She)) (VP (VP (VBD was) (ADJP-PRD (JJ untrained))) (CC and) (, ,) (VP (PP-LOC (IN in) "
     "(NP (CD one) (NN job))) (VBD killed) (NP (DT a) (NN client)))) (. .))",
     "She was untrained and , in one job killed a client ."),
]


@pytest.mark.parametrize("rule_id, tree, regenerated", CASES, ids=[f"{i}-{c[0] or 'conversion'}"
                                                                   for i, c in enumerate(CASES)])
def test_placement_rule_orders_the_sentence(placed, rule_id, tree, regenerated):
    """The sentence regenerates right; a placement rule named with it decided a placement."""
    assert placed(tree, rule_id) == (regenerated, True)


def test_pp_heads_before_a_comparative_clause(converter):
    """A PP without a preposition of its own is headed by its PP child, not
    by the "than" clause that modifies it (heads.yaml PP)."""
    s = converter.convert_text("(S (NP-SBJ (PRP They)) (VP (VBP are) (PP-PRD (PP (RBR more) (IN like) (NP (PRP us))) "
                               "(SBAR (IN than) (S (NP-SBJ (PRP we)) (VP (VBP think)))))) (. .))")
    words = {t.word: t for t in s.tokens}
    assert (words["us"].role, words["us"].head) == ("predicate", words["are"].id)
    assert (words["think"].role, words["think"].head) == ("withinmod", words["us"].id)


def test_small_clause_with_subject_not_headed_by_extraposed_clause(converter):
    """A verbless small clause with a subject is headed by the subject, not
    by its extraposed clause (heads.yaml S): "makes [it] a crime to breach"."""
    s = converter.convert_text("(S (NP-SBJ (DT A) (NN law)) (VP (VBZ makes) (S (NP-SBJ (NP (PRP it)) (S (-NONE- *EXP*-2))) "
                               "(NP-PRD (DT a) (NN crime)) (S-2 (NP-SBJ (-NONE- *)) (VP (TO to) (VP (VB breach) "
                               "(NP (NN security))))))) (. .))")
    words = {t.word: t for t in s.tokens}
    assert [(words[w].head, words[w].role) for w in ("it", "crime", "breach")] == [
        (words["makes"].id, "object"), (words["it"].id, "predicate"), (words["it"].id, "withinmod")]


def test_contracted_not_does_not_make_the_subject_final(converter, rules):
    """A "n't" between a verb and its subject leaves the subject right after
    the verb (clauses.yaml subject_position.transparent_roles): "Is n't that
    a risk ?" was `final` and regenerated "Is n't a risk that ?"."""
    s = converter.convert_text("(SQ (VBZ Is) (RB n't) (NP-SBJ (DT that)) (NP-PRD (DT a) (NN risk)) (. ?))")
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, "paper")
    assert (s.tokens[0].subject_position, " ".join(check.run(s).output)) == (
        "after-nonaux-finite", "Is n't that a risk ?")


def test_comma_after_conjunction_is_no_separator(converter):
    """A comma right after a conjunction, before its conjunct, opens that
    conjunct: it is a left mark inside it (on its first phrase's marker,
    punctuation.yaml marker_tags), not a coordination separator."""
    s = converter.convert_text("(S (NP-SBJ (PRP She)) (VP (VP (VBD was) (ADJP-PRD (JJ untrained))) (CC and) (, ,) "
                               "(VP (PP-LOC (IN in) (NP (CD one) (NN job))) (VBD killed) (NP (DT a) (NN client)))) (. .))")
    words = {t.word: t for t in s.tokens}
    assert (words[","].role, words[","].head) == ("leftpunc", words["in"].id)
