"""The case of a sentence's first word in a regeneration view: lowered,
unless WordNet writes the word only with a capital ("Americans",
"Japanese"); the table comes from WordNet's data files
(ptb2fd.lexicon.dictionary_case)."""
from __future__ import annotations

import pytest

from ptb2fd.regen.view import make_view


def view_words(converter, rules, tree):
    s = converter.convert_text(tree)
    return {r.word for r in make_view(s, rules.roles.adjunct_roles, seed=1).records}


@pytest.mark.parametrize("tree, kept, lowered", [
    # before: "Americans" was lowered in the view ("Today americans spend ...",
    # wsj_0087.mrg:7): WordNet writes "American" only with a capital
    ("(S (NP-SBJ (NNS Americans)) (VP (VBP spend) (NP (NN money))) (. .))", "Americans", None),
    ("(S (NP-SBJ (JJ Japanese) (NNS banks)) (VP (VBD rose)) (. .))", "Japanese", None),
    # a capital due only to the position is still lowered ("today" is lowercase in WordNet)
    ("(S (NP-TMP (NN Today)) (NP-SBJ (PRP we)) (VP (VBP spend)) (. .))", None, "today"),
    ("(S (NP-SBJ (NNS Stocks)) (VP (VBD rose)) (. .))", None, "stocks"),
    # "IT" (information technology) is no spelling of "It"
    ("(S (NP-SBJ (PRP It)) (VP (VBD rose)) (. .))", None, "it"),
])
def test_first_word_keeps_a_capital_the_dictionary_always_writes(converter, rules, tree, kept, lowered):
    words = view_words(converter, rules, tree)
    assert (kept is None or kept in words, lowered is None or lowered in words) == (True, True)


def test_dictionary_capital_kept_in_the_middle_of_the_output(regenerate):
    # before: "Today americans spend money ." (wsj_0087.mrg:7)
    out, _ = regenerate("(S (NP-SBJ (NNS Americans)) (NP-TMP (NN today)) (VP (VBP spend) (NP (NN money))) (. .))")
    assert "americans" not in out.split()


def test_dictionary_case_table_from_data_lines():
    from ptb2fd.lexicon.dictionary_case import capitalized_only, parse_data_lines
    spellings = {}
    parse_data_lines(["  1 This software and database is being provided\n",
                      "09044862 15 n 02 American 0 Yank 0 001 @ 09044000 n 0000 | a native\n",
                      "09044863 15 n 01 today 0 000 | the present\n",
                      "09044864 15 n 01 Today 0 000 | a programme\n"], "n", spellings)
    parse_data_lines(["02958126 00 a 01 American(a) 0 000 | of the Americas\n"], "a", spellings)
    assert capitalized_only(spellings) == {"American": "an", "Yank": "n"}
