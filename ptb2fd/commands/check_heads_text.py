"""The text report of `check-heads --reference` (the JSON one is
ReferenceCheck.to_dict)."""
from __future__ import annotations

from ptb2fd.commands.more import more
from ptb2fd.headcheck.compare import percent
from ptb2fd.headcheck.reference import ReferenceCheck, Tally
from ptb2fd.headcheck.reference_scheme import SchemeTable


def _line(name: str, t: Tally) -> str:
    conv = sum(t.conventions.values())
    return (f"{name:<22} compared {t.compared:6d}  agree {t.agree:6d}  conventions {conv:5d}  errors {t.errors:5d}  "
            f"agreement {percent(t.agreement, 6)}")


def render_reference(check: ReferenceCheck, table: SchemeTable, limit: int) -> str:
    lines = [f"reference scheme {check.scheme}; trees {check.sentences} (failed {check.failed}, not aligned "
             f"{check.unaligned}); reference sentences {check.reference_sentences} (unreadable "
             f"{check.reference_errors}); copulas turned round {check.copulas_turned}",
             "content words of both analyses; agreement = agree / (agree + errors), conventions set apart", "",
             _line("outside coordination", check.outside), _line("inside coordination", check.inside),
             _line("all", check.total), "", "convention differences (not errors):"]
    about = {c.id: c.about for c in table.conventions}
    for cid, count in check.total.conventions.most_common():
        lines.append(f"{count:6d}  {cid}: {about.get(cid, '')}")
        lines.extend(f"          {ex}" for ex in check.convention_examples[cid])
    lines += ["", "by reference relation:"]
    for label, t in sorted(check.by_label.items(), key=lambda kv: -kv[1].compared)[:limit]:
        lines.append("  " + _line(label, t))
    lines += more(len(check.by_label), limit, "    ")
    lines += ["", "by ptb2fd role:"]
    for role, t in sorted(check.by_role.items(), key=lambda kv: -kv[1].compared)[:limit]:
        lines.append("  " + _line(role, t))
    lines += more(len(check.by_role), limit, "    ")
    lines += ["", "disagreement patterns (most frequent first; role/relation tag: heads' tags):"]
    for pattern, count in check.patterns.most_common(limit):
        lines.append(f"{count:6d}  {pattern}")
        lines.extend(f"          {ex}" for ex in check.examples[pattern])
    lines += more(len(check.patterns), limit, "      ")
    if check.unaligned_ids:
        lines += ["", f"trees without a reference sentence of the same words ({check.unaligned}): "
                  + ", ".join(check.unaligned_ids[:limit])]
        lines += more(check.unaligned, min(limit, len(check.unaligned_ids)))
    return "\n".join(lines)
