"""Order rules for what the paper view leaves out (rules/order.yaml), on
inline trees: each sentence is regenerated right under the `paper` view with
its rule, and was regenerated wrong before the rule (the wrong output is in
the comment). Each test also checks that its rule decided a placement."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ptb2fd.errors import RuleFileError
from ptb2fd.ruleset.load import load_rules

RULES = Path(__file__).resolve().parents[2] / "rules"

CASES = [
    # before: "Bo Fox , Ann Lee , fined $ 500 ; fined $ 900 ."
    ("ord-withinmod-subject-nonclause",
     "(FRAG (FRAG (NP-SBJ (NNP Ann) (NNP Lee)) (, ,) (VP (VBN fined) (NP ($ $) (CD 500)))) (: ;) "
     "(FRAG (NP-SBJ (NNP Bo) (NNP Fox)) (, ,) (VP (VBN fined) (NP ($ $) (CD 900)))) (. .))",
     "Ann Lee , fined $ 500 ; Bo Fox , fined $ 900 ."),
    # before: "But he , say his managers , did have an office ."
    ("ord-reporting-inverted",
     "(S (CC But) (PRN (, ,) (SINV (VP (VBP say) (S (-NONE- *T*-1))) (NP-SBJ (PRP$ his) (NNS managers))) (, ,)) "
     "(S-1 (NP-SBJ (PRP he)) (VP (VBD did) (VP (VB have) (NP (DT an) (NN office))))) (. .))",
     "But , say his managers , he did have an office ."),
    # before: "Prices the reason : climbed ."
    ("ord-withinmod-np-heading",
     "(FRAG (NP (DT The) (NN reason)) (: :) (S (NP-SBJ (NNS prices)) (VP (VBD climbed))) (. .))",
     "The reason : prices climbed ."),
    # before: "We want to see it from , not the inside the outside ."
    ("ord-polarity-contrast",
     "(S (NP-SBJ (PRP We)) (VP (VBP want) (S (VP (TO to) (VP (VB see) (NP (PRP it)) (PP (IN from) (NP (NP (DT the) "
     "(NN inside)) (, ,) (RB not) (NP (DT the) (NN outside)))))))) (. .))",
     "We want to see it from the inside , not the outside ."),
    # before: "Than not more often , ringers think ."
    ("ord-polarity-marked",
     "(S (ADVP-TMP (ADVP (RBR More) (RB often)) (PP (IN than) (ADVP (RB not)))) (, ,) (NP-SBJ (NNS ringers)) "
     "(VP (VBP think)) (. .))",
     "More often than not , ringers think ."),
    # a gerund in apposition before the noun phrase that heads it goes before
    # its determiner, not after "a" (modelled on wsj_0083.mrg:37)
    ("ord-apposition-before-determiner",
     "(S (PP (IN By) (NP (S-NOM (NP-SBJ (-NONE- *)) (VP (VBG lending) (NP (NN money)))) (, ,) "
     "(NP (DT a) (JJ risky) (NN service)) (, ,))) (NP-SBJ (NNS banks)) (VP (VBP earn) (NP (NNS fees))) (. .))",
     "By lending money , a risky service , banks earn fees ."),
    # before: "It turned down a request by Northeast seeking approval of its reorganization plan for now ."
    ("ord-light-before-heavy-object",
     "(S (NP-SBJ (PRP It)) (VP (VBD turned) (PRT (RP down)) (PP-TMP (IN for) (NP (RB now))) "
     "(NP (NP (DT a) (NN request)) "
     "(PP (IN by) (NP (NNP Northeast))) (VP (VBG seeking) (NP (NP (NN approval)) (PP (IN of) (NP (PRP$ its) "
     "(NN reorganization) (NN plan))))))) (. .))",
     "It turned down for now a request by Northeast seeking approval of its reorganization plan ."),
    # before: "They were urging the department to extend ... trucks and vans for years ."
    ("ord-light-before-heavy-clause",
     "(S (NP-SBJ (PRP They)) (VP (VBD were) (VP (VBG urging) (NP (DT the) (NN department)) (PP-TMP (IN for) "
     "(NP (NNS years))) (S (VP (TO to) (VP (VB extend) (NP (DT the) (JJ new) (NN car-safety) (NNS requirements)) "
     "(PP-CLR (TO to) (NP (JJ light) (NNS trucks) (CC and) (NNS vans)))))))) (. .))",
     "They were urging the department for years to extend the new car-safety requirements to light trucks and vans ."),
    # before: "No longer it would be possible ."
    ("ord-adverb-after-aux",
     "(S (NP-SBJ (PRP It)) (VP (MD would) (ADVP-TMP (RB no) (RB longer)) (VP (VB be) (ADJP-PRD (JJ possible)))) (. .))",
     "It would no longer be possible ."),
    # before: ", Meanwhile , the minority argument is a bet ."
    ("ord-set-off-after-subject",
     "(S (NP-SBJ (DT The) (JJ minority) (NN argument)) (, ,) (ADVP-TMP (RB meanwhile)) (, ,) (VP (VBZ is) "
     "(NP-PRD (DT a) (NN bet))) (. .))",
     "The minority argument , meanwhile , is a bet ."),
    # before: "They cite a lack of `` imbalances that provide signals . ''"
    ("ord-quote-before-clause-modifier",
     "(S (NP-SBJ (PRP They)) (VP (VBP cite) (NP (NP (DT a) (NN lack)) (PP (IN of) (NP (NP (`` ``) (NNS imbalances) "
     "('' '')) (SBAR (WHNP-1 (WDT that)) (S (NP-SBJ (-NONE- *T*-1)) (VP (VBP provide) (NP (NNS signals))))))))) (. .))",
     "They cite a lack of `` imbalances '' that provide signals ."),
    # before: "`` Nasty innuendoes says John Siegal , `` designed to hurt us . , '' ''"
    ("ord-quote-before-reporting",
     "(NP-2 (NP (`` ``) (JJ Nasty) (NNS innuendoes) (, ,) ('' '')) (PRN (SINV (VP (VBZ says) (NP (-NONE- *-2))) "
     "(NP-SBJ (NNP John) (NNP Siegal)) (, ,))) (`` ``) (VP (VBN designed) (S-CLR (VP (TO to) (VP (VB hurt) "
     "(NP (PRP us)))))) (. .) ('' ''))",
     "`` Nasty innuendoes , '' says John Siegal , `` designed to hurt us . ''"),
    # before: "It is `` a peal '' in England ."
    ("ord-quote-around-noun",
     "(S (NP-SBJ (PRP It)) (VP (VBZ is) (NP-PRD (DT a) (`` ``) (NN peal) ('' '')) (PP-LOC (IN in) "
     "(NP (NNP England)))) (. .))",
     "It is a `` peal '' in England ."),
    # before: "They cleaned out `` deadwood in the school . ''"
    ("ord-quote-before-noun-modifiers",
     "(S (NP-SBJ (PRP They)) (VP (VBD cleaned) (PRT (RP out)) (NP (NP (`` ``) (NN deadwood) ('' '')) (PP-LOC (IN in) "
     "(NP (DT the) (NN school))))) (. .))",
     "They cleaned out `` deadwood '' in the school ."),
    # before: "It harms all nations , and the particularly creativity ."
    ("ord-focus-adverb-first",
     "(S (NP-SBJ (PRP It)) (VP (VBZ harms) (NP (NP (DT all) (NNS nations)) (, ,) (CC and) (ADVP (RB particularly)) "
     "(NP (DT the) (NN creativity)))) (. .))",
     "It harms all nations , and particularly the creativity ."),
    # before: "It represented a `` parallel form of the test . ''"
    ("ord-quote-before-noun-modifiers-inner",
     "(S (NP-SBJ (PRP It)) (VP (VBD represented) (NP (NP (DT a) (`` ``) (JJ parallel) (NN form) ('' '')) "
     "(PP (IN of) (NP (DT the) (NN test))))) (. .))",
     "It represented a `` parallel form '' of the test ."),
    # before: "It can be used at , but prices pegged to the close ." (a conjunction
    # opening a phrase precedes its marker and its determiner)
    ("ord-conjunction-first",
     "(S (NP-SBJ (PRP It)) (VP (MD can) (VP (VB be) (VP (VBN used) (NP (-NONE- *-1)) (PRN (, ,) (CC but) "
     "(PP-CLR (IN at) (NP (NP (NNS prices)) (VP (VBN pegged) (NP (-NONE- *)) (PP-CLR (TO to) "
     "(NP (DT the) (NN close)))))))))) (. .))",
     "It can be used , but at prices pegged to the close ."),
    # before: "The health the -- and federal deficit -- grows worse ."
    ("ord-conjunction-first",
     "(S (NP-SBJ (NP (DT The) (NN health)) (PRN (: --) (CC and) (NP (DT the) (JJ federal) (NN deficit)) (: --))) "
     "(VP (VBZ grows) (ADJP-PRD (JJR worse))) (. .))",
     "The health -- and the federal deficit -- grows worse ."),
    # before: "It is n't reported on the either U.S. or London tapes ." (the shared
    # "on" hangs on the first conjunct: the conjunction follows it)
    ("ord-conjunction-in-conjunct",
     "(S (NP-SBJ (PRP It)) (VP (VBZ is) (RB n't) (VP (VBN reported) (NP (-NONE- *-1)) (PP-LOC (IN on) "
     "(NP (CC either) (DT the) (NNP U.S.) (CC or) (NNP London) (NNS tapes))))) (. .))",
     "It is n't reported on either the U.S. or London tapes ."),
    # before: "He had strong a as presence ." (an adverb of a noun phrase with a
    # pre-determiner goes before the pre-determiner)
    ("ord-adverbial-before-predeterminer",
     "(S (NP-SBJ (PRP He)) (VP (VBD had) (NP (RB as) (JJ strong) (DT a) (NN presence))) (. .))",
     "He had as strong a presence ."),
    # before: "Items numbered about only a dozen ."
    ("ord-adverbial-before-predeterminer",
     "(S (NP-SBJ (NNS Items)) (VP (VBD numbered) (NP (QP (RB only) (RB about) (DT a)) (NN dozen))) (. .))",
     "Items numbered only about a dozen ."),
    # before: "It contains least a at dozen examples ."
    ("ord-degree-word-before-predeterminer",
     "(S (NP-SBJ (PRP It)) (VP (VBZ contains) (NP (NP (QP (IN at) (JJS least) (DT a) (NN dozen)) (NNS examples)))) "
     "(. .))",
     "It contains at least a dozen examples ."),
    # before: "It owns 11 about % ." ("about" tagged RP in a QP was a particle;
    # roles.yaml rp-in-qp-adverbial)
    ("ord-class-free-left",
     "(S (NP-SBJ (PRP It)) (VP (VBZ owns) (NP (QP (RP about) (CD 11)) (NN %))) (. .))",
     "It owns about 11 % ."),
    # before: "Men walk , noticing one another when only they jostle ."
    ("ord-focus-adverb-subordinator",
     "(S (NP-SBJ (NNS Men)) (VP (VBP walk) (, ,) (S-ADV (NP-SBJ (-NONE- *-1)) (VP (VBG noticing) (NP (CD one) "
     "(DT another)) (SBAR-TMP (ADVP (RB only)) (WHADVP-2 (WRB when)) (S (NP-SBJ (PRP they)) (VP (VBP jostle) "
     "(ADVP-TMP (-NONE- *T*-2)))))))) (. .))",
     "Men walk , noticing one another only when they jostle ."),
    # before: "Boesel , also who expects growth , ..." (a relative pronoun is its
    # clause's subject: ord-focus-adverb-first does not apply, the adverb follows it)
    ("ord-class-free-left",
     "(S (NP-SBJ (NP (NNP Boesel)) (, ,) (SBAR (WHNP-1 (WP who)) (S (NP-SBJ (-NONE- *T*-1)) (ADVP (RB also)) "
     "(VP (VBZ expects) (NP (NN growth))))) (, ,)) (VP (VBZ does) (RB n't) (VP (VB think) (SBAR (-NONE- 0) "
     "(S (NP-SBJ (PRP it)) (VP (MD will) (VP (VB help))))))) (. .))",
     "Boesel , who also expects growth , does n't think it will help ."),
    # before: "So `` people are scrambling . ''" (a quotation that is the whole sentence)
    ("ord-leftpunc-quote-sentence",
     "(S (`` ``) (IN So) (NP-SBJ (NNS people)) (VP (VBP are) (VP (VBG scrambling))) (. .) ('' ''))",
     "`` So people are scrambling . ''"),
    # before: "Aides said and the congressman snapped back , ." (the comma closing the
    # first conjunct of a coordination that continues its head)
    ("ord-comma-before-continuation",
     "(S (S (NP-SBJ (NNS Aides)) (VP (VBD said) (SBAR (-NONE- 0) (S (-NONE- *T*-1)))) (, ,)) (CC and) "
     "(S (NP-SBJ (DT the) (NN congressman)) (VP (VBD snapped) (PRT (RP back)))) (. .))",
     "Aides said , and the congressman snapped back ."),
    # before: "Ads are true but always not fully accurate ."
    ("ord-polarity-phrase-first",
     "(S (NP-SBJ (NNS Ads)) (VP (VBP are) (ADJP-PRD (ADJP (JJ true)) (CC but) (ADJP (RB not) (ADVP-TMP (RB always)) "
     "(RB fully) (JJ accurate)))) (. .))",
     "Ads are true but not always fully accurate ."),
    # before: "The ad , a for years secondary presence , became the event ."
    ("ord-pp-before-determiner",
     "(S (NP-SBJ (NP (DT The) (NN ad)) (, ,) (NP (PP-TMP (IN for) (NP (NNS years))) (DT a) (JJ secondary) "
     "(NN presence)) (, ,)) (VP (VBD became) (NP-PRD (DT the) (NN event))) (. .))",
     "The ad , for years a secondary presence , became the event ."),
    # before: "They insist jumping on in ." ("on" tagged RP opening a PP was a particle;
    # roles.yaml rp-in-pp-rolemarker)
    ("ord-rolemarker",
     "(S (NP-SBJ (PRP They)) (VP (VBP insist) (PP-CLR (RP on) (S-NOM (NP-SBJ (-NONE- *)) (VP (VBG jumping) "
     "(ADVP-CLR (RB in)))))) (. .))",
     "They insist on jumping in ."),
    # before: ": `` It was a disaster . '' said Mr. Jones"
    ("ord-topic-after-colon",
     "(SINV (VP (VBD Said) (S (-NONE- *T*-1))) (NP-SBJ (NNP Mr.) (NNP Jones)) (: :) (`` ``) (S-TPC-1 (NP-SBJ (PRP It)) "
     "(VP (VBD was) (NP-PRD (DT a) (NN disaster)))) (. .) ('' ''))",
     "Said Mr. Jones : `` It was a disaster . ''"),
    # before: ", `` It 's over . '' says Mr. Lee"
    ("ord-topic-after-colon",
     "(SINV (VP (VBZ Says) (S (-NONE- *T*-1))) (NP-SBJ (NNP Mr.) (NNP Lee)) (, ,) (`` ``) (S-TPC-1 (NP-SBJ (PRP It)) "
     "(VP (VBZ 's) (ADVP-PRD (RB over)))) (. .) ('' ''))",
     "Says Mr. Lee , `` It 's over . ''"),
    # before: "Others say it not will ."
    ("ord-polarity-modal-head",
     "(S (NP-SBJ (NNS Others)) (VP (VBP say) (SBAR (-NONE- 0) (S (NP-SBJ (PRP it)) (VP (MD will) (RB not) "
     "(VP (-NONE- *?*)))))) (. .))",
     "Others say it will not ."),
    # before: "Have prices never been so high ."
    ("ord-inversion-adverb-first",
     "(SINV (ADVP-TMP (RB Never)) (VBP have) (NP-SBJ-1 (NNS prices)) (VP (VBN been) (ADJP-PRD (RB so) (JJ high))) (. .))",
     "Never have prices been so high ."),
    # before: "Did the market only then recover ."
    ("ord-inversion-adverb-first",
     "(SINV (ADVP-TMP (RB Only) (RB then)) (VBD did) (NP-SBJ (DT the) (NN market)) (VP (VB recover)) (. .))",
     "Only then did the market recover ."),
    # before: "It is unclear or whether it will not sell ."
    ("ord-polarity-after-conjunction-mark",
     "(S (NP-SBJ (PRP It) (SBAR (-NONE- *EXP*-1))) (VP (VBZ is) (ADJP-PRD (JJ unclear)) (SBAR-1 (IN whether) (CC or) "
     "(RB not) (S (NP-SBJ (PRP it)) (VP (MD will) (VP (VB sell)))))) (. .))",
     "It is unclear whether or not it will sell ."),
    # before: "His book , `` The Art '' of the Deal , sold well ."
    ("ord-quote-closes-apposition",
     "(S (NP-SBJ (NP (PRP$ His) (NN book)) (, ,) (`` ``) (NP (NP (DT The) (NNP Art)) (PP (IN of) (NP (DT the) "
     "(NNP Deal)))) (, ,) ('' '')) (VP (VBD sold) (ADVP-MNR (RB well))) (. .))",
     "His book , `` The Art of the Deal , '' sold well ."),
    # before: "Acme , it owns whose shares , rose ."
    ("ord-wh-object-first",
     "(S (NP-SBJ (NP (NNP Acme)) (, ,) (SBAR (WHNP-1 (WP$ whose) (NNS shares)) (S (NP-SBJ (PRP it)) (VP (VBZ owns) "
     "(NP (-NONE- *T*-1))))) (, ,)) (VP (VBD rose)) (. .))",
     "Acme , whose shares it owns , rose ."),
    # before: "He bought a car his wife ."
    ("ord-beneficiary-bare",
     "(S (NP-SBJ (PRP He)) (VP (VBD bought) (NP-BNF (PRP$ his) (NN wife)) (NP (DT a) (NN car))) (. .))",
     "He bought his wife a car ."),
    # before: "It said that it , as a result , would cut jobs ."
    ("ord-set-off-after-subordinator",
     "(S (NP-SBJ (PRP It)) (VP (VBD said) (SBAR (IN that) (, ,) (PP (IN as) (NP (DT a) (NN result))) (, ,) "
     "(S (NP-SBJ (PRP it)) (VP (MD would) (VP (VB cut) (NP (NNS jobs))))))) (. .))",
     "It said that , as a result , it would cut jobs ."),
    # before: "Output will gradually be increased ."
    ("ord-manner-adverb-before-verb",
     "(S (NP-SBJ (NN Output)) (VP (MD will) (VP (VB be) (VP (ADVP-MNR (RB gradually)) (VBN increased) "
     "(NP (-NONE- *-1))))) (. .))",
     "Output will be gradually increased ."),
]


@pytest.mark.parametrize("rule_id, tree, regenerated", CASES, ids=[c[0] for c in CASES])
def test_paper_view_order_rule(regenerate, rule_id, tree, regenerated):
    words, fired = regenerate(tree)
    assert words == regenerated
    assert fired.get(rule_id, 0) >= 1, f"{rule_id} did not decide any placement"


@pytest.mark.parametrize("view, rule_id, tree, regenerated", [
    # `aux` ranks last in a chain (order.yaml aux_chain): before, "have would learned"
    # and "being are stepped up" ("have" and "being" are `aux` by roles.yaml
    # verb-aux-other, their participles mistagged VBD).
    ("paper", "ord-aux-chain", "(S (NP-SBJ (PRP He)) (VP (MD would) (VP (VB have) (VP (VBD learned) "
     "(NP (NN something))))) (. .))", "He would have learned something ."),
    ("paper", "ord-aux-chain", "(S (NP-SBJ (NNS Efforts)) (VP (VBP are) (VP (VBG being) (VP (VBD stepped) "
     "(PRT (RP up))))) (. .))", "Efforts are being stepped up ."),
    # In `full`, where every adjunct has a class: before, "He shot a `` Old Gringo ,
    # '' confused film ." (class `free`) and "Output will gradually be increased ."
    # (class `after-aux`, which does not say after which auxiliary).
    ("full", "ord-apposition-before-determiner", "(S (PP (IN By) (NP (S-NOM (NP-SBJ (-NONE- *)) (VP (VBG lending) "
     "(NP (NN money)))) (, ,) (NP (DT a) (JJ risky) (NN service)) (, ,))) (NP-SBJ (NNS banks)) (VP (VBP earn) "
     "(NP (NNS fees))) (. .))", "By lending money , a risky service , banks earn fees ."),
    ("full", "ord-class-after-aux-manner", "(S (NP-SBJ (NN Output)) (VP (MD will) (VP (VB be) (VP (ADVP-MNR "
     "(RB gradually)) (VBN increased) (NP (-NONE- *-1))))) (. .))", "Output will be gradually increased ."),
])
def test_auxiliaries_and_full_view_rules(regenerate, view, rule_id, tree, regenerated):
    words, fired = regenerate(tree, view)
    assert words == regenerated
    assert fired.get(rule_id, 0) >= 1, f"{rule_id} did not decide any placement"


@pytest.mark.parametrize("tree, regenerated", [
    # The quotation's comma and closing quote stay right before the reporting
    # clause (lead_slots), after a right adjunct of the quoted clause.
    ("(SINV (`` ``) (S-TPC-1 (NP-SBJ (EX There)) (VP (VBZ is) (NP-PRD (DT a) (NN chance)) "
     "(PP-LOC (IN in) (NP (DT the) (NN market))))) (, ,) ('' '') (VP (VBD said) (S (-NONE- *T*-1))) "
     "(NP-SBJ (NNP Tom)) (. .))",
     "`` There is a chance in the market , '' said Tom ."),
    # before: "`` There is a chance '' added Tom , , `` but it is small ." (junction.separators_join)
    ("(S-2 (`` ``) (S (NP-SBJ (EX There)) (VP (VBZ is) (NP-PRD (DT a) (NN chance)))) (, ,) ('' '') "
     "(PRN (SINV (VP (VBD added) (S (-NONE- *T*-2))) (NP-SBJ (NNP Tom))) (, ,)) (`` ``) (CC but) "
     "(S (NP-SBJ (PRP it)) (VP (VBZ is) (ADJP-PRD (JJ small)))) (. .))",
     "`` There is a chance , '' added Tom , `` but it is small ."),
    # before: "`` `` Today 's action , '' Skinner said , represents a milestone . ''" (reopened_quotes)
    ("(S-1 (`` ``) (NP-SBJ (NN Today) (POS 's) (NN action)) (PRN (, ,) ('' '') (S (NP-SBJ (NNP Skinner)) "
     "(VP (VBD said) (S (-NONE- *T*-1)))) (, ,)) (`` ``) (VP (VBZ represents) (NP (DT a) (NN milestone))) "
     "(. .) ('' ''))",
     "`` Today 's action , '' Skinner said , `` represents a milestone . ''"),
    # before: "The figure is 3.3 % from , up 3.2 % ." (compounds.first: up before from)
    ("(S (NP-SBJ (DT The) (NN figure)) (VP (VBZ is) (NP-PRD (CD 3.3) (NN %)) (, ,) (ADVP (IN up) (PP (IN from) "
     "(NP (CD 3.2) (NN %))))) (. .))", "The figure is 3.3 % , up from 3.2 % ."),
    # before: "... stalled because , in part demand fell ." (marker_order: a marker with a phrase first)
    ("(S (NP-SBJ (NNS Dealers)) (VP (VBD said) (SBAR (S (NP-SBJ (DT the) (NN unit)) (VP (VBD stalled) (, ,) "
     "(SBAR-PRP (ADVP (IN in) (NP (NN part))) (IN because) (S (NP-SBJ (NN demand)) (VP (VBD fell)))))))) (. .))",
     "Dealers said the unit stalled , in part because demand fell ."),
    # before: "It is bold , , and more often than not , that means trouble ." (junction.between_separators)
    ("(S (S (NP-SBJ (PRP It)) (VP (VBZ is) (ADJP-PRD (JJ bold)))) (, ,) (CC and) (, ,) (S (ADVP-TMP (ADVP (RBR more) "
     "(RB often)) (PP (IN than) (ADVP (RB not)))) (, ,) (NP-SBJ (WDT that)) (VP (VBZ means) (NP (NN trouble)))) (. .))",
     "It is bold , and , more often than not , that means trouble ."),
    # before: "Japan outstrips the U.S. but also not only outranks it ." (junction.opening_slot:
    # the opening conjunction of a coordination that continues its head)
    ("(S (NP-SBJ (NNP Japan)) (VP (CONJP (RB not) (RB only)) (VP (VBZ outstrips) (NP (DT the) (NNP U.S.))) "
     "(CONJP (CC but) (RB also)) (VP (VBZ outranks) (NP (PRP it)))) (. .))",
     "Japan not only outstrips the U.S. but also outranks it ."),
    # ... and of a noun phrase, before its determiner ("not just cash in a bag , but equity")
    ("(S (NP-SBJ (PRP You)) (VP (VBD received) (NP (CONJP (RB not) (RB just)) (NP (NP (DT the) (NN cash)) "
     "(PP (IN in) (NP (DT a) (NN bag)))) (, ,) (CC but) (NP (NN equity)))) (. .))",
     "You received not just the cash in a bag , but equity ."),
    # before: "The brokers neither were barred nor suspended ." ("(DT neither)" opens the
    # coordination: coordination.yaml initial_markers, whatever the tag)
    ("(S (NP-SBJ (DT The) (NNS brokers)) (VP (VBD were) (VP (DT neither) (VBN barred) (CC nor) (VBN suspended) "
     "(NP (-NONE- *-1)))) (. .))",
     "The brokers were neither barred nor suspended ."),
    # before: "... scenes either of many people fighting or eating ." (the first conjunct's
    # marker is the coordination's: the opening conjunction follows it, and its subject)
    ("(S (NP-SBJ (PRP It)) (VP (VBD showed) (NP (NP (NNS scenes)) (PP (IN of) (S-NOM (NP-SBJ (JJ many) (NNS people)) "
     "(VP (CC either) (VP (VBG fighting)) (CC or) (VP (VBG eating))))))) (. .))",
     "It showed scenes of many people either fighting or eating ."),
    # ... "while [neither] admitting nor denying", "by [both] Mr. Coxon and Mr. Einhorn"
    ("(S (SBAR-ADV (IN While) (S (NP-SBJ (-NONE- *-1)) (VP (DT neither) (VBG admitting) (CC nor) (VBG denying) "
     "(NP (NN wrongdoing))))) (, ,) (NP-SBJ-1 (NNP Triton)) (VP (VBD consented)) (. .))",
     "While neither admitting nor denying wrongdoing , Triton consented ."),
    ("(S (NP-SBJ (NN Growth)) (VP (VBZ is) (VP (VBN expected) (NP (-NONE- *-1)) (PP (IN by) (NP-LGS (DT both) "
     "(NP (NNP Mr.) (NNP Coxon)) (CC and) (NP (NNP Mr.) (NNP Einhorn)))))) (. .))",
     "Growth is expected by both Mr. Coxon and Mr. Einhorn ."),
    # before: "It bought it in to order produce shovels ." ("in order" is one compound
    # subordinator: compound_prepositions.yaml cp-in-order)
    ("(S (NP-SBJ-1 (PRP It)) (VP (VBD bought) (NP (PRP it)) (SBAR-PRP (IN in) (NN order) (S (NP-SBJ (-NONE- *-1)) "
     "(VP (TO to) (VP (VB produce) (NP (NNS shovels))))))) (. .))",
     "It bought it in order to produce shovels ."),
    # before: "The bids were contrary to `` common sense . ''" (the quote goes with the
    # compound preposition, punctuation_targets._left)
    ("(S (NP-SBJ (DT The) (NNS bids)) (VP (VBD were) (`` ``) (ADJP-PRD (JJ contrary) (PP (TO to) "
     "(NP (JJ common) (NN sense))))) (. .) ('' ''))",
     "The bids were `` contrary to common sense . ''"),
    # before: "The stake was valued more than at $ 1.2 billion ." (compounds.inner_tags)
    ("(S (NP-SBJ (DT The) (NN stake)) (VP (VBD was) (VP (VBN valued) (NP (-NONE- *-1)) (PP-CLR (IN at) "
     "(NP (QP (JJR more) (IN than) ($ $) (CD 1.2) (CD billion)) (-NONE- *U*))))) (. .))",
     "The stake was valued at more than $ 1.2 billion ."),
    # ... and a compound that is no comparative still opens: "partly because of"
    ("(S (NP-SBJ (NNS Prices)) (VP (VBD fell) (PP-PRP (RB partly) (IN because) (IN of) (NP (NNS rates)))) (. .))",
     "Prices fell partly because of rates ."),
    # before: "Opinion is mixed how on stocks would react ." (marker_order: a wh-word last)
    ("(S (NP-SBJ (NN Opinion)) (VP (VBZ is) (ADJP-PRD (JJ mixed) (PP (IN on) (SBAR (WHADVP-1 (WRB how)) "
     "(S (NP-SBJ (NNS stocks)) (VP (MD would) (VP (VB react) (ADVP (-NONE- *T*-1))))))))) (. .))",
     "Opinion is mixed on how stocks would react ."),
    # before: a TypeError (the compound's key (0, word) met the wh-word's (0, 0, word))
    ("(S (NP-SBJ (PRP They)) (VP (MD will) (VP (VB decide) (, ,) (PP (VBG depending) (PP (IN on) (SBAR (WHNP "
     "(WDT which) (NN route)) (S (NP-SBJ (PRP we)) (VP (VBP choose)))))))) (. .))",
     "They will decide , depending on which route we choose ."),
])
def test_quotations_and_markers_in_order(regenerate, tree, regenerated):
    assert regenerate(tree)[0] == regenerated


@pytest.mark.parametrize("condition, problem", [
    ("max_words: -1", "'max_words' must be a whole number of words"),
    ("min_words: 2.5", "'min_words' must be a whole number of words"),
    ("sibling_min_words: {object: two}", "'sibling_min_words' must be a whole number of words"),
    ("sibling_min_words: {objet: 10}", "role 'objet' is not in the role inventory"),
    ("head_has_clause_subject: {withinmod: after}", "unknown subject position 'after'"),
    ("subject_position: [inverted]", "unknown subject position 'inverted'"),
    ("rank: [first]", "'rank' must be a whole number"),
    ("head_role: [tops]", "role 'tops' is not in the role inventory"),
    ("head_lacks_roles: [subjekt]", "role 'subjekt' is not in the role inventory"),
])
def test_new_conditions_are_validated_at_load(tmp_path, condition, problem):
    folder = tmp_path / "rules"
    shutil.copytree(RULES, folder)
    path = folder / "order.yaml"
    text = path.read_text(encoding="utf-8")
    old = "{id: ord-adjunct-right, when: {adjunct: true, side: right"
    assert old in text
    path.write_text(text.replace(old, old + ", " + condition, 1), encoding="utf-8")
    with pytest.raises(RuleFileError) as err:
        load_rules(folder)
    message = str(err.value)
    assert "ord-adjunct-right" in message and problem in message
