"""The package layout: the layering each subpackage declares, import cycles,
the number of top-level modules and the size of modules.

Each subpackage's `__init__` docstring (and each top-level module's
docstring) has a line `May import: a, b, c.` naming the other parts of
ptb2fd it may import. These tests read those lines and the import
statements of every module (those under `if TYPE_CHECKING:` excepted:
annotations only), so the docstrings cannot drift from the code.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "ptb2fd"
MAX_TOP_LEVEL_MODULES = 8
MAX_MODULE_LINES = 320  # "no module much over 300 lines"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def part_of(module: str) -> str:
    """The top-level part a module belongs to: 'trees' for
    ptb2fd.trees.reader, 'cli' for ptb2fd.cli, '' for ptb2fd itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
    return skipped


def imports_of(path: Path) -> set[str]:
    """The ptb2fd modules a module imports, at module level or inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import (use ptb2fd.… absolute imports)"
            if node.module and node.module.split(".")[0] == "ptb2fd":
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    found.add(sub if sub in MODULES else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "ptb2fd")
    return found


GRAPH = {name: imports_of(path) for name, path in MODULES.items()}


def declared_layers() -> dict[str, set[str]]:
    """part -> the parts its docstring says it may import."""
    layers: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        part = part_of(name)
        is_top = name.count(".") == 1 and (path.name == "__init__.py" or path.parent == PACKAGE)
        if not part or not is_top:
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        match = re.search(r"^May import:\s*(.+?)\.?\s*$(?:\n^(?!\s*$).+$)*", doc, re.M)
        assert match, f"{path}: the docstring has no 'May import:' line"
        text = " ".join(match.group(0).split("\n"))[len("May import:"):]
        layers[part] = set() if "nothing" in text else {w.strip(" .") for w in text.split(",") if w.strip(" .")}
    return layers


LAYERS = declared_layers()


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: the components of more than one node."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def test_every_part_declares_its_layer():
    parts = {part_of(n) for n in MODULES if part_of(n)}
    assert parts == set(LAYERS), f"parts without a 'May import:' line: {sorted(parts - set(LAYERS))}"
    for part, allowed in LAYERS.items():
        assert allowed <= set(LAYERS), f"{part} may import unknown parts {sorted(allowed - set(LAYERS))}"


def test_no_import_cycle_between_modules():
    assert strongly_connected(GRAPH) == []


def test_declared_layers_form_no_cycle():
    assert strongly_connected(LAYERS) == []


def violations(graph: dict[str, set[str]], layers: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(module, imported module) where the module's part does not declare
    the imported one's part. Imports within a part are free."""
    return sorted((module, target) for module, targets in graph.items() if part_of(module)
                  for target in targets
                  if part_of(target) and part_of(target) != part_of(module)
                  and part_of(target) not in layers[part_of(module)])


def test_imports_follow_the_declared_layers():
    assert violations(GRAPH, LAYERS) == []


def test_at_most_eight_top_level_modules():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top


def test_no_module_much_over_300_lines():
    long = {name: n for name, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_layering_check_catches_a_wrong_import():
    """The checks above can fail: a part importing one it does not declare
    (trees importing the conversion) is caught."""
    graph = dict(GRAPH)
    graph["ptb2fd.trees.reader"] = GRAPH["ptb2fd.trees.reader"] | {"ptb2fd.conversion.converter"}
    assert violations(graph, LAYERS) == [("ptb2fd.trees.reader", "ptb2fd.conversion.converter")]
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_test_files_are_named_by_what_they_test():
    """Not by when they were written: no batch numbers, no 'fixes'."""
    tests = Path(__file__).resolve().parents[1]
    bad = sorted(str(p.relative_to(tests)) for p in tests.rglob("test_*.py")
                 if re.search(r"\d|fixes|batch|_dev_", p.stem))
    assert bad == []
