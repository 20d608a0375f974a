"""The function-tag model: one file, loaded once, applied to a tree.

A log-linear (maximum entropy) classifier over the function tags a phrase
can carry (Blaheta & Charniak 2000): each class is a set of Penn function
tags ("SBJ", "LOC-PRD", none), each phrase of a tree gets the class whose
summed feature weights (features.py) are highest. Phrases are tagged
independently.

The file is a zip archive written byte for byte the same from the same
training data: `meta.json` (format, version, name, classes, word classes, gate, head
table, what it was trained on), `features.txt` (one feature per line, its
template and fields joined by spaces: no field holds white space, words
being tree leaves) and
`weights.npy` (float16, one row per feature plus a bias row first, one
column per class). Its `name` ("wsj-dev@1f2e3d4c": the file name and a
digest of the model) is what records cite.
"""
from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ptb2fd.errors import Ptb2fdError
from ptb2fd.functions.features import TreeFeatures, structure_features, tag_features
from ptb2fd.functions.heads import HeadTable
from ptb2fd.trees.ptbtree import Label, Node

FORMAT = "ptb2fd-function-tags"
FORMAT_VERSION = 1
_DATE = (1980, 1, 1, 0, 0, 0)  # zip entries carry no time: the same model, the same bytes
STORED = "<f2"  # weights are stored as float16 (half the file; predictions measured the same)


def default_model_path() -> Path:
    """The model shipped with ptb2fd: trained on the sample's dev half."""
    return Path(__file__).resolve().parent / "models" / "wsj-dev.ftm"


class FunctionModelError(Ptb2fdError):
    """A model file that cannot be read (missing, damaged, another format)."""


def tags_of(cls: str) -> tuple[str, ...]:
    return tuple(cls.split("-")) if cls else ()


@dataclass
class FunctionModel:
    name: str
    classes: tuple[str, ...]
    word_classes: dict[str, frozenset[str]]
    features: dict[tuple[str, ...], int]  # feature -> row of `weights` (row 0 is the bias)
    weights: np.ndarray  # (features + 1) x classes
    training: dict
    gate: frozenset[tuple[str, str]]  # (category, parent category) of the phrases it tags
    heads: dict  # the head table of its features (heads.yaml)
    skip: frozenset[tuple[str, ...]] = frozenset()  # keys of phrases it does not look at (features.py)
    feature_set: int = 1  # 2: with the WordNet, length, place and sibling features (features.py)

    def tagger(self) -> "Tagger":
        return Tagger(self)

    def digest(self) -> str:
        """SHA-256 of what decides the predictions: classes, features, weights, gate, tables."""
        import hashlib

        h = hashlib.sha256()
        meta = dict(self.meta(), name="", training={})
        h.update(json.dumps(meta, sort_keys=True).encode("utf-8"))
        h.update("\n".join(" ".join(f) for f in sorted(self.features, key=self.features.get)).encode("utf-8"))
        h.update(np.ascontiguousarray(self.weights, dtype=STORED).tobytes())
        return h.hexdigest()

    def meta(self) -> dict:
        # a model of feature set 1 is written as before the sets were numbered
        extra = {"feature_set": self.feature_set} if self.feature_set != 1 else {}
        return {**extra, "format": FORMAT, "version": FORMAT_VERSION, "name": self.name, "classes": list(self.classes),
                "word_classes": {k: sorted(v) for k, v in sorted(self.word_classes.items())},
                "gate": sorted(f"{c}|{p}" for c, p in self.gate), "skip": sorted(" ".join(k) for k in self.skip),
                "heads": self.heads, "training": self.training}


class Tagger:
    """Predicts the function tags of every phrase of a tree."""

    def __init__(self, model: FunctionModel):
        self.model = model
        self.extract = TreeFeatures(HeadTable(model.heads).head_child, model.word_classes, model.gate, model.skip,
                                    rich=model.feature_set >= 2)
        self.labels: dict[tuple[str, int], Label] = {}  # (category, class) -> label
        # the weights with a row of zeros last, for the features the model has not seen
        self.weights = np.vstack([model.weights, np.zeros((1, model.weights.shape[1]), dtype=model.weights.dtype)])
        self.unseen_row = len(model.weights)
        self.tags = [tags_of(c) for c in model.classes]
        # structural keys (categories only: few, and they repeat) -> their rows
        self._structures: dict[tuple, tuple[int, ...]] = {}

    def predict(self, tree: Node) -> dict[int, tuple[str, ...]]:
        """id(phrase) -> predicted tags, for the phrases of `tree` given some."""
        index, unseen = self.model.features.get, self.unseen_row
        structures = self._structures
        if len(structures) > 200_000:  # bounded on a huge corpus
            structures.clear()
        nodes: list[Node] = []
        rows: list[int] = []
        starts: list[int] = []

        def emit(node: Node, skey: tuple, tkey: tuple, words: list) -> None:
            nodes.append(node)
            starts.append(len(rows))
            r = structures.get(skey)
            if r is None:  # the intercept's row 0 first, then the key's features'
                r = structures[skey] = (0, *self._rows(structure_features(skey)))
            rows.extend(r)
            # (tag keys hold words and seldom repeat: looked up each time; a
            # feature the model does not know adds its row of zeros)
            rows.extend([index(f, unseen) for f in tag_features(tkey)])
            rows.extend([index(f, unseen) for f in words])

        self.extract.walk(tree, emit)
        if not nodes:
            return {}
        scores = np.add.reduceat(self.weights[rows], starts, axis=0)
        tags = self.tags
        return {id(node): tags[b] for node, b in zip(nodes, scores.argmax(axis=1).tolist()) if tags[b]}

    def _rows(self, features: list[tuple[str, ...]]) -> tuple[int, ...]:
        """The rows of the features the model knows (a key's features give
        the same rows every time: what each key gave is kept; leaving out a
        feature it does not know gives the sum that its row of zeros gives)."""
        index = self.model.features
        return tuple(index[f] for f in features if f in index)

    def label(self, cat: str, tags: tuple[str, ...]) -> Label:
        """The label of a phrase with predicted tags, marked as inferred."""
        key = (cat, tags)
        lab = self.labels.get(key)
        if lab is None:
            lab = self.labels[key] = Label("-".join((cat, *tags)), cat, tags, inferred=True)
        return lab


def model_bytes(model: FunctionModel) -> bytes:
    """The model file's bytes: the same model, the same bytes (zip entries
    carry a fixed date and mode)."""
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, np.ascontiguousarray(model.weights, dtype=STORED), allow_pickle=False)
    order = sorted(model.features, key=model.features.get)
    entries = [("meta.json", (json.dumps(model.meta(), indent=1, sort_keys=True) + "\n").encode("utf-8")),
               ("features.txt", ("\n".join(" ".join(f) for f in order) + "\n").encode("utf-8")),
               ("weights.npy", buffer.getvalue())]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, _DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data, compresslevel=9)
    return out.getvalue()


def load_model(path: str | Path) -> FunctionModel:
    try:
        with zipfile.ZipFile(path) as archive:
            meta = json.loads(archive.read("meta.json"))
            if meta.get("format") != FORMAT or meta.get("version") != FORMAT_VERSION:
                raise FunctionModelError(f"{path}: not a ptb2fd function-tag model of version {FORMAT_VERSION}")
            names = archive.read("features.txt").decode("utf-8").split("\n")[:-1]
            weights = np.load(io.BytesIO(archive.read("weights.npy")), allow_pickle=False).astype(np.float32)
    except FileNotFoundError:
        raise FunctionModelError(f"{path}: no such model file") from None
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise FunctionModelError(f"{path}: not a readable function-tag model ({exc})") from None
    classes = tuple(meta["classes"])
    if weights.shape != (len(names) + 1, len(classes)):
        raise FunctionModelError(f"{path}: weights of shape {weights.shape} for {len(names)} features and "
                                 f"{len(classes)} classes")
    return FunctionModel(meta["name"], classes,
                         {k: frozenset(v) for k, v in meta["word_classes"].items()},
                         {tuple(f.split(" ")): i for i, f in enumerate(names, 1)}, weights, meta.get("training", {}),
                         frozenset(tuple(g.split("|", 1)) for g in meta.get("gate", [])), meta["heads"],
                         frozenset(tuple(k.split(" ")) for k in meta.get("skip", [])), int(meta.get("feature_set", 1)))
