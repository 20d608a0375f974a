"""check-heads --reference: an existential's "be" is not turned round like a
copula, since UD and Stanford keep it the head ("There was [a flood]")."""
from __future__ import annotations

import json

from ptb2fd.cli import main

TREE = "(ROOT (S (NP (EX There)) (VP (VBD was) (NP-SBJ (DT a) (JJ big) (NN flood))) (. .)))\n"
CONLLU = """# sent_id = e-1
# text = There was a big flood.
1\tThere\tthere\tPRON\tEX\t_\t2\texpl\t_\t_
2\twas\tbe\tVERB\tVBD\t_\t0\troot\t_\t_
3\ta\ta\tDET\tDT\t_\t5\tdet\t_\t_
4\tbig\tbig\tADJ\tJJ\t_\t5\tamod\t_\t_
5\tflood\tflood\tNOUN\tNN\t_\t2\tnsubj\t_\t_
6\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""


def test_existential_be_stays_the_head(tmp_path, capsys):
    (tmp_path / "e.mrg").write_text(TREE, encoding="utf-8")
    (tmp_path / "e.conllu").write_text(CONLLU, encoding="utf-8")
    status = main(["check-heads", str(tmp_path / "e.mrg"), "--reference", str(tmp_path / "e.conllu"), "--json"])
    r = json.loads(capsys.readouterr().out)
    assert status == 0 and r["sentences"] == 1 and r["unaligned"] == 0
    assert r["copulas_turned"] == 0
    # "flood" -> "was", "big" -> "flood" (and "There" -> "was") on both sides.
    assert r["all"]["errors"] == 0 and r["all"]["agree"] >= 2, r
