"""One corpus, three formats: JSONL -> CoNLL-U Plus -> Parquet -> JSONL gives
back every record field for field, with its sentence's fields (unknown
labels, predicted function tags, markup removed, provenance), on generated
records (nulls, odd Unicode, nested coordination), on the sample and on GUM;
and what `convert RECORDS -o OTHER` writes is that chain."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptb2fd.formats import conllup, jsonl
from ptb2fd.formats.conllup_read import read_conllup
from ptb2fd.formats.parquet import ParquetSentenceWriter, file_provenance
from ptb2fd.formats.parquet_read import read_parquet
from ptb2fd.record import Sentence, Token

# the shared GUM trees beside the repository (../shared), as CI lays them out
GUM = Path(__file__).resolve().parents[3] / "shared" / "treebanks" / "gum" / "const"
ODD = ["_", "", " ", "1 1/2", "because of", "\\", "\\_", "\\e", "a\tb", "a\nb", "\r", '"', "=", ",", "#",
       "# x", "é", "日本", "\u2028", "\x85", "\xa0", "-", "{}", "[1]"]
words = st.one_of(st.sampled_from(ODD), st.text(max_size=6))
opt_words = st.none() | words
small = st.integers(-10**5, 10**5)
opt_small = st.none() | small
counts = st.integers(1, 50)


def chain(sentences: list[Sentence], tmp: Path) -> list[Sentence]:
    """JSONL -> CoNLL-U Plus -> Parquet -> JSONL, through files as the commands write them."""
    text = "".join(jsonl.dump_sentence(s) + "\n" for s in sentences)
    from_jsonl = list(jsonl.read_jsonl(io.StringIO(text)))
    conll = conllup.header() + "".join(conllup.dump_sentence(s) for s in from_jsonl)
    from_conllup = list(read_conllup(conll))
    path = tmp / "chain.parquet"
    with ParquetSentenceWriter(str(path)) as writer:
        for s in from_conllup:
            writer.add(s)
    from_parquet = [s for _, s in read_parquet(str(path))]
    back = "".join(jsonl.dump_sentence(s) + "\n" for s in from_parquet)
    assert back == text  # byte for byte, provenance included
    return list(jsonl.read_jsonl(io.StringIO(back)))


def same(a: list[Sentence], b: list[Sentence]) -> None:
    """Equal field for field, sentence fields and provenance (not compared by ==) too."""
    assert a == b
    assert [s.provenance for s in a] == [s.provenance for s in b]


@st.composite
def coordinated(draw, n: int):
    """Junction fields of nested coordination: junction 1 joins conjuncts
    that hold junction 2 ("cats and dogs or birds and fish")."""
    out = []
    for i in range(1, n + 1):
        j = draw(st.sampled_from([None, 1, 2]))
        out.append(dict(junction=j, junction_position=None if j is None else draw(st.integers(1, 3)),
                        conj_anchor=None if j is None else draw(st.integers(1, n)),
                        conj_sibling=None if j is None else draw(st.none() | st.integers(1, n))))
    return out


@st.composite
def sentences(draw, sid: str):
    n = draw(st.integers(1, 5))
    coord = draw(coordinated(n))
    tokens = [Token(id=i, word=draw(words), base=draw(words), cat=draw(words), cat0=draw(words),
                    cat1=draw(opt_words), tense=draw(opt_words), pn=draw(opt_words), head=draw(small),
                    role=draw(words), logicalrole=draw(words), rolemarker=draw(opt_words),
                    direction=draw(opt_words), rp=draw(opt_small), ap=draw(small), **coord[i - 1],
                    grouptype=draw(words), subject_position=draw(opt_words), position_class=draw(opt_words),
                    compound=draw(opt_small), compound_position=draw(opt_small), phrase=draw(words),
                    rule=draw(words), head_rule=draw(words), corrected=draw(opt_words),
                    rules=draw(st.lists(words, max_size=3))) for i in range(1, n + 1)]
    unknown = draw(st.none() | st.dictionaries(words, counts, min_size=1, max_size=2))
    # (in the order the converter writes their keys)
    functions = draw(st.none() | st.builds(lambda m, t, e: {"model": m, "tags": t, "empty_elements": e},
                                           words, counts, counts))
    made = draw(st.none() | st.builds(
        lambda v, r, h, f, m: {"ptb2fd": v, "rules": r, "rules_sha256": h, "functions": f, "function_model": m,
                               "created": "2026-11-28T01:02:03Z"},
        words, words, st.text("0123456789abcdef", min_size=64, max_size=64),
        st.sampled_from(["auto", "gold", "infer", "complete"]), opt_words))
    return Sentence(sid, tokens, unknown, functions, draw(st.none() | counts), made)


@settings(max_examples=60, deadline=None)
@given(st.lists(words, min_size=1, max_size=4, unique=True).flatmap(
    lambda ids: st.tuples(*[sentences(sid) for sid in ids])))
def test_generated_records_survive_the_three_formats(tmp_path_factory, sents):
    sents = list(sents)
    same(chain(sents, tmp_path_factory.mktemp("chain")), sents)


def test_parquet_metadata_holds_the_file_provenance(converter, tmp_path):
    s = converter.convert_text("( (S (NP-SBJ (PRP It)) (VP (VBD rose)) (CODE (SYM SpeakerA1))) )", "t.mrg:1")
    path = tmp_path / "t.parquet"
    with ParquetSentenceWriter(str(path)) as writer:
        writer.add(s)
    assert file_provenance(str(path)) == s.provenance
    assert s.markup == 1 and s.provenance["functions"] == "auto"
    assert s.provenance["rules"] == "rules" and len(s.provenance["rules_sha256"]) == 64


@pytest.mark.sample
def test_the_sample_survives_the_three_formats(sample_sentences, tmp_path):
    same(chain(sample_sentences, tmp_path), sample_sentences)


@pytest.mark.slow
@pytest.mark.skipif(not GUM.is_dir(), reason="the shared GUM trees are not on this machine")
def test_gum_survives_the_three_formats_by_the_commands(tmp_path, cli):
    """convert GUM, then re-export JSONL -> CoNLL-U Plus -> Parquet -> JSONL with the command."""
    first = tmp_path / "gum.jsonl"
    assert cli("convert", str(GUM), "-o", str(first), "--quiet", "--jobs", "2")[0] == 0
    for src, dst in (("gum.jsonl", "gum.conllup"), ("gum.conllup", "gum.parquet"), ("gum.parquet", "back.jsonl")):
        code, _, err = cli("convert", str(tmp_path / src), "-o", str(tmp_path / dst))
        assert code == 0, err
    assert (tmp_path / "back.jsonl").read_bytes() == first.read_bytes()
    stats = {name: json.loads(cli("stats", str(tmp_path / name), "--json")[1])
             for name in ("gum.jsonl", "gum.conllup", "gum.parquet")}
    assert stats["gum.jsonl"]["sentences"] == 4636
    assert stats["gum.jsonl"] == stats["gum.conllup"] == stats["gum.parquet"]
