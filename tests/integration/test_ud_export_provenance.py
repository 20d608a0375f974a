"""A UD export says how it was made, and is made with the rules asked for:
`convert --rules DIR -o x.conllu` reads DIR's ud.yaml (not the bundled
one), and every sentence carries the `# ptb2fd.provenance` comment the
other formats carry."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from ptb2fd.conversion.provenance import rules_sha256
from ptb2fd.ud.mapping import default_mapping

ROOT = Path(__file__).resolve().parents[2]
PASSIVE = "(S (NP-SBJ-1 (NNS Plums)) (VP (VBD were) (VP (VBN picked) (NP (-NONE- *-1)) " \
          "(PP (IN by) (NP-LGS (DT the) (NNS neighbours))))) (. .))\n"


def _rows(text: str) -> dict[str, list[str]]:
    return {cols[1]: cols for cols in (line.split("\t") for line in text.splitlines())
            if len(cols) == 10}


def _folder_with_agent_as(tmp_path: Path, deprel: str) -> Path:
    folder = tmp_path / "myrules"
    shutil.copytree(ROOT / "rules", folder)
    ud = folder / "ud.yaml"
    text = ud.read_text(encoding="utf-8")
    assert "deprel: 'obl:agent'" in text
    ud.write_text(text.replace("deprel: 'obl:agent'", f"deprel: '{deprel}'"), encoding="utf-8")
    return folder


def test_convert_with_a_rules_folder_exports_ud_with_its_ud_yaml(cli, tmp_path):
    trees = tmp_path / "plums.mrg"
    trees.write_text(PASSIVE, encoding="utf-8")
    folder = _folder_with_agent_as(tmp_path, "obl")
    code, out, err = cli("convert", str(trees), "--format", "conllu", "--quiet")
    assert code == 0, err
    assert _rows(out)["neighbours"][7] == "obl:agent"
    code, out, err = cli("convert", str(trees), "--rules", str(folder), "--format", "conllu", "--quiet")
    assert code == 0, err
    assert _rows(out)["neighbours"][7] == "obl"
    # the run's choice ends with the run: the bundled mapping is back
    assert any(r.value == "obl:agent" for r in default_mapping().relations)


def test_a_faulty_ud_yaml_in_the_rules_folder_is_one_line_before_any_work(cli, tmp_path):
    trees = tmp_path / "plums.mrg"
    trees.write_text(PASSIVE, encoding="utf-8")
    folder = _folder_with_agent_as(tmp_path, "obl:actor")
    out = tmp_path / "plums.conllu"
    code, _, err = cli("convert", str(trees), "--rules", str(folder), "-o", str(out), "--quiet")
    assert code == 2
    assert "ud.yaml" in err and "obl:actor" in err and "Traceback" not in err
    assert not out.exists()


def test_every_ud_sentence_names_version_rules_and_functions_mode(cli, tmp_path):
    trees = tmp_path / "plums.mrg"
    trees.write_text(PASSIVE + PASSIVE.replace("Plums", "Pears"), encoding="utf-8")
    folder = _folder_with_agent_as(tmp_path, "obl")
    out = tmp_path / "plums.conllu"
    code, _, err = cli("convert", str(trees), "--rules", str(folder), "-o", str(out), "--quiet")
    assert code == 0, err
    blocks = [b for b in out.read_text(encoding="utf-8").split("\n\n") if b.strip()]
    assert len(blocks) == 2
    for block in blocks:
        line = next(x for x in block.splitlines() if x.startswith("# ptb2fd.provenance = "))
        made = json.loads(line.split(" = ", 1)[1])
        assert made["rules"] == "myrules" and made["rules_sha256"] == rules_sha256(folder)
        assert made["functions"] == "auto" and made["ptb2fd"]
