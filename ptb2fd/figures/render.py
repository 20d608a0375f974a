"""docs/figures.md from the sections: a header naming the commit, date and
machine, then one table per section. Each row names the command (as a user
types it), data, split, view and realizer."""
from __future__ import annotations

HEADER = """# Figures

Measured by `make figures` (`python -m ptb2fd.figures -o docs/figures.md`): do not edit by hand.
Commit **{commit}**, {when}, {machine}. Dev is wsj_0001–0099 (every rule was tuned there);
test is wsj_0100–0199, which plays Section 23 (reported, never tuned on).
"""


def _cell(value) -> str:
    return str(value).replace("|", "\\|")


def tables(figures) -> list[str]:
    """One table per run of rows with the same value columns."""
    out: list[str] = []
    group: list = []
    for f in figures:
        if group and list(f.values) != list(group[0].values):
            out += table(group) + [""]
            group = []
        group.append(f)
    return out + table(group) if group else out


def table(figures) -> list[str]:
    keys = list(figures[0].values)
    head = ["", *keys, "data", "split", "view", "realizer", "command"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for f in figures:
        cells = [f.what, *(f.values.get(k, "") for k in keys), f.data, f.split, f.view, f.realizer,
                 f"`{f.command}`"]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return lines


def render(sections, commit: str, when: str, machine: str, skipped: list[str]) -> str:
    out = [HEADER.format(commit=commit, when=when, machine=machine)]
    if skipped:
        out.append(f"Sections left out of this run: {', '.join(skipped)}.\n")
    out.append("Contents: " + ", ".join(f"[{s.title}](#{s.name})" for s in sections) + ".\n")
    for s in sections:
        out += [f'<a id="{s.name}"></a>', f"## {s.title}", "", s.about, "", *tables(s.figures), ""]
    return "\n".join(out).rstrip() + "\n"
