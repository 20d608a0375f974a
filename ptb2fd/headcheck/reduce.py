"""Reduce a dependency tree to content-word attachments.

ptb2fd and the Collins table disagree by design on who heads a PP ("in"
or its object), an SBAR, an auxiliary chain ("would" or "sell") and a
coordination; comparing all edges would count those conventions, not
errors. Both trees are therefore reduced the same way, to edges between
content words (content_words.yaml):

- a function word f stands for `rep(f)`: the representative of its last
  dependent to its right (punctuation skipped), so "would" in "would sell
  X" stands for "sell" and "in" in "in the house" for "house"; with no
  right dependent, of its nearest left one (the table heads "(NP Chrysler
  Corp. 's)" with "'s", which stands for "Corp."); with neither, nothing;
- the reduced head of a content word w: walk up from w's head; a content
  word is the answer; a function word f answers rep(f) unless that is w
  itself (w is f's complement: keep walking) or nothing.

So "it would sell" gives it -> sell in both conventions (Collins: it ->
would, rep(would) = sell), and "ABC came in first" gives first -> came.
Known blind spots: a head error between two function words, or one that
only moves a function word, is not seen; a function word with a right
adjunct after its complement stands for the adjunct ("from X a year
earlier": the table's "from" stands for "earlier"), a disagreement that is
the reduction's, not either finder's. (Taking the first right dependent
instead breaks "$ 100 million", where the amount is last.)
"""
from __future__ import annotations


def reduced_heads(words: list[str], tags: list[str], heads: list[int], is_function, is_punct) -> list[int | None]:
    """For each word, its content-word head (-1 for the root), or None for a
    function word or punctuation (not compared)."""
    n = len(words)
    right_deps: list[list[int]] = [[] for _ in range(n)]
    left_dep: list[int | None] = [None] * n  # the nearest left dependent
    for d, h in enumerate(heads):
        if h >= 0 and not is_punct(d):
            if d > h:
                right_deps[h].append(d)
            else:
                left_dep[h] = d
    rep: dict[int, int | None] = {}

    def representative(f: int) -> int | None:
        seen = []
        cur: int | None = f
        while cur is not None and is_function(cur):
            if cur in rep:
                cur = rep[cur]
                break
            if cur in seen:  # cannot happen in a tree; a guard for bad input
                cur = None
                break
            seen.append(cur)
            cur = right_deps[cur][-1] if right_deps[cur] else left_dep[cur]
        for s in seen:
            rep[s] = cur
        return cur

    out: list[int | None] = [None] * n
    for w in range(n):
        if is_function(w) or is_punct(w):
            continue
        h = heads[w]
        steps = 0
        while h >= 0 and steps <= n:
            steps += 1
            if is_punct(h):
                h = heads[h]
                continue
            if not is_function(h):
                break
            r = representative(h)
            if r is not None and r != w:
                h = r
                break
            h = heads[h]
        out[w] = h
    return out
