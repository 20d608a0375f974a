"""Partitions for the Dask engine give exactly the items of one whole-file
read: same ids, lines, texts and errors, whatever the cut points."""
from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ptb2fd.trees.partition import count_piece, piece_items, plan, with_offsets
from ptb2fd.trees.reader import read_trees

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "conventions"
# Trees indented under a column-0 tree, an unbalanced tree right before a
# column-0 line, text outside brackets, a Latin-1 byte, a lone CR line end.
AWKWARD = (b"( (S (NP-SBJ (NN x)) (VP (VBD y)) ) )\n  ( (S (NP (NN a)) (VP (VBD b))) )\n"
           b"    (NP (NN c)))\n( (S (NP (NN open)) (VP (VBD stays)\n"
           b"stray words\n( (S (NP (NN caf\xe9)) (. .)) )\r( (NP (NN end)) )\n"
           b"(S (NP (NN parser)) (VP (VBZ output)))\n(S (NP (NN no)) (VP (VBZ root))\n")


def _corpus(folder: Path) -> list[str]:
    big = folder / "big.mrg"
    with open(big, "wb") as out:
        for p in sorted(FIXTURES.glob("*.mrg")):
            out.write(p.read_bytes())
            out.write(AWKWARD)
    small = folder / "small.mrg"
    shutil.copy(FIXTURES / "tops.mrg", small)
    return [str(big), str(small)]


def _partitioned(paths: list[str], size: int) -> list[tuple]:
    partitions, cut = plan(paths, size)
    counts = {p: count_piece(p) for p in cut}
    parts = with_offsets(partitions, counts)
    return [(r.sent_id, r.line, r.text, r.error) for part in parts for piece in part for r in piece_items(piece)]


def _whole(paths: list[str]) -> list[tuple]:
    return [(r.sent_id, r.line, r.text, r.error) for r in read_trees(paths)]


def test_cut_files_give_the_ids_lines_and_errors_of_a_whole_read(tmp_path):
    paths = _corpus(tmp_path)
    whole = _whole(paths)
    assert len(whole) > 200 and any(e and "not valid UTF-8" in e for *_, e in whole)
    partitions, cut = plan(paths, 1500)
    assert len(cut) >= 8  # the big file (13 kB) really is cut
    for size in (300, 1500, 7000):
        assert _partitioned(paths, size) == whole


def test_a_file_of_indented_trees_keeps_its_ids_after_a_cut(tmp_path):
    # Indented wrapped trees set the splitter's indentation base to 2 before
    # the cut; the pieces start at a column-0 tree with indented ones after.
    head = "".join(f"  ( (S (NP (NN a{i})) (VP (VBD v))) )\n" for i in range(30))
    tail = "".join(f"( (S (NP (NN w{i})) (VP (VBD v))) )\n  ( (S (NP (NN i{i})) (VP (VBD v))) )\n"
                   f"  (S (NP (NN k{i}))\n(S (NP (NN n{i})) (VP (VBD v)))\n" for i in range(40))
    path = tmp_path / "indented.mrg"
    path.write_text(head + tail)
    _, cut = plan([str(path)], 300)
    assert len(cut) > 5
    whole = _whole([str(path)])
    assert len(whole) == 30 + 80 and whole[-1][0] == "indented.mrg:110"
    assert _partitioned([str(path)], 300) == whole


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations(sorted(p.name for p in FIXTURES.glob("*.mrg"))), size=st.integers(64, 4000))
def test_any_cut_size_on_any_file_order(tmp_path, order, size):
    path = tmp_path / "mixed.mrg"
    path.write_bytes(b"".join((FIXTURES / name).read_bytes() + AWKWARD for name in order[:8]))
    assert _partitioned([str(path)], size) == _whole([str(path)])
