"""The three output formats: JSONL, CoNLL-U Plus and the nested notation."""
from __future__ import annotations

import io
import json

import conllu
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptb2fd.errors import Location, TreeParseError
from ptb2fd.formats import conllup, halogen, jsonl
from ptb2fd.formats.conllup_read import read_conllup
from ptb2fd.record import FIELDS, Sentence, Token


def tok(id, word, base, cat, cat0, head, role, **kw) -> Token:
    values = dict(cat1=None, tense=None, pn=None, logicalrole=role, rolemarker=None, ap=id - 1,
                  direction=None if head == 0 else ("left" if id < head else "right"),
                  rp=None if head == 0 else abs(id - head))
    values.update(kw)
    return Token(id=id, word=word, base=base, cat=cat, cat0=cat0, head=head, role=role, **values)


def fleet() -> Sentence:
    """It would sell its aging fleet ."""
    return Sentence("wsj_0001.mrg:1", [
        tok(1, "It", "it", "PRP", "pro", 3, "subject", cat1="personal", pn="s", grouptype="np", phrase="NP",
            rule="R-subject", head_rule="H-S"),
        tok(2, "would", "would", "MD", "v", 3, "modal", cat1="modal", phrase="MD", rule="R-modal",
            head_rule="H-VP"),
        tok(3, "sell", "sell", "VB", "v", 0, "top", cat1="infinitive", grouptype="clause",
            subject_position="before", phrase="S", rule="R-top", head_rule="H-S"),
        tok(4, "its", "it", "PRP$", "det", 6, "withinmod", cat1="possessive", phrase="PRP$", rule="R-withinmod",
            head_rule="H-NP"),
        tok(5, "aging", "age", "VBG", "adj", 6, "withinmod", cat1="present-participle", phrase="VBG",
            rule="R-withinmod", head_rule="H-NP", corrected="VBG>JJ", rules=["C-vbg-prenominal", "F-np"]),
        tok(6, "fleet", "fleet", "NN", "n", 3, "object", cat1="common", pn="s", grouptype="np", phrase="NP",
            rule="R-object", head_rule="H-VP"),
        tok(7, ".", ".", ".", "punc", 3, "rightpunc", phrase=".", rule="P-final", head_rule="H-S"),
    ])


def coordination() -> Sentence:
    """Sales and profits rose ."""
    return Sentence("wsj_0002.mrg:3", [
        tok(1, "Sales", "sale", "NNS", "n", 4, "subject", cat1="common", pn="p", junction=1, junction_position=1,
            conj_anchor=2, grouptype="np", phrase="NP", rule="R-subject", head_rule="H-S", rules=["J-np"]),
        tok(2, "and", "and", "CC", "conj", 1, "junction-marker", junction=1, phrase="CC", rule="J-np",
            head_rule="H-NP", rules=["J-np"]),
        tok(3, "profits", "profit", "NNS", "n", 1, "subject", cat1="common", pn="p", junction=1,
            junction_position=2, conj_anchor=2, conj_sibling=1, grouptype="np", phrase="NP", rule="J-np",
            head_rule="H-NP", rules=["J-np"]),
        tok(4, "rose", "rise", "VBD", "v", 0, "top", cat1="indicative", tense="past", grouptype="clause",
            subject_position="before", phrase="S", rule="R-top", head_rule="H-S"),
        tok(5, ".", ".", ".", "punc", 4, "rightpunc", phrase=".", rule="P-final", head_rule="H-S"),
    ])


def because_of() -> Sentence:
    """He left because of the rain ."""
    return Sentence("wsj_0003.mrg:12", [
        tok(1, "He", "he", "PRP", "pro", 2, "subject", cat1="personal", pn="s", grouptype="np", phrase="NP",
            rule="R-subject", head_rule="H-S"),
        tok(2, "left", "leave", "VBD", "v", 0, "top", cat1="indicative", tense="past", grouptype="clause",
            subject_position="before", phrase="S", rule="R-top", head_rule="H-S"),
        tok(3, "because", "because", "IN", "prep", 6, "rolemarker", compound=1, compound_position=1, phrase="PP",
            rule="R-rolemarker", head_rule="H-PP", rules=["K-because-of"]),
        tok(4, "of", "of", "IN", "prep", 6, "rolemarker", compound=1, compound_position=2, phrase="PP",
            rule="R-rolemarker", head_rule="H-PP", rules=["K-because-of"]),
        tok(5, "the", "the", "DT", "det", 6, "determiner", cat1="definite", phrase="DT", rule="R-determiner",
            head_rule="H-NP"),
        tok(6, "rain", "rain", "NN", "n", 2, "adverbial", logicalrole="adverbial", cat1="common", pn="s",
            rolemarker="because of", grouptype="np", position_class="post-verbal", phrase="PP",
            rule="R-adverbial", head_rule="H-VP"),
        tok(7, ".", ".", ".", "punc", 2, "rightpunc", phrase=".", rule="P-final", head_rule="H-S"),
    ])


def odd_words() -> Sentence:
    """Raw treebank tokens with spaces, `_`, backslashes, quotes and tabs."""
    return Sentence("odd.mrg:1", [
        tok(1, "1 1/2", "1 1/2", "CD", "num", 2, "quantity", phrase="QP"),
        tok(2, "_", "_", "NN", "n", 0, "top", cat1="_", pn="", rolemarker="", phrase="NP", rules=["_", "", "a,b"]),
        tok(3, 'say "(hi)"', "a\\sb", "NN", "n", 2, "withinmod", rolemarker="because of", phrase="a\tb",
            corrected="x|y=z", rule=" lead trail ", head_rule="\\"),
        tok(4, "é\u2028\x85\xa0!", "\n", "SYM", "sym", 2, "rightpunc", tense="a=b|c", rules=[" ", "\\e"]),
    ])


ALL = [fleet, coordination, because_of, odd_words]


# JSONL ---------------------------------------------------------------------

FLEET_JSONL = (
    '{"id":"wsj_0001.mrg:1","tokens":['
    '{"id":1,"word":"It","base":"it","cat":"PRP","cat0":"pro","cat1":"personal","tense":null,"pn":"s",'
    '"head":3,"role":"subject","logicalrole":"subject","rolemarker":null,"direction":"left","rp":2,"ap":0,'
    '"junction":null,"junction_position":null,"conj_anchor":null,"conj_sibling":null,"grouptype":"np",'
    '"subject_position":null,"position_class":null,"compound":null,"compound_position":null,"phrase":"NP",'
    '"rule":"R-subject","head_rule":"H-S","corrected":null,"rules":[]},'
    '{"id":2,"word":"would","base":"would","cat":"MD","cat0":"v","cat1":"modal","tense":null,"pn":null,'
    '"head":3,"role":"modal","logicalrole":"modal","rolemarker":null,"direction":"left","rp":1,"ap":1,'
    '"junction":null,"junction_position":null,"conj_anchor":null,"conj_sibling":null,"grouptype":"other",'
    '"subject_position":null,"position_class":null,"compound":null,"compound_position":null,"phrase":"MD",'
    '"rule":"R-modal","head_rule":"H-VP","corrected":null,"rules":[]},'
    '{"id":3,"word":"sell","base":"sell","cat":"VB","cat0":"v","cat1":"infinitive","tense":null,"pn":null,'
    '"head":0,"role":"top","logicalrole":"top","rolemarker":null,"direction":null,"rp":null,"ap":2,'
    '"junction":null,"junction_position":null,"conj_anchor":null,"conj_sibling":null,"grouptype":"clause",'
    '"subject_position":"before","position_class":null,"compound":null,"compound_position":null,"phrase":"S",'
    '"rule":"R-top","head_rule":"H-S","corrected":null,"rules":[]},'
    '{"id":4,"word":"its","base":"it","cat":"PRP$","cat0":"det","cat1":"possessive","tense":null,"pn":null,'
    '"head":6,"role":"withinmod","logicalrole":"withinmod","rolemarker":null,"direction":"left","rp":2,"ap":3,'
    '"junction":null,"junction_position":null,"conj_anchor":null,"conj_sibling":null,"grouptype":"other",'
    '"subject_position":null,"position_class":null,"compound":null,"compound_position":null,"phrase":"PRP$",'
    '"rule":"R-withinmod","head_rule":"H-NP","corrected":null,"rules":[]},'
    '{"id":5,"word":"aging","base":"age","cat":"VBG","cat0":"adj","cat1":"present-participle","tense":null,'
    '"pn":null,"head":6,"role":"withinmod","logicalrole":"withinmod","rolemarker":null,"direction":"left",'
    '"rp":1,"ap":4,"junction":null,"junction_position":null,"conj_anchor":null,"conj_sibling":null,'
    '"grouptype":"other","subject_position":null,"position_class":null,"compound":null,'
    '"compound_position":null,"phrase":"VBG","rule":"R-withinmod","head_rule":"H-NP","corrected":"VBG>JJ",'
    '"rules":["C-vbg-prenominal","F-np"]},'
    '{"id":6,"word":"fleet","base":"fleet","cat":"NN","cat0":"n","cat1":"common","tense":null,"pn":"s",'
    '"head":3,"role":"object","logicalrole":"object","rolemarker":null,"direction":"right","rp":3,"ap":5,'
    '"junction":null,"junction_position":null,"conj_anchor":null,"conj_sibling":null,"grouptype":"np",'
    '"subject_position":null,"position_class":null,"compound":null,"compound_position":null,"phrase":"NP",'
    '"rule":"R-object","head_rule":"H-VP","corrected":null,"rules":[]},'
    '{"id":7,"word":".","base":".","cat":".","cat0":"punc","cat1":null,"tense":null,"pn":null,'
    '"head":3,"role":"rightpunc","logicalrole":"rightpunc","rolemarker":null,"direction":"right","rp":4,"ap":6,'
    '"junction":null,"junction_position":null,"conj_anchor":null,"conj_sibling":null,"grouptype":"other",'
    '"subject_position":null,"position_class":null,"compound":null,"compound_position":null,"phrase":".",'
    '"rule":"P-final","head_rule":"H-S","corrected":null,"rules":[]}]}'
)


def test_jsonl_golden():
    assert jsonl.dump_sentence(fleet()) == FLEET_JSONL


def test_jsonl_key_order_and_stability():
    s = because_of()
    line = jsonl.dump_sentence(s)
    assert "\n" not in line
    assert line == jsonl.dump_sentence(because_of())
    data = json.loads(line)
    assert list(data) == ["id", "tokens"]
    assert all(tuple(t) == FIELDS for t in data["tokens"])
    assert data["tokens"][5]["rolemarker"] == "because of"


def test_jsonl_line_separators_are_escaped():
    line = jsonl.dump_sentence(odd_words())
    assert line.splitlines() == [line]
    assert "\\u2028" in line and "\\u0085" in line and "é" in line  # ensure_ascii=False otherwise


@pytest.mark.parametrize("make", ALL)
def test_jsonl_round_trip(make):
    s = make()
    assert list(jsonl.read_jsonl([jsonl.dump_sentence(s)])) == [s]


def test_jsonl_reads_a_file_with_blank_lines():
    sentences = [make() for make in ALL]
    text = "\n".join(jsonl.dump_sentence(s) for s in sentences) + "\n\n"
    assert list(jsonl.read_jsonl(io.StringIO(text))) == sentences


@pytest.mark.parametrize("line, message, sent_id", [
    ('{"id": "a:1", "tokens": [', "bad JSON", "?"),
    ('[1, 2]', "JSON object", "?"),
    ('{"id": "a:1"}', "missing key(s): tokens", "a:1"),
    ('{"tokens": []}', "missing key(s): id", "?"),
    ('{"id": "a:1", "tokens": [], "text": "x"}', "unknown key(s): text", "a:1"),
    ('{"id": "a:1", "tokens": [{"id": 1, "color": "red"}]}', "unknown token field(s): color", "a:1"),
    ('{"id": "a:1", "tokens": [{"id": 1}]}', "missing token field(s): word", "a:1"),
])
def test_jsonl_bad_lines(line, message, sent_id):
    good = jsonl.dump_sentence(fleet())
    with pytest.raises(TreeParseError) as info:
        list(jsonl.read_jsonl([good, "", line], source="out.jsonl"))
    assert message in str(info.value)
    assert info.value.location == Location("out.jsonl", 3, sent_id)


def test_jsonl_wrong_types():
    data = json.loads(jsonl.dump_sentence(fleet()))
    for name, value in [("head", "3"), ("rp", 1.5), ("word", None), ("rules", "R1"), ("ap", True)]:
        bad = json.loads(json.dumps(data))
        bad["tokens"][1][name] = value
        with pytest.raises(TreeParseError, match=f"token 2: field '{name}'"):
            list(jsonl.read_jsonl([json.dumps(bad)]))


# CoNLL-U Plus --------------------------------------------------------------

FLEET_CONLLUP = """\
# global.columns = ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC PTB2FD:CAT0 PTB2FD:CAT1 PTB2FD:TENSE \
PTB2FD:PN PTB2FD:LOGICALROLE PTB2FD:ROLEMARKER PTB2FD:DIRECTION PTB2FD:RP PTB2FD:AP PTB2FD:JUNCTION PTB2FD:JUNCTION_POSITION PTB2FD:CONJ_ANCHOR \
PTB2FD:CONJ_SIBLING PTB2FD:GROUPTYPE PTB2FD:SUBJECT_POSITION PTB2FD:POSITION_CLASS PTB2FD:COMPOUND \
PTB2FD:COMPOUND_POSITION PTB2FD:PHRASE PTB2FD:RULE PTB2FD:HEAD_RULE PTB2FD:CORRECTED PTB2FD:RULES
# sent_id = wsj_0001.mrg:1
# text = It would sell its aging fleet .
1	It	it	PRON	PRP	_	3	subject	_	_	pro	personal	_	s	subject	_	left	2	0	_	_	_	_	np	_	_	_	_	NP	R-subject	H-S	_	_
2	would	would	AUX	MD	_	3	modal	_	_	v	modal	_	_	modal	_	left	1	1	_	_	_	_	other	_	_	_	_	MD	R-modal	H-VP	_	_
3	sell	sell	VERB	VB	_	0	top	_	_	v	infinitive	_	_	top	_	_	_	2	_	_	_	_	clause	before	_	_	_	S	R-top	H-S	_	_
4	its	it	PRON	PRP$	_	6	withinmod	_	_	det	possessive	_	_	withinmod	_	left	2	3	_	_	_	_	other	_	_	_	_	PRP$	R-withinmod	H-NP	_	_
5	aging	age	ADJ	VBG	_	6	withinmod	_	_	adj	present-participle	_	_	withinmod	_	left	1	4	_	_	_	_	other	_	_	_	_	VBG	R-withinmod	H-NP	VBG>JJ	C-vbg-prenominal,F-np
6	fleet	fleet	NOUN	NN	_	3	object	_	_	n	common	_	s	object	_	right	3	5	_	_	_	_	np	_	_	_	_	NP	R-object	H-VP	_	_
7	.	.	PUNCT	.	_	3	rightpunc	_	_	punc	_	_	_	rightpunc	_	right	4	6	_	_	_	_	other	_	_	_	_	.	P-final	H-S	_	_

"""


def test_conllup_golden():
    assert conllup.header() + conllup.dump_sentence(fleet()) == FLEET_CONLLUP


def test_conllup_columns():
    assert conllup.COLUMNS[:10] == ("ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS",
                                    "MISC")
    # six fields have a standard column: id, word, base, cat (XPOS), head, role (DEPREL)
    assert len(conllup.COLUMNS) == 10 + len(conllup.EXTRA_FIELDS) == 10 + len(FIELDS) - 6
    assert all(c.startswith("PTB2FD:") for c in conllup.COLUMNS[10:])
    # UPOS is a Universal POS tag; ptb2fd's own categories and features have columns of their own
    assert conllup.COLUMNS[10:14] == ("PTB2FD:CAT0", "PTB2FD:CAT1", "PTB2FD:TENSE", "PTB2FD:PN")


def test_conllup_escaping():
    b = conllup.dump_sentence(because_of())
    assert "\tbecause\\sof\t" in b  # rolemarker of "rain"
    o = conllup.dump_sentence(odd_words())
    assert "# text = 1 1/2 _ say \"(hi)\" é\\u2028\\u0085\\u00a0!\n" in o
    lines = o.splitlines()
    assert lines[2].split("\t")[:3] == ["1", "1\\s1/2", "1\\s1/2"]
    assert lines[3].split("\t")[1:3] == ["\\_", "\\_"]
    assert lines[3].split("\t")[5] == "_"  # FEATS: ptb2fd's features are in its own columns
    assert [lines[3].split("\t")[i] for i in (11, 13)] == ["\\_", "\\e"]  # cat1 "_", pn ""
    assert lines[3].split("\t")[-1] == "\\_,\\e,a\\cb"
    assert lines[4].split("\t")[2] == "a\\\\sb"
    assert lines[5].split("\t")[12] == "a=b|c"  # tense: = and | need no escape in a column of its own
    assert all(" " not in line for line in lines[2:])


@pytest.mark.parametrize("make", ALL)
def test_conllup_round_trip(make):
    s = make()
    text = conllup.header() + conllup.dump_sentence(s)
    assert list(read_conllup(text)) == [s]


def test_conllup_reads_a_file():
    sentences = [make() for make in ALL]
    text = conllup.header() + "".join(conllup.dump_sentence(s) for s in sentences)
    assert list(read_conllup(io.StringIO(text), source="x.conllup")) == sentences
    assert list(read_conllup(text.splitlines())) == sentences
    assert list(read_conllup(text.replace("\n", "\r\n"))) == sentences


def test_conllup_parses_with_plain_conllu():
    text = conllup.header() + "".join(conllup.dump_sentence(make()) for make in ALL)
    columns = text.splitlines()[0].split("=", 1)[1].split()
    assert columns == list(conllup.COLUMNS)
    parsed = conllu.parse(text, fields=columns)
    assert [p.metadata["sent_id"] for p in parsed] == [make().id for make in ALL]
    for tokenlist, make in zip(parsed, ALL):
        assert len(tokenlist) == len(make().tokens)
        for row in tokenlist:
            assert len(row) == len(columns) == 10 + len(conllup.EXTRA_FIELDS)
    first = parsed[0]
    assert [r["form"] for r in first] == fleet().words
    assert [r["head"] for r in first] == [3, 3, 0, 6, 6, 3, 3]
    assert [(r["upos"], r["xpos"]) for r in first] == [("PRON", "PRP"), ("AUX", "MD"), ("VERB", "VB"),
                                                        ("PRON", "PRP$"), ("ADJ", "VBG"), ("NOUN", "NN"),
                                                        ("PUNCT", ".")]
    assert first[0]["feats"] is None
    assert (first[0]["ptb2fd:cat0"], first[0]["ptb2fd:cat1"], first[0]["ptb2fd:pn"]) == ("pro", "personal", "s")
    assert first[4]["ptb2fd:rules"] == "C-vbg-prenominal,F-np"
    for line in text.splitlines():
        if line and not line.startswith("#"):
            assert len(line.split("\t")) == len(columns)


def test_conllup_columns_in_another_order():
    s = because_of()
    text = conllup.header() + conllup.dump_sentence(s)
    lines = text.splitlines()
    columns = lines[0].split("=", 1)[1].split()
    order = list(range(len(columns)))
    order[10:] = reversed(order[10:])
    lines[0] = "# global.columns = " + " ".join(columns[i] for i in order)
    for k in range(3, 3 + len(s.tokens)):
        cells = lines[k].split("\t")
        lines[k] = "\t".join(cells[i] for i in order)
    assert list(read_conllup("\n".join(lines) + "\n\n")) == [s]


def test_conllup_skips_header_only_blocks():
    assert list(read_conllup(conllup.header())) == []
    assert list(read_conllup(conllup.header() + "\n")) == []


@pytest.mark.parametrize("mutate, message, line, sent_id", [
    (lambda t: t.split("\n", 1)[1], "no '# global.columns =' line", 1, "wsj_0001.mrg:1"),
    (lambda t: t.replace("\tR-adverbial\t", "\tR-adverbial\textra\t"), "expected 33 columns", 13,
     "wsj_0003.mrg:12"),
    (lambda t: t.replace("\tH-PP\t", "\tH-\\x\t", 1), "unknown escape '\\\\x'", 13, "wsj_0003.mrg:12"),
    (lambda t: t.replace(" PTB2FD:CAT0 PTB2FD:CAT1 PTB2FD:TENSE PTB2FD:PN", ""),
     "(a file of ptb2fd 0.1, whose UPOS held cat0: convert the trees again)", 1, "wsj_0001.mrg:1"),
    (lambda t: t.replace("\tleft\t1\t0\t", "\tleft\tone\t0\t"), "'one' is not an integer", 13,
     "wsj_0003.mrg:12"),
    (lambda t: t.replace("# sent_id = wsj_0003.mrg:12\n", ""), "no '# sent_id", 13, "?"),
    (lambda t: t.replace("PTB2FD:RULES", "PTB2FD:COLOR"), "unknown column(s)", 1, "wsj_0001.mrg:1"),
    (lambda t: t.replace(" PTB2FD:RULES", ""), "missing column(s)", 1, "wsj_0001.mrg:1"),
])
def test_conllup_bad_input(mutate, message, line, sent_id):
    text = conllup.header() + conllup.dump_sentence(fleet()) + "\n" + conllup.dump_sentence(because_of())
    assert text.splitlines()[12] == "# sent_id = wsj_0003.mrg:12"  # block 2 starts on line 13
    bad = mutate(text)
    assert bad != text
    with pytest.raises(TreeParseError) as info:
        list(read_conllup(bad, source="x.conllup"))
    assert message in str(info.value)
    assert info.value.location == Location("x.conllup", line, sent_id)
    assert str(info.value).startswith(f"x.conllup:{line} ({sent_id}): parse error: ")


# Property: random tokens round-trip through both formats -------------------

ODD = ["_", "", " ", "  ", "1 1/2", "because of", "\\", "\\_", "\\e", "\\s", "a\tb", "a\nb", "\r", '"', "(",
       ")", "=", "|", ",", "#", "# x", "é", "\u2028", "\x85", "\xa0", "\x00", "-"]
words = st.one_of(st.sampled_from(ODD), st.text(max_size=8))
opt_words = st.none() | words
ints = st.integers(-10**6, 10**6)
opt_ints = st.none() | ints


@st.composite
def tokens(draw, id):
    return Token(
        id=id, word=draw(words), base=draw(words), cat=draw(words), cat0=draw(words), cat1=draw(opt_words),
        tense=draw(opt_words), pn=draw(opt_words), head=draw(ints), role=draw(words), logicalrole=draw(words),
        rolemarker=draw(opt_words), direction=draw(opt_words), rp=draw(opt_ints), ap=draw(ints),
        junction=draw(opt_ints), junction_position=draw(opt_ints), conj_anchor=draw(opt_ints),
        conj_sibling=draw(opt_ints), grouptype=draw(words), subject_position=draw(opt_words),
        position_class=draw(opt_words), compound=draw(opt_ints), compound_position=draw(opt_ints),
        phrase=draw(words), rule=draw(words), head_rule=draw(words), corrected=draw(opt_words),
        rules=draw(st.lists(words, max_size=3)),
    )


@st.composite
def sentences(draw):
    n = draw(st.integers(0, 4))
    return Sentence(draw(words), [draw(tokens(i)) for i in range(1, n + 1)])


@settings(max_examples=300, deadline=None)
@given(st.lists(sentences(), min_size=1, max_size=3))
def test_random_sentences_round_trip(sents):
    lines = [jsonl.dump_sentence(s) for s in sents]
    assert all(len(line.splitlines()) == 1 for line in lines)
    assert list(jsonl.read_jsonl(lines)) == sents

    text = conllup.header() + "".join(conllup.dump_sentence(s) for s in sents)
    assert list(read_conllup(text)) == sents

    # The plain conllu library sees the declared columns on every token line.
    parsed = conllu.parse(text, fields=list(conllup.COLUMNS))
    assert [len(p) for p in parsed] == [len(s.tokens) for s in sents]
    assert all(len(row) == len(conllup.COLUMNS) for p in parsed for row in p)
    assert [[row["id"] for row in p] for p in parsed] == [[t.id for t in s.tokens] for s in sents]


# The nested notation -------------------------------------------------------

FLEET_HALOGEN = """\
# wsj_0001.mrg:1
( / sell
  :subject It
  :modal would
  :object ( / fleet
            :withinmod its
            :withinmod aging)
  :rightpunc .)

"""


def test_halogen_golden():
    assert halogen.dump_sentence(fleet()) == FLEET_HALOGEN


def test_halogen_coordination_and_rolemarker():
    assert halogen.dump_sentence(coordination()) == """\
# wsj_0002.mrg:3
( / rose
  :subject ( / Sales
             :junction-marker and
             :subject profits)
  :rightpunc .)

"""
    assert halogen.dump_sentence(because_of()) == """\
# wsj_0003.mrg:12
( / left
  :subject He
  :adverbial ( / rain
               :rolemarker because
               :rolemarker of
               :determiner the)
  :rightpunc .)

"""


def test_halogen_quoting():
    text = halogen.dump_sentence(odd_words())
    assert text == """\
# odd.mrg:1
( / _
  :quantity "1 1/2"
  :withinmod "say \\"(hi)\\""
  :rightpunc "é\u2028\x85\xa0!")

"""
    assert halogen.quote(":x") == '":x"'
    assert halogen.quote("") == '""'
    assert halogen.quote("a\\b") == "a\\b"
    assert halogen.quote("a\tb\\") == '"a\\tb\\\\"'


def expected_triples(s: Sentence):
    by_head: dict[int, list[Token]] = {}
    for t in s.tokens:
        by_head.setdefault(t.head, []).append(t)
    out: list[tuple[str, str | None, int]] = []

    def walk(t: Token, role, head):
        out.append((t.word, role, head))
        me = len(out)
        for d in by_head.get(t.id, []):
            walk(d, d.role, me)

    for root in by_head.get(0, []):
        walk(root, None, 0)
    return out


@pytest.mark.parametrize("make", ALL)
def test_halogen_structure(make):
    s = make()
    assert halogen.parse_halogen(halogen.dump_sentence(s)) == expected_triples(s)


def test_halogen_rejects_cycles():
    s = fleet()
    s.tokens[2].head = 6  # sell <- fleet <- sell
    with pytest.raises(Exception, match="root|cycle"):
        halogen.dump_sentence(s)


@st.composite
def trees(draw):
    n = draw(st.integers(1, 8))
    order = draw(st.permutations(range(1, n + 1)))
    heads = {order[0]: 0}
    for k, node in enumerate(order[1:], start=1):
        heads[node] = order[draw(st.integers(0, k - 1))]
    roles = st.sampled_from(["subject", "object", "withinmod", "rolemarker", "junction-marker", "rightpunc"])
    return Sentence("t:1", [tok(i, draw(words), "b", "NN", "n", heads[i], draw(roles)) for i in range(1, n + 1)])


@settings(max_examples=200, deadline=None)
@given(trees())
def test_halogen_random_trees(s):
    text = halogen.dump_sentence(s)
    assert text == halogen.dump_sentence(s)
    assert halogen.parse_halogen(text) == expected_triples(s)


# orjson writes the lines; they must be the bytes json.dumps gives.

@pytest.mark.parametrize("make", ALL)
def test_jsonl_orjson_equals_json_dumps(make):
    s = make()
    line = jsonl.dump_sentence(s)
    reference = json.dumps({"id": s.id, "tokens": [t.to_dict() for t in s.tokens]}, ensure_ascii=False,
                           separators=(",", ":"))
    for ch, escaped in (("\x85", "\\u0085"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        reference = reference.replace(ch, escaped)
    assert line == reference


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_jsonl_any_word_written_as_json_does(word):
    s = Sentence("x:1", [tok(1, word, word, "NN", "n", 0, "top")])
    data = {"id": "x:1", "tokens": [s.tokens[0].to_dict()]}
    reference = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for ch, escaped in (("\x85", "\\u0085"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        reference = reference.replace(ch, escaped)
    assert jsonl.dump_sentence(s) == reference
    assert json.loads(jsonl.dump_sentence(s))["tokens"][0]["word"] == word
