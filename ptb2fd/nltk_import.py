"""nltk without scipy: `load_nltk()` before any `import nltk…`.

nltk's package `__init__` imports nearly all of its subpackages, whatever
one asks for (`from nltk.tree import Tree` too). Several of those import
scipy, unused by ptb2fd, inside `try: … except ImportError`:
`nltk.metrics.association` imports `scipy.stats` (0.7 s of CPU, a thousand
modules) for `fisher_exact`, `nltk.metrics.scores` for `betai`,
`nltk.translate.gale_church` for `norm`, and, once numpy is loaded,
`nltk.parse.transitionparser` imports `scipy.sparse`; `nltk/__init__`
imports numpy only to load `nltk.cluster`. `load_nltk()` imports nltk once
with scipy and numpy hidden, so nltk takes its own fallbacks (a
`fisher_exact` that raises NotImplementedError, no `nltk.cluster`
attribute), then unhides them: the code that needs scipy or numpy (the
statistical realizer, the error analysis, lemminflect) imports them as usual
afterwards. Where one is already loaded, nltk gets it as usual.

May import: nothing of ptb2fd.
"""
from __future__ import annotations

import sys
import threading

# Imported by nltk's modules only for what ptb2fd never calls (see above).
HIDDEN = ("scipy", "numpy")

_lock = threading.Lock()


def load_nltk():
    """The nltk package, imported without scipy and numpy if it is not loaded yet."""
    nltk = sys.modules.get("nltk")
    if nltk is not None:
        return nltk
    with _lock:
        if "nltk" in sys.modules:
            return sys.modules["nltk"]
        hidden = [name for name in HIDDEN if name not in sys.modules]
        for name in hidden:
            sys.modules[name] = None  # `import name` (and its submodules) now raise ImportError
        try:
            import nltk
        finally:
            for name in hidden:
                if name in sys.modules and sys.modules[name] is None:
                    del sys.modules[name]
    return nltk
