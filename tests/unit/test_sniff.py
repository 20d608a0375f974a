"""What a file holds, from its content (formats/sniff.py), and the output
format an `-o` name asks for (formats/registry.py)."""
from __future__ import annotations

import gzip

import pytest

from ptb2fd.errors import UsageError
from ptb2fd.formats.registry import choose_format
from ptb2fd.formats.sniff import CONLLUP, EMPTY, JSONL, OTHER, PARQUET, TREES, describe, sniff_file


@pytest.mark.parametrize("text, kind", [
    ("( (S (NP-SBJ (PRP It)) (VP (VBD rose))) )\n", TREES),
    ("# file: a.mrg\n# a comment\n\n( (S (NP-SBJ (PRP It)) (VP (VBD rose))) )\n", TREES),
    ("(ROOT (S (NP (PRP It)) (VP (VBD rose))))\n", TREES),
    ('{"id":"a:1","tokens":[]}\n', JSONL),
    ("\ufeff\n\n  {\"id\": 1}\n", JSONL),
    ("# global.columns = ID FORM LEMMA\n# sent_id = a:1\n", CONLLUP),
    ("# a.mrg:1\n( / rose\n  :subject It)\n", OTHER),  # the paper's notation
    ("# sent_id = 1\n# text = It rose\n1\tIt\tit\tPRON\n", OTHER),  # plain CoNLL-U
    ("", EMPTY),
    ("\n  \n\t\n", EMPTY),
    ("# only a comment\n", EMPTY),
])
def test_sniff_by_content(tmp_path, text, kind):
    path = tmp_path / "x.jsonl"  # the name says nothing
    path.write_text(text, encoding="utf-8")
    assert sniff_file(str(path))[0] == kind
    path.write_bytes(gzip.compress(text.encode("utf-8")))
    assert sniff_file(str(path))[0] == kind


def test_parquet_by_its_magic(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_bytes(b"PAR1" + b"\0" * 20)
    assert sniff_file(str(path))[0] == PARQUET


@pytest.mark.parametrize("line, says", [
    ("# a.mrg:1", "the paper's notation"), ("( / rose", "the paper's notation"),
    ("1\tIt\tit", "plain CoNLL-U"), ("<html>", "XML or HTML"), ("\x00\x01", "binary data"),
])
def test_describe(line, says):
    assert says in describe(line)


@pytest.mark.parametrize("output, given, folder, chosen", [
    ("c.jsonl", None, False, ("jsonl", False)),
    ("c.JSONL.GZ", None, False, ("jsonl", True)),
    ("c.jsonl.gz", "jsonl", False, ("jsonl", True)),
    ("c.conllup", None, False, ("conllup", False)),
    ("c.parquet", None, False, ("parquet", False)),
    ("c.halogen", None, False, ("halogen", False)),
    (None, None, False, ("jsonl", False)),
    ("-", "parquet", False, ("parquet", False)),
    ("out/", "conllup", True, ("conllup", False)),
    ("out/", None, True, ("jsonl", False)),
    ("noext", None, False, ("jsonl", False)),
    ("notes.txt", "halogen", False, ("halogen", False)),
    ("corpus.conllu", None, False, ("conllu", False)),
])
def test_the_name_decides_the_format(output, given, folder, chosen):
    assert choose_format(output, given, folder) == chosen


@pytest.mark.parametrize("output, given, message", [
    ("c.jsonl", "parquet", "--format parquet contradicts -o c.jsonl, a jsonl name"),
    ("c.parquet", "conllup", "--format conllup contradicts -o c.parquet, a parquet name"),
    ("c.json", None, "-o c.json: the name says no format ptb2fd writes"),
    ("c.conllu", "conllup", "--format conllup contradicts -o c.conllu, a conllu name"),
])
def test_a_name_and_a_format_that_disagree(output, given, message):
    with pytest.raises(UsageError, match="^" + message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        choose_format(output, given)
