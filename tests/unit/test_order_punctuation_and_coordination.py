"""Punctuation, quotes and coordination in regeneration: set-off phrases in
a coordination, lists without a conjunction, coordinated verb phrases and
the quotation placement rules, on inline trees: each sentence regenerates
right under the `paper` view (the output before the fix is in the
comment)."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("tree, regenerated", [
    # before: ", Of course , in addition some sold firms ." (roles.yaml in-advp-clause-adverbial:
    # "of" heading its own ADVP was a rolemarker, placed first with the comma on its left)
    ("(S (PP (IN In) (NP (NN addition))) (, ,) (ADVP (IN of) (NN course)) (, ,) (NP-SBJ (DT some)) "
     "(VP (VBD sold) (NP (NNS firms))) (. .))",
     "In addition , of course , some sold firms ."),
])
def test_set_off_adverbial_phrases_regenerate_in_order(regenerate, tree, regenerated):
    assert regenerate(tree)[0] == regenerated


PECULIAR = ("(S (NP-SBJ (DT The) (NN art)) (VP (VBZ is) (ADJP-PRD (ADJP (JJ peculiar) (PP (TO to) (NP (DT the) "
            "(NNS English)))) (, ,) (CC and) (, ,) (PP (IN like) (NP (JJS most) (NNS peculiarities))) (, ,) "
            "(ADJP (JJ unintelligible) (PP (TO to) (NP (DT the) (NN rest)))))) (. .))")


def test_set_off_phrase_opens_the_conjunct_after_the_conjunction(converter, regenerate):
    # coordination.yaml set_off_conjunct_modifiers: before, the PP between the
    # commas broke the coordination ("and" was punctuation) and regenerated
    # "The art is , and , peculiar to the English like most peculiarities , unintelligible to the rest ."
    sent = converter.convert_text(PECULIAR)
    tok = {t.word: t for t in sent.tokens}
    assert tok["and"].role == "junction-marker"
    assert tok["unintelligible"].junction == tok["peculiar"].junction is not None
    assert sent.tokens[tok["peculiarities"].head - 1].word == "unintelligible"
    assert regenerate(PECULIAR)[0] == (
        "The art is peculiar to the English , and , like most peculiarities , unintelligible to the rest .")


@pytest.mark.parametrize("tree, head, dependent, regenerated", [
    # heads.yaml UCP left: before, the last member headed the list and the first was
    # its predicate: "It is less than `` $ 4 million very small ... . ''"
    ("(S (NP-SBJ (PRP It)) (VP (VBZ is) (`` ``) (UCP-PRD (ADJP-PRD (RB very) (JJ small)) (: ...) (NP-PRD (QP (JJR less) "
     "(IN than) ($ $) (CD 4) (CD million)) (-NONE- *U*)))) (. .) ('' ''))",
     "small", "million", "It is `` very small ... less than $ 4 million . ''"),
    # before: "Ringers live like in where the bells are rung -- small parishes ."
    ("(S (NP-SBJ (NNS Ringers)) (VP (VBP live) (UCP-LOC (SBAR-NOM (WHADVP-2 (WRB where)) (S (NP-SBJ (DT the) (NNS bells)) "
     "(VP (VBP are) (VP (VBN rung) (ADVP-LOC (-NONE- *T*-2)))))) (: --) (PP (IN like) (PP (IN in) (NP (JJ small) "
     "(NNS parishes)))))) (. .))",
     "rung", "parishes", "Ringers live where the bells are rung -- like in small parishes ."),
])
def test_list_without_conjunction_is_headed_by_its_first_member(converter, regenerate, tree, head, dependent,
                                                                 regenerated):
    sent = converter.convert_text(tree)
    tok = {t.word: t for t in sent.tokens}
    assert sent.tokens[tok[dependent].head - 1].word == head
    assert tok[dependent].role != "predicate"
    assert regenerate(tree)[0] == regenerated


@pytest.mark.parametrize("rule_id, tree, regenerated", [
    # ord-comma-before-noun-modifiers: before, the closing quote went before the noun's
    # modifiers and its comma after them, next to the reporting clause's:
    # "The man had `` a sex life '' including relations with men , , the paper said ."
    ("ord-comma-before-noun-modifiers",
     "(S (S-TPC-1 (NP-SBJ (DT The) (NN man)) (VP (VBD had) (NP (`` ``) (NP (DT a) (NN sex) (NN life)) (, ,) "
     "('' '') (PP (VBG including) (NP (NP (NNS relations)) (PP (IN with) (NP (NNS men)))))))) (, ,) "
     "(NP-SBJ (DT the) (NN paper)) (VP (VBD said) (SBAR (-NONE- 0) (S (-NONE- *T*-1)))) (. .))",
     "The man had `` a sex life , '' including relations with men , the paper said ."),
    # ord-possessor-before-quote (slot `possessor`): before,
    # "In `` A Haruki Murakami 's Wild Sheep Chase '' boomers smile ."
    ("ord-possessor-before-quote",
     "(S (PP-LOC (IN In) (NP (NP (NNP Haruki) (NNP Murakami) (POS 's)) (`` ``) (NX-TTL (NP (DT A) (NNP Wild) "
     "(NNP Sheep) (NNP Chase))) ('' ''))) (NP-SBJ (NNS boomers)) (VP (VBP smile)) (. .))",
     "In Haruki Murakami 's `` A Wild Sheep Chase '' boomers smile ."),
    # ord-apposition-inside-quotes (slot adjunct-inside-quotes): before,
    # "He saw it as `` a problem , '' a timing issue which was rectified , ."
    ("ord-apposition-inside-quotes",
     "(S (NP-SBJ (PRP He)) (VP (VBD saw) (NP (PRP it)) (PP-CLR (IN as) (NP (`` ``) (NP (NP (DT a) (NN problem)) "
     "(, ,) (NP (DT a) (NN timing) (NN issue))) (, ,) ('' '') (SBAR (WHNP-1 (WDT which)) (S (NP-SBJ-2 "
     "(-NONE- *T*-1)) (VP (VBD was) (VP (VBN rectified) (NP (-NONE- *-2))))))))) (. .))",
     "He saw it as `` a problem , a timing issue , '' which was rectified ."),
])
def test_quotation_order_rules(regenerate, rule_id, tree, regenerated):
    words, fired = regenerate(tree)
    assert words == regenerated
    assert fired.get(rule_id, 0) == 1


def test_verb_phrases_coordinated_in_a_clause(converter, regenerate):
    # coordination.yaml family `predication`: before, "and" was punctuation
    # and regenerated "And as the wine is talked about starts to sell , they buy ."
    tree = ("(S (SBAR-TMP (IN As) (S (NP-SBJ-1 (DT the) (NN wine)) (VP (VBZ is) (VP (VBN talked) (PP-CLR (IN about) "
            "(NP (-NONE- *-1))))) (CC and) (VP (VBZ starts) (S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB sell))))))) "
            "(, ,) (NP-SBJ (PRP they)) (VP (VBP buy)) (. .))")
    sent = converter.convert_text(tree)
    tok = {t.word: t for t in sent.tokens}
    assert tok["and"].role == "junction-marker"
    assert tok["starts"].junction == tok["talked"].junction is not None
    assert regenerate(tree)[0] == "As the wine is talked about and starts to sell , they buy ."
