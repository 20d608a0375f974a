"""rules/roles.yaml: one hand-written tree per rule of the role cascade.

Each case names the rule it covers (its parametrize id and a `covers`
mark), and asserts the word, the word it depends on, its role and that
this very rule decided it (`tok.rule`). `test_every_role_rule_has_a_test`
fails when roles.yaml gains a rule without a case here.
"""
from __future__ import annotations

import pytest

covers = pytest.mark.covers

VINKEN = ("( (S (NP-SBJ (NP (NNP Pierre) (NNP Vinken)) (, ,) (ADJP (NP (CD 61) (NNS years)) (JJ old)) (, ,))"
          " (VP (MD will) (VP (VB join) (NP (DT the) (NN board))"
          " (PP-CLR (IN as) (NP (DT a) (JJ nonexecutive) (NN director))) (NP-TMP (NNP Nov.) (CD 29)))) (. .)) )")
FLEET = ("( (S (NP-SBJ (PRP it)) (VP (MD would) (VP (VB sell) (NP (PRP$ its) (VBG aging) (NN fleet))"
         " (PP (IN because) (IN of) (NP (VBG increasing) (NN maintenance) (NNS costs))))) (. .)) )")
ABC = ("( (S (NP-SBJ (NNP ABC)) (VP (VBD came) (PP-CLR (IN in) (ADVP (RB first)))"
       " (PP (IN with) (NP (CD 8.8) (NN %)))) (. .)) )")
PERCH = ("( (S (NP-SBJ (DT The) (NNP Perch) (CC and) (NNP Dolphin) (NNS fields))"
         " (VP (MD will) (VP (VB start) (S (NP-SBJ (-NONE- *)) (VP (VBG producing))) (NP-TMP (JJ next) (NN year))))"
         " (. .)) )")
DID_NT_KNOW = ("( (S (NP-SBJ (PRP He)) (VP (VBD did) (RB n't) (VP (VB know)"
               " (SBAR (WHNP-1 (WP what)) (S (NP-SBJ (PRP it)) (VP (VBD meant) (NP (-NONE- *T*-1)))))))"
               " (. .)) )")
GAVE_TO = ("( (S (NP-SBJ (DT The) (NN company)) (VP (VBD gave) (NP (DT the) (NNS shares))"
           " (PP (TO to) (NP-DTV (PRP$ its) (NNS employees)))) (. .)) )")

# rule id, tree, word, occurrence, head word (None: root), role
CASES = [
    ("top", VINKEN, "join", 1, None, "top"),
    ("compound-rolemarker", FLEET, "because", 1, "costs", "rolemarker"),
    ("cc-junction-marker", PERCH, "and", 1, "start", "junction-marker"),
    # -LGS inside the PP: the PP gets the role, the NP keeps nothing of it.
    ("pp-lgs", "( (S (NP-SBJ-1 (DT The) (NN unit)) (VP (VBD was) (VP (VBN bought) (NP (-NONE- *-1))"
               " (PP (IN by) (NP-LGS (NNP Mr.) (NNP Smith))))) (. .)) )", "Smith", 1, "bought", "lgs-adjunct"),
    ("pp-dtv", GAVE_TO, "employees", 1, "gave", "dative"),
    # wsj_0087.mrg:21, wsj_0090.mrg:41: a -SBJ phrase inside a VP after its verb is no subject
    # a subordinator tagged RB marks its clause
    ("rb-sbar-rolemarker", "( (S (NP-SBJ (PRP We)) (VP (VBD left) (SBAR-TMP (RB once) (S (NP-SBJ (DT the) (NN rain))"
     " (VP (VBD stopped))))) (. .)) )", "once", 1, "stopped", "rolemarker"),
    # newer treebanks tag the pivot of an existential -SBJ: a predicate, as NP-PRD
    ("sbj-in-vp-existential", "(ROOT (S (NP (EX There)) (VP (VBZ is) (NP-SBJ (DT a) (NN queue))) (. .)))", "queue",
     1, "is", "predicate"),
    ("sbj-in-vp-object", "( (S (NP-SBJ (PRP They)) (VP (VB keep) (NP-SBJ (PRP$ your) (NN bank))"
                         " (PP-LOC-CLR (IN off) (NP (DT the) (NN deficit)))) (. !)) )", "bank", 1, "keep", "object"),
    ("sbj-in-vp-adverbial", "( (S (NP-SBJ (NNS businesses)) (VP (VBP have) (NP (DT the) (NN money))"
                            " (SBAR-SBJ (RB even) (IN if) (S (NP-SBJ (NNS earnings)) (VP (VBP weaken))))) (. .)) )",
     "weaken", 1, "have", "adverbial"),
    ("ftag-sbj", VINKEN, "Vinken", 1, "join", "subject"),
    ("ftag-tpc", "( (SINV (ADVP-LOC-PRD-TPC (RB Here)) (VP (VBP are)) (NP-SBJ (DT the) (NNS figures)) (. .)) )",
     "Here", 1, "are", "topic"),
    ("ftag-prd", "( (S (NP-SBJ (NNP Mr.) (NNP Vinken)) (VP (VBZ is) (NP-PRD (NP (NN chairman))"
                 " (PP (IN of) (NP (NNP Elsevier) (NNP N.V.))))) (. .)) )", "chairman", 1, "is", "predicate"),
    # -LGS on the PP itself (wsj_0044.mrg:64).
    ("ftag-lgs", "( (S (NP-SBJ-1 (PRP She)) (VP (VBD was) (VP (VBN chosen) (NP (-NONE- *-1))"
                 " (PP-LGS (IN by) (NP (DT the) (NN school) (NNP PTA))))) (. .)) )", "PTA", 1, "chosen", "lgs-adjunct"),
    ("ftag-dtv", "( (S (NP-SBJ (DT The) (NN company)) (VP (VBD gave) (NP (DT the) (NNS shares))"
                 " (PP-DTV (TO to) (NP (PRP$ its) (NNS employees)))) (. .)) )", "employees", 1, "gave", "dative"),
    ("ftag-bnf", "( (S (NP-SBJ (PRP She)) (VP (VBD won) (NP (NN grant) (NN money))"
                 " (PP-BNF (IN for) (NP (DT the) (NN school)))) (. .)) )", "school", 1, "won", "beneficiary"),
    ("ftag-dir", "( (S (NP-SBJ (NNS Prices)) (VP (VBD fell) (PP-DIR (TO to) (NP ($ $) (CD 4)))) (. .)) )",
     "4", 1, "fell", "direction"),
    ("ftag-ext", "( (S (NP-SBJ (NNS Shares)) (VP (VBD rose) (NP-EXT (CD 5) (NN %))) (. .)) )", "%", 1, "rose", "extent"),
    ("ftag-loc", "( (S (NP-SBJ (PRP He)) (VP (VBZ lives) (PP-LOC (IN in) (NP (NNP Boston)))) (. .)) )",
     "Boston", 1, "lives", "locative"),
    ("ftag-mnr", "( (S (NP-SBJ (PRP He)) (VP (VBD spoke) (ADVP-MNR (RB slowly))) (. .)) )",
     "slowly", 1, "spoke", "manner"),
    ("ftag-prp", "( (S (NP-SBJ-1 (DT The) (NN company)) (VP (VBD sold) (NP (DT the) (NN unit))"
                 " (S-PRP (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB raise) (NP (NN cash)))))) (. .)) )",
     "raise", 1, "sold", "purpose"),
    ("ftag-tmp", VINKEN, "29", 1, "join", "temporal"),
    ("ftag-adv", "( (S (NP-SBJ-1 (NNS Sales)) (VP (VBD fell) (, ,) (S-ADV (NP-SBJ (-NONE- *-1))"
                 " (VP (VBG reflecting) (NP (JJR weaker) (NN demand))))) (. .)) )", "reflecting", 1, "fell", "adverbial"),
    ("ftag-clr", VINKEN, "director", 1, "join", "closely-related"),
    ("ftag-put", "( (S (NP-SBJ (PRP He)) (VP (VBD put) (NP (PRP it)) (PP-PUT (IN on) (NP (DT the) (NN table)))) (. .)) )",
     "table", 1, "put", "locative"),
    ("md-modal", VINKEN, "will", 1, "join", "modal"),
    # a particle tag inside a QP modifies the number: "owns about 11 %" (wsj_0073.mrg:6)
    ("rp-in-qp-adverbial", "( (S (NP-SBJ (PRP It)) (VP (VBZ owns) (NP (QP (RP about) (CD 11)) (NN %))) (. .)) )",
     "about", 1, "11", "adverbial"),
    # a particle tag opening a PP is its preposition (wsj_0034.mrg:39 "insist on jumping in")
    ("rp-in-pp-rolemarker", "( (S (NP-SBJ (PRP They)) (VP (VBP insist) (PP-CLR (RP on) (S-NOM (NP-SBJ (-NONE- *))"
                            " (VP (VBG jumping) (ADVP-CLR (RB in)))))) (. .)) )", "on", 1, "jumping", "rolemarker"),
    ("prt-particle", "( (S (NP-SBJ (DT The) (NN company)) (VP (MD will) (VP (VB spin) (PRT (RP off))"
                     " (NP (DT the) (NN unit)))) (. .)) )", "off", 1, "spin", "particle"),
    ("have-taxis", "( (S (NP-SBJ (NNS Sales)) (VP (VBP have) (VP (VBN risen) (NP-EXT (CD 5) (NN %)))) (. .)) )",
     "have", 1, "risen", "taxis"),
    ("be-voice", "( (S (NP-SBJ-1 (DT The) (NN fleet)) (VP (VBD was) (VP (VBN sold) (NP (-NONE- *-1)))) (. .)) )",
     "was", 1, "sold", "voice"),
    # "unless I get fired" (wsj_0109.mrg:28).
    ("get-voice", "( (S (NP-SBJ-1 (PRP I)) (VP (VBP get) (VP (VBN fired) (NP (-NONE- *-1)))) (. .)) )",
     "get", 1, "fired", "voice"),
    ("be-aspect", "( (S (NP-SBJ (NNS Prices)) (VP (VBP are) (VP (VBG rising))) (. .)) )", "are", 1, "rising", "aspect"),
    ("do-aux", DID_NT_KNOW, "did", 1, "know", "aux"),
    # "has n't deemed" with "deemed" tagged VBD (wsj_0020.mrg:21): not a
    # VBN, so not taxis, but still an auxiliary before a verb.
    ("verb-aux-other", "( (S (NP-SBJ (NNP Mrs.) (NNP Hills)) (VP (VBZ has) (RB n't) (VP (VBD deemed)"
                       " (S (NP-SBJ (DT any) (NNS cases)) (ADJP-PRD (JJ bad))))) (. .)) )", "has", 1, "deemed", "aux"),
    ("not-polarity", DID_NT_KNOW, "n't", 1, "know", "polarity"),
    ("to-infinitive", "( (S (NP-SBJ-1 (NNS Officials)) (VP (VBD expected) (S (NP-SBJ (-NONE- *-1))"
                      " (VP (TO to) (VP (VB start))))) (. .)) )", "to", 1, "start", "to-infinitive"),
    ("qp-in-modifier", "( (S (NP-SBJ (DT The) (NN unit)) (VP (VBD had) (NP (NP (NNS sales)) (PP (IN of)"
                       " (NP (QP (IN about) ($ $) (CD 370) (CD million)))))) (. .)) )", "about", 1, "million", "withinmod"),
    ("to-rolemarker", GAVE_TO, "to", 1, "employees", "rolemarker"),
    # "of" heads its own ADVP in the clause: an adverbial (was a rolemarker, and
    # regenerated ", Of course , in addition some ..."); "in" of "In addition" marks.
    ("in-advp-clause-adverbial", "( (S (PP (IN In) (NP (NN addition))) (, ,) (ADVP (IN of) (NN course)) (, ,)"
     " (NP-SBJ (DT some)) (VP (VBD sold)) (. .)) )", "of", 1, "sold", "adverbial"),
    ("in-rolemarker", ABC, "in", 1, "first", "rolemarker"),
    # "that" tagged DT as a complementizer (wsj_0020.mrg:16).
    ("dt-sbar-rolemarker", "( (S (NP-SBJ (PRP She)) (VP (VBD said) (SBAR (DT that) (S (NP-SBJ (NNS prices))"
                           " (VP (VBD fell))))) (. .)) )", "that", 1, "fell", "rolemarker"),
    ("dt-determiner", VINKEN, "the", 1, "board", "determiner"),
    ("wdt-predeterminer", "( (FRAG (NP (WDT What) (DT a) (NN mess)) (. !)) )", "What", 1, "mess", "pre-determiner"),
    ("pdt-predeterminer", "( (S (NP-SBJ (PDT All) (DT the) (NNS shares)) (VP (VBD fell)) (. .)) )",
     "All", 1, "shares", "pre-determiner"),
    ("cc-first", "( (S (CC But) (NP-SBJ (DT the) (NN market)) (VP (VBD fell)) (. .)) )", "But", 1, "fell", "dependent"),
    # A CC that joins nothing (an adjective and an adverb): not a junction.
    # "or so" is no coordination (an adverb that opens no conjunct).
    ("cc-other", "( (S (NP-SBJ (NP (QP (CD 5,000) (CC or) (RB so)) (NNS changes))) (VP (VBD rang)) (. .)) )",
     "or", 1, "5,000", "leftpunc"),
    ("wh-topic", "( (SBARQ (WHNP-1 (WP What)) (SQ (VBD did) (NP-SBJ (PRP he)) (VP (VB say) (NP (-NONE- *T*-1))))"
                 " (. ?)) )", "What", 1, "say", "topic"),
    ("wh-rolemarker", "( (S (NP-SBJ (NP (DT The) (NN company)) (SBAR (WHNP-1 (WDT which)) (S (NP-SBJ (-NONE- *T*-1))"
                      " (VP (VBZ owns) (NP (PRP it)))))) (VP (VBD rose)) (. .)) )", "which", 1, "owns", "rolemarker"),
    # A wh-phrase headed by a noun stands for its trace.
    ("wh-noun-subject", "( (S (NP-SBJ (NP (DT the) (NN firm)) (SBAR (WHNP-1 (WP$ whose) (NNS workers)) (S (NP-SBJ"
                        " (-NONE- *T*-1)) (VP (VBD built) (NP (DT the) (NN bridge)))))) (VP (VBD failed)) (. .)) )",
     "workers", 1, "built", "subject"),
    ("wh-noun-object", "( (S (NP-SBJ (NP (DT the) (NN man)) (SBAR (WHNP-1 (WP$ whose) (NN car)) (S (NP-SBJ (PRP I))"
                       " (VP (VBD bought) (NP (-NONE- *T*-1)))))) (VP (VBD left)) (. .)) )", "car", 1, "bought", "object"),
    ("whose-rolemarker", "( (S (NP-SBJ (NP (DT the) (NN man)) (SBAR (WHNP-1 (WP$ whose) (NN car)) (S (NP-SBJ (PRP I))"
                         " (VP (VBD bought) (NP (-NONE- *T*-1)))))) (VP (VBD left)) (. .)) )", "whose", 1, "car",
     "rolemarker"),
    # Speech and other genres.
    ("intj-discourse", "( (S (INTJ (UH Well)) (, ,) (NP-SBJ (PRP we)) (VP (VBD tried)) (. .)) )", "Well", 1, "tried",
     "adverbial"),
    ("edited-reparandum", "( (S (EDITED (NP-SBJ (PRP I))) (NP-SBJ (PRP I)) (VP (VBP think)) (. .)) )", "I", 1, "think",
     "dependent"),
    # "It 's a shame [their meeting never took place]" (*EXP*).
    ("extraposed", "( (S (NP-SBJ (NP (PRP It)) (S (-NONE- *EXP*-1))) (VP (VBZ 's) (NP-PRD (DT a) (NN shame))"
                   " (S-1 (NP-SBJ (PRP$ their) (NN meeting)) (ADVP-TMP (RB never)) (VP (VBD took) (NP (NN place)))))"
                   " (. .)) )", "took", 1, "'s", "withinmod"),
    ("np-after-comma", "( (S (NP-SBJ (NNS Sales)) (VP (VBD totaled) (NP ($ $) (CD 37.3) (CD million))"
                       " (PP-TMP (IN in) (NP (CD 1988))) (, ,) (NP (NP (DT a) (JJ small) (NN share))"
                       " (PP (IN of) (NP (NNS revenue))))) (. .)) )", "share", 1, "totaled", "withinmod"),
    ("np-dative", "( (S (NP-SBJ (PRP He)) (VP (VBD gave) (NP (PRP him)) (NP (DT a) (NN book))) (. .)) )",
     "him", 1, "gave", "dative"),
    ("np-object", VINKEN, "board", 1, "join", "object"),
    # wsj_0018.mrg:30: "half" tagged DT heads its NP; "first" modifies it, no pre-determiner
    ("adjective-of-dt-head", "( (S (NP-SBJ (PRP It)) (VP (VBD lost) (NP (NN money)) (PP-TMP (IN for) (NP (NP (DT the)"
                             " (JJ first) (DT half)) (PP (IN of) (NP (CD 1989)))))) (. .)) )",
     "first", 1, "half", "withinmod"),
    # wsj_0047.mrg:8: a -PRD phrase inside an NP modifies the noun
    ("prd-in-np-withinmod", "( (S (NP-SBJ (NP (DT the) (NNPS Institutes)) (PP (IN of) (NP (NNP Health))) (, ,)"
                            " (ADJP-PRD (JJ aware) (PP (IN of) (NP (PRP it)))) (, ,)) (VP (VBD asked)) (. .)) )",
     "aware", 1, "Institutes", "withinmod"),
    # wsj_0034.mrg:7: "how about the fund": an RP before its noun is no particle
    ("rp-before-noun-rolemarker", "( (SBARQ (WRB How) (RP about) (FRAG (NP (DT the) (NN fund))) (. ?)) )",
     "about", 1, "fund", "rolemarker"),
    # wsj_0013.mrg:14: a verb mistagged IN heads its VP (heads.yaml) and its NP is its object
    ("np-object-mistagged-verb", "( (S (NP-SBJ (DT The) (NN fact)) (VP (IN complicated) (NP (NNS talks))) (. .)) )",
     "talks", 1, "complicated", "object"),
    ("clause-object", "( (S (NP-SBJ (PRP He)) (VP (VBD said) (SBAR (-NONE- 0) (S (NP-SBJ (PRP he))"
                      " (VP (MD would) (VP (VB go)))))) (. .)) )", "go", 1, "said", "object"),
    ("predeterminer-before-dt", "( (S (NP-SBJ (RB even) (DT the) (JJ official) (NN announcer)) (VP (VBD laughed)) (. .)) )",
     "even", 1, "announcer", "pre-determiner"),
    ("pp-initial-rolemarker", "( (S (PP (VBG Excluding) (NP (DT these) (NNS orders))) (, ,) (NP-SBJ (NNS sales))"
                              " (VP (VBD fell) (NP-EXT (CD 2) (NN %))) (. .)) )", "Excluding", 1, "orders", "rolemarker"),
    ("advp-adverbial", "( (S (NP-SBJ (PRP He)) (ADVP (RB also)) (VP (VBD said) (NP (PRP it))) (. .)) )",
     "also", 1, "said", "adverbial"),
    ("withinmod-before-head", FLEET, "aging", 1, "fleet", "withinmod"),
    ("withinmod-after-head", "( (S (NP-SBJ (NP (NN Chairman)) (PP (IN of) (NP (NNP Elsevier)))) (VP (VBD resigned)) (. .)) )",
     "Elsevier", 1, "Chairman", "withinmod"),
    # Only reachable where the subject sits on the far side of the word: in
    # an SQ the subject precedes what follows the verb, so the withinmod
    # rules above do not apply.
    ("withinmod-be-prd", "( (SQ (VBZ Is) (NP-SBJ (DT the) (NN market)) (PP (IN at) (DT all)) (ADJP-PRD (JJ healthy))"
                         " (. ?)) )", "all", 1, "Is", "withinmod"),
    # Shadowed by withinmod-before-head unless the SBAR holds its subject
    # itself (no S level, as in flatter treebanks): then the subject follows
    # the word and only this rule is left.
    ("sbar-rolemarker", "( (S (NP-SBJ (NNS Prices)) (VP (MD will) (VP (VB rise) (SBAR-ADV (VBN provided)"
                        " (NP-SBJ (NN demand)) (VP (VBZ holds))))) (. .)) )", "provided", 1, "holds", "rolemarker"),
    # A measure NP before the preposition (wsj_0044.mrg:12, wsj_0044.mrg:86).
    ("measure-extent", "( (S (NP-SBJ (PRP They)) (VP (VBD arrived) (PP-TMP (NP-ADV (CD two) (NNS days)) (IN before)"
                       " (NP (DT the) (NN examination)))) (. .)) )", "days", 1, "examination", "extent"),
    ("measure-extent-advp", "( (S (NP-SBJ (PRP He)) (VP (VBD arrived) (ADVP-TMP (NP (CD 48) (NNS hours)) (RB ahead)"
                            " (PP (IN of) (NP (NN time))))) (. .)) )", "hours", 1, "time", "extent"),
    # fixtures/constructions: a free relative after its verb, a
    # quantified relative subject, a right-node-raised object.
    ("free-relative-object", "( (S (NP-SBJ (PRP We)) (VP (VBP eat) (SBAR-NOM (WHNP-1 (WP whatever)) (S (NP-SBJ"
                             " (PRP they)) (VP (VBP cook) (NP (-NONE- *T*-1)))))) (. .)) )", "cook", 1, "eat", "object"),
    ("wh-quantifier-subject", "( (S (NP-SBJ (NP (NNS Banks)) (, ,) (SBAR (WHNP-1 (NP (DT some)) (WHPP (IN of)"
                              " (WHNP (WP whom)))) (S (NP-SBJ (-NONE- *T*-1)) (VP (VBD failed)))) (, ,)) (VP (VBD merged))"
                              " (. .)) )", "some", 1, "failed", "subject"),
    ("rnr-object", "( (S (NP-SBJ (PRP She)) (VP (VP (VBD wrote) (NP (-NONE- *RNR*-1))) (, ,) (CC and) (VP (VBD read)"
                   " (NP (-NONE- *RNR*-1))) (, ,) (NP-1 (DT the) (NN report))) (. .)) )", "report", 1, "read", "object"),
    # "For starters , the executives joined ..." (wsj_0010.mrg:7): an
    # untagged PP before the subject.
    ("dependent", "( (S (PP (IN For) (NP (NNS starters))) (, ,) (NP-SBJ (DT the) (NNS executives))"
                  " (VP (VBD joined) (NP (NNP Mayor) (NNP Hudnut))) (. .)) )", "starters", 1, "joined", "dependent"),
]


def _case(rule_id, tree, word, nth, head, role):
    return pytest.param(rule_id, tree, word, nth, head, role, id=rule_id, marks=covers(rule_id))


@pytest.mark.parametrize("rule_id,tree,word,nth,head,role", [_case(*c) for c in CASES])
def test_role_rule(fd, rule_id, tree, word, nth, head, role):
    s = fd(tree)
    t = s.tok(word, nth)
    assert (t.word, s.head_word(t), t.role) == (word, head, role), s.table()
    assert t.rule == rule_id, s.table()


def test_every_role_rule_has_a_test(fd_rules, rule_coverage):
    missing = [rid for rid in fd_rules.roles.rule_ids() if rid not in rule_coverage]
    assert missing == [], f"roles.yaml rules with no test in {__name__}: {missing}"


def test_covers_marks_name_known_rules(rule_coverage, known_rule_ids):
    assert sorted(set(rule_coverage) - known_rule_ids) == []


# -- the auxiliary rules look at the verb itself, not at a clause it heads ----

@covers("verb-aux-other")
def test_quoted_clause_before_the_verb_is_not_an_auxiliary(fd):
    # wsj_0044.mrg:68: the quoted S stands before "says" in the SINV; its
    # head "taught" is no auxiliary of "says".
    s = fd("( (SINV (`` ``) (S-2 (NP-SBJ (PRP She)) (VP (VBD taught) (NP (PRP us)) (NP (JJR more))))"
           " (, ,) ('' '') (VP (VBZ says) (S (-NONE- *T*-2))) (NP-SBJ (NNP Kelli) (NNP Green)) (. .)) )")
    t = s.tok("taught")
    assert s.head_word(t) == "says", s.table()
    assert t.role != "aux" and t.rule != "verb-aux-other", s.table()
    assert s.tok("says").grouptype == "clause"


@covers("be-voice")
def test_parenthetical_clause_before_a_participle_is_not_voice(fd):
    # wsj_0067.mrg:6: "We have , and I 'm sure others have , considered ...".
    s = fd("( (S (NP-SBJ (PRP We)) (VP (VBP have) (PRN (, ,) (S (CC and) (NP-SBJ (PRP I)) (VP (VBP 'm)"
           " (ADJP-PRD (JJ sure) (SBAR (-NONE- 0) (S (NP-SBJ (NNS others)) (VP (VBP have) (VP (-NONE- *?*))))))))"
           " (, ,)) (VP (VBN considered) (NP (DT the) (NNS options)))) (. .)) )")
    assert s.edge("have")[1:3] == ("considered", "taxis"), s.table()
    t = s.tok("'m")
    assert t.role != "voice" and t.rule != "be-voice", s.table()


@covers("verb-aux-other")
def test_auxiliary_before_a_mistagged_participle(fd):
    # The rule's example: "has" before a participle tagged VBD ("has rose").
    s = fd("( (S (NP-SBJ (NNS Prices)) (VP (VBZ has) (VP (VBD rose) (NP-EXT (CD 5) (NN %)))) (. .)) )")
    assert s.edge("has") == ("has", "rose", "aux", "verb-aux-other"), s.table()


@covers("np-object")
def test_quoted_object_is_an_object_not_an_afterthought(fd):
    s = fd("( (S (NP-SBJ (NNS Countries)) (VP (VBP have) (VP (VBN made) (`` ``) (NP (JJ genuine) (NN progress))"
           " ('' '') (PP-CLR (IN on) (NP (DT this) (NN issue))))) (. .)) )")
    assert s.edge("progress") == ("progress", "made", "object", "np-object"), s.table()


@covers("np-subject-structural")
def test_untagged_np_before_the_vp_is_the_subject_in_parser_output(fd_gold):
    # Parser output converted as it is (--functions gold): no function tags, a ROOT top.
    s = fd_gold("(ROOT (S (NP (PRP He)) (VP (VBD left) (NP (DT the) (NN room))) (. .)))")
    assert s.edge("He") == ("He", "left", "subject", "np-subject-structural"), s.table()
    assert s.edge("room") == ("room", "left", "object", "np-object"), s.table()
