"""The progress bar of a conversion (on a terminal's stderr; not with
--quiet), against a total wherever one is known before the work:

- trees converted here, one result at a time: the bar counts input files
  ("3/199 file") when there are several, with the trees so far beside it;
  one file or standard input has no known total, so the bar counts trees;
- partitions written by workers (`-o DIR/`, `--jobs 2` to a file, Dask):
  the bar counts input bytes, the partition sizes, with the trees beside.

A disabled bar costs one test per tree.
"""
from __future__ import annotations

import sys

EVERY = 64  # trees between updates of the "N trees" beside a bar of files or bytes


class Progress:
    def __init__(self, enabled: bool, file=None):
        self.enabled, self.file = enabled, file
        self.bar = None
        self.trees = 0
        self.source: str | None = None
        self.by_file = False

    def _open(self, **kw) -> None:
        from tqdm import tqdm

        self.bar = tqdm(file=self.file or sys.stderr, dynamic_ncols=True, leave=False, **kw)

    def files(self, count: int) -> "Progress":
        """A bar for trees converted here from `count` inputs."""
        if self.enabled:
            self.by_file = count > 1
            self._open(total=count, unit="file") if self.by_file else self._open(unit="tree")
        return self

    def tree(self, source: str) -> None:
        """One result, from the input named `source`."""
        if self.bar is None:
            return
        self.trees += 1
        if not self.by_file:
            self.bar.update(1)
            return
        if source != self.source:
            if self.source is not None:
                self.bar.update(1)  # the file before is done
            self.source = source
        if self.trees % EVERY == 0:
            self.bar.set_postfix_str(f"{self.trees} trees", refresh=False)

    def total_bytes(self, nbytes: int) -> "Progress":
        """A bar for partitions of `nbytes` input bytes in all."""
        if self.enabled:
            self._open(total=nbytes or None, unit="B", unit_scale=True)
        return self

    def part(self, trees: int, nbytes: int) -> None:
        """One partition done: its trees and its input bytes."""
        if self.bar is None:
            return
        self.trees += trees
        self.bar.set_postfix_str(f"{self.trees} trees", refresh=False)
        self.bar.update(nbytes)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
