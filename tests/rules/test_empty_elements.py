"""rules/empty_elements.yaml: empty elements put back into parser output.

Each case is an invented tree as the function-tag model leaves it (tags,
no empty elements); the restored tree is written out and converted as a
gold tree, so what is checked is what the records get from it.
"""
from __future__ import annotations

import pytest

from ptb2fd.conversion.stages.empties import RestoreEmpties
from ptb2fd.conversion.stages.empties_rules import compile_empties
from ptb2fd.rulelang.rulefile import Checker
from ptb2fd.trees.ptbtree import parse_tree
from ptb2fd.trees.strip import render

covers = pytest.mark.covers


@pytest.fixture(scope="module")
def restore(fd_rules):
    restorer = RestoreEmpties(fd_rules.empties)

    def run(text: str) -> tuple[str, list]:
        restored: list = []
        return render(restorer.run(parse_tree(text), restored)), restored
    return run


@covers("passive-be")
def test_passive_after_be_gets_an_object_trace_and_logical_roles(restore, fd):
    text, restored = restore("(S (NP-SBJ (DT The) (NN fleet)) (VP (VBD was) (VP (VBN sold) (PP (IN by) "
                             "(NP-LGS (DT the) (NN company))))) (. .))")
    assert "(VP (VBN sold) (NP (-NONE- *)) (PP" in text
    assert restored == [("passive-be", (3, 4))]
    s = fd(text)
    assert (s.tok("fleet").role, s.tok("fleet").logicalrole) == ("subject", "object"), s
    assert (s.tok("company").role, s.tok("company").logicalrole) == ("lgs-adjunct", "subject"), s


@covers("passive-be")
def test_passive_with_a_subjectless_clause_puts_the_trace_in_the_clause(restore, fd):
    text, _ = restore("(S (NP-SBJ (NNS Prices)) (VP (VBP are) (VP (VBN expected) (S (VP (TO to) (VP (VB rise)))))))")
    assert "(VBN expected) (S (NP-SBJ (-NONE- *)) (VP (TO to)" in text
    # in the active, "X expects prices to rise": "Prices" is the logical object
    assert fd(text).tok("Prices").logicalrole == "object"


@covers("passive-be")
def test_a_tagged_clause_after_the_participle_is_an_adjunct_and_keeps_the_trace_out(restore):
    text, _ = restore("(S (NP-SBJ (DT The) (NN plan)) (VP (VBZ is) (VP (VBN designed) (S-PRP (VP (TO to) "
                      "(VP (VB help) (NP (PRP them))))))))")
    assert "(VBN designed) (NP (-NONE- *)) (S-PRP" in text


@covers("passive-be")
def test_been_and_perfect_participles_get_no_trace(restore):
    text, restored = restore("(S (NP-SBJ (PRP He)) (VP (VBZ has) (VP (VBN been) (VP (VBG working)))))")
    assert restored == [] and "-NONE-" not in text
    text, restored = restore("(S (NP-SBJ (PRP He)) (VP (VBZ has) (VP (VBN sold) (NP (PRP it)))))")
    assert restored == []


@covers("passive-be")
def test_the_governor_is_found_through_a_coordination_of_participles(restore):
    text, restored = restore("(S (NP-SBJ (PRP It)) (VP (VBD was) (VP (VP (VBN built)) (CC and) (VP (VBN sold)))))")
    assert [r for r, _ in restored] == ["passive-be", "passive-be"]
    assert text.count("(-NONE- *)") == 2


@covers("passive-reduced-relative")
def test_reduced_relative_gets_a_trace(restore):
    text, restored = restore("(S (NP-SBJ (NP (DT the) (NN bridge)) (VP (VBN built) (PP (IN by) (NP-LGS (NNS "
                             "engineers))))) (VP (VBD fell)))")
    assert "(VP (VBN built) (NP (-NONE- *)) (PP" in text
    assert restored[0][0] == "passive-reduced-relative"


@covers("passive-small-clause")
def test_passive_small_clause_gets_a_trace(restore):
    text, restored = restore("(S (NP-SBJ (DT The) (NN mayor)) (VP (VBD had) (S (NP-SBJ (DT the) (NN bridge)) "
                             "(VP (VBN repaired) (PP (IN by) (NP-LGS (DT a) (NN contractor)))))))")
    assert "(VP (VBN repaired) (NP (-NONE- *)) (PP" in text
    assert restored[0][0] == "passive-small-clause"


@covers("expletive-it")
def test_extraposed_clause_after_a_predicate_with_it_as_subject(restore, fd):
    text, restored = restore("(S (NP-SBJ (PRP It)) (VP (VBZ is) (ADJP-PRD (JJ hard)) (S-PRD (VP (TO to) "
                             "(VP (VB say))))) (. .))")
    assert "(NP-SBJ (NP (PRP It)) (S (-NONE- *EXP*-1)))" in text and "(S-1 (VP (TO to)" in text
    assert restored[0][0] == "expletive-it"
    s = fd(text)
    assert s.edge("say") == ("say", "is", "withinmod", "extraposed"), s


@covers("expletive-it")
def test_an_adjunct_clause_is_not_extraposed(restore):
    text, restored = restore("(S (NP-SBJ (PRP It)) (VP (VBD was) (ADJP-PRD (JJ late)) (SBAR-ADV (IN because) "
                             "(S (NP-SBJ (PRP we)) (VP (VBD waited))))))")
    assert restored == [] and "EXP" not in text


@covers("wh-noun-trace")
def test_whose_noun_stands_for_the_subject_or_the_object_of_its_clause(restore, fd):
    text, _ = restore("(NP (NP (DT the) (NN firm)) (SBAR (WHNP (WP$ whose) (NNS workers)) (S (VP (VBD built) "
                      "(NP (PRP it))))))")
    assert "(WHNP-1 (WP$ whose) (NNS workers)) (S (NP-SBJ (-NONE- *T*-1))" in text
    assert fd(text).edge("workers")[2:] == ("subject", "wh-noun-subject")
    text, _ = restore("(NP (NP (DT the) (NN man)) (SBAR (WHNP (WP$ whose) (NN car)) (S (NP-SBJ (PRP I)) "
                      "(VP (VBD bought)))))")
    assert "(VP (VBD bought) (NP (-NONE- *T*-1)))" in text
    assert fd(text).edge("car")[2:] == ("object", "wh-noun-object")


def test_every_empty_element_rule_has_a_test(fd_rules, rule_coverage):
    assert [r for r in fd_rules.empties.rule_ids() if r not in rule_coverage] == []


def test_covers_marks_name_known_rules(rule_coverage, known_rule_ids):
    assert sorted(set(rule_coverage) - known_rule_ids) == []


@pytest.mark.parametrize("yaml_text, message", [
    ("rules:\n  - {id: a, element: object-trace, when: {label: [VP]}, extra: 1}\n", "unknown key 'extra'"),
    ("rules:\n  - {id: a, element: gap, when: {label: [VP]}}\n", "element must be one of"),
    ("rules:\n  - {id: a, element: object-trace, when: {governor: [bee]}}\n", "unknown wordlist 'bee'"),
    ("rules:\n  - {id: a, element: object-trace, when: {labels: [VP]}}\n", "unknown key 'labels' in when"),
    ("rules:\n  - {id: a, element: object-trace, when: {object: maybe}}\n", "object must be true or false"),
])
def test_rule_file_errors_name_the_rule_and_line(tmp_path, yaml_text, message):
    path = tmp_path / "empty_elements.yaml"
    path.write_text(yaml_text, encoding="utf-8")
    checker = Checker(path)
    compile_empties(checker.load(), checker)
    assert checker.problems, message
    problem = checker.problems[0]
    assert message in problem.message and problem.rule_id == "a" and problem.line == 2
