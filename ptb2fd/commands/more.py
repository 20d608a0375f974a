"""The end of a truncated list in a command's text output.

Every list a command cuts short ends with a line saying how much was left
out, so 30 sentences listed of 37 read "… 7 more", never as the whole list.
"""
from __future__ import annotations


def more(total: int, shown: int, indent: str = "  ") -> list[str]:
    """["  … 7 more"] when `shown` of `total` items were listed, else []."""
    return [f"{indent}… {total - shown} more"] if total > shown else []


def first(items, limit: int) -> list:
    """The first `limit` items (a negative or zero limit lists none)."""
    return list(items)[:max(0, limit)]
