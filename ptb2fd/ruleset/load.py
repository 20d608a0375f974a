"""Loading a rule folder: every file compiled once, every problem reported.

`load_rules(DIR)` reads all rule files, compiles each into typed objects,
checks references between files (a role named in clauses.yaml must be in
the role inventory, every label, tag, function tag and role a rule names
must be declared: ptb2fd.ruleset.vocabulary), and
raises one `RuleFileError` listing every problem with its file, rule id and
line. The default folder is the repository's `rules/` (or $PTB2FD_RULES).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ptb2fd.errors import RuleFileError, RuleProblem
from ptb2fd.rulelang.folder import RULE_FILES, default_rules_dir  # noqa: F401  (re-exported)
from ptb2fd.rulelang.rulefile import Checker
from ptb2fd.ruleset.vocabulary import vocabulary_problems


@dataclass(frozen=True)
class RuleSet:
    directory: Path
    treebank: Any
    heads: Any
    coordination: Any
    compounds: Any
    punctuation: Any
    roles: Any
    corrections: Any
    clauses: Any
    categories: Any
    baseforms: Any
    order: Any
    empties: Any = None  # empty_elements.yaml: put back into parser output
    ud: Any = None  # ud.yaml: the Universal Dependencies export (ptb2fd/ud)

    def rule_ids(self) -> dict[str, list[str]]:
        """Every rule id, by file, for `ptb2fd rules check` and --stats."""
        return {
            "heads.yaml": self.heads.rule_ids(),
            "coordination.yaml": self.coordination.rule_ids() + ["coord-root-conjunct"],
            "compound_prepositions.yaml": self.compounds.rule_ids(),
            "punctuation.yaml": self.punctuation.rule_ids(),
            "roles.yaml": self.roles.rule_ids(),
            "pos_corrections.yaml": self.corrections.rule_ids(),
            "clauses.yaml": self.clauses.rule_ids(),
            "baseforms.yaml": self.baseforms.rule_ids(),
            "order.yaml": self.order.rule_ids(),
            "empty_elements.yaml": self.empties.rule_ids(),
            "ud.yaml": self.ud.rule_ids() + ["ud-last-resort"] if self.ud else [],
        }


def load_rules(directory: str | Path | None = None) -> RuleSet:
    from ptb2fd.conversion.stages.clause import compile_clauses
    from ptb2fd.conversion.stages.compounds import compile_compounds
    from ptb2fd.conversion.stages.coordination_rules import compile_coordination
    from ptb2fd.conversion.stages.empties_rules import compile_empties
    from ptb2fd.conversion.stages.heads import compile_heads
    from ptb2fd.conversion.stages.poscorrect import compile_corrections
    from ptb2fd.conversion.stages.punctuation_rules import compile_punctuation
    from ptb2fd.conversion.stages.roles import compile_roles
    from ptb2fd.conversion.stages.treebank import compile_treebank
    from ptb2fd.lexicon.categories import compile_categories
    from ptb2fd.lexicon.lemmas import compile_baseforms
    from ptb2fd.regen.order import compile_order
    from ptb2fd.ud.mapping import compile_ud

    directory = Path(directory) if directory is not None else default_rules_dir()
    if not directory.is_dir():
        raise RuleFileError([RuleProblem(str(directory), None, None, "rule folder not found")])
    problems: list[RuleProblem] = []
    compiled: dict[str, Any] = {}
    raw: dict[str, Any] = {}

    def run(filename: str, compiler, *args):
        checker = Checker(directory / filename)
        data = raw[filename] = checker.load()
        result = compiler(data, checker, *args) if data is not None or not checker.problems else None
        problems.extend(checker.problems)
        compiled[filename] = result
        return result, checker

    treebank, _ = run("treebank.yaml", compile_treebank)
    run("heads.yaml", compile_heads)
    run("coordination.yaml", compile_coordination)
    run("compound_prepositions.yaml", compile_compounds)
    run("punctuation.yaml", compile_punctuation)
    roles, roles_checker = run("roles.yaml", compile_roles)
    run("pos_corrections.yaml", compile_corrections, treebank.pos_tags if treebank else frozenset())
    clauses, clauses_checker = run("clauses.yaml", compile_clauses)
    run("categories.yaml", compile_categories)
    run("baseforms.yaml", compile_baseforms)
    inventory = frozenset(roles.roles) if roles else frozenset()
    compounds = compiled.get("compound_prepositions.yaml")
    order, _ = run("order.yaml", compile_order, inventory, roles.adjunct_roles if roles else frozenset(),
                   tuple(r.words for r in compounds.phrasal) if compounds else ())
    run("empty_elements.yaml", compile_empties)
    run("ud.yaml", compile_ud)
    if roles and clauses:
        used = (clauses.voice_roles | clauses.argument_roles | clauses.marker_roles | clauses.aux_roles
                | clauses.determiner_roles | clauses.subject_roles | clauses.subject_aux_roles | clauses.subject_transparent_roles
                | {r.surface for r in clauses.logical} | {r.logical for r in clauses.logical})
        for role in sorted(used - inventory):
            problems.append(RuleProblem("clauses.yaml", None, None,
                                        f"role '{role}' is not in the role inventory of roles.yaml"))
    # Every label, tag, function tag, empty element and role a rule names is declared (vocabulary.py).
    problems.extend(vocabulary_problems(raw))
    if problems or any(v is None for v in compiled.values()):
        if not problems:
            problems.append(RuleProblem(str(directory), None, None, "a rule file could not be compiled"))
        raise RuleFileError(problems)
    return RuleSet(directory, treebank, compiled["heads.yaml"], compiled["coordination.yaml"],
                   compiled["compound_prepositions.yaml"], compiled["punctuation.yaml"], roles,
                   compiled["pos_corrections.yaml"], clauses, compiled["categories.yaml"], compiled["baseforms.yaml"],
                   order, compiled["empty_elements.yaml"], compiled["ud.yaml"])
