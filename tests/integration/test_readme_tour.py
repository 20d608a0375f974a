"""The README runs as written: every ```sh block is run by bash and every
```python block by doctest, in the order the README gives them, in one
temporary folder that holds a copy of rules/, fixtures/ and docs/examples/
(the tour edits a copy of the rules) and a link to the project's .venv, with .venv/bin on
the PATH, as a user's shell after `make demo` would be.

Three kinds of command are checked without being run for real, since
running them here would recurse or change the machine: `make TARGET` runs
as `make -n TARGET` in the project folder (the target exists and its recipe
expands), and `pip install ARGS` as `pip install --dry-run --no-deps ARGS` (the
package's metadata builds). Everything else runs as
it stands, and a command that fails fails the test with its output.
"""
from __future__ import annotations

import doctest
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
BIN = Path(sys.executable).parent

pytestmark = [pytest.mark.sample, pytest.mark.slow]


def blocks(text: str) -> list[tuple[str, str]]:
    """(language, code) of every fenced block, in order."""
    return [(m.group(1), m.group(2)) for m in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.M | re.S)]


def checked_form(line: str) -> str:
    """The line as the test runs it (see the module docstring)."""
    words = line.split()
    if words[:1] == ["make"]:
        return f"make -n -C {ROOT} {' '.join(words[1:])}"
    if words[:2] == ["pip", "install"]:
        args = [_project(a) for a in words[2:]]
        return f"{BIN}/python -m pip install --quiet --dry-run --no-deps {' '.join(args)}"
    return line


def _project(arg: str) -> str:
    """"." and ".[extra]" (quoted or not) name the project's folder."""
    bare = arg.strip("'\"")
    return shlex.quote(str(ROOT) + bare[1:]) if bare == "." or bare.startswith(".[") else arg


def shell_script(code: str) -> str:
    lines = []
    for line in code.splitlines():
        if line.startswith(("make ", "pip ")):
            line = checked_form(line.split("#", 1)[0].strip())
        lines.append(line)
    return "set -euo pipefail\n" + "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def tour_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tour")
    shutil.copytree(ROOT / "rules", folder / "rules")
    shutil.copytree(ROOT / "fixtures", folder / "fixtures")
    shutil.copytree(ROOT / "docs" / "examples", folder / "docs" / "examples")
    (folder / ".venv").symlink_to(BIN.parent)
    return folder


def test_readme_has_a_tour():
    kinds = [lang for lang, _ in blocks(README.read_text(encoding="utf-8"))]
    assert kinds.count("sh") >= 8 and kinds.count("python") >= 2


def test_readme_runs_as_written(tour_folder):
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}")
    here = os.getcwd()
    for i, (lang, code) in enumerate(blocks(README.read_text(encoding="utf-8"))):
        if lang == "sh":
            done = subprocess.run(["bash", "-c", shell_script(code)], cwd=tour_folder, env=env,
                                  capture_output=True, text=True)
            assert done.returncode == 0, f"README block {i}:\n{code}\nstdout:\n{done.stdout[-2000:]}\n" \
                                         f"stderr:\n{done.stderr[-2000:]}"
            assert "Traceback" not in done.stderr
        elif lang == "python":
            os.chdir(tour_folder)
            try:
                parser = doctest.DocTestParser()
                test = parser.get_doctest(code, {}, f"README block {i}", str(README), 0)
                runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
                runner.run(test)
                assert runner.failures == 0, f"README block {i} failed:\n{code}"
            finally:
                os.chdir(here)


def test_the_tours_typo_is_refused_as_it_says(tmp_path):
    """Step 4 mistypes a function tag and shows the message rules check prints."""
    readme = README.read_text(encoding="utf-8")
    typo = re.search(r"sed -i 's/ftag: \\\[TMP\\\]/ftag: \[TPM\]/' my-rules/roles.yaml", readme)
    assert typo, "the tour no longer mistypes TMP"
    shown = re.search(r"`(roles\.yaml:\d+: rule 'ftag-tmp' unknown function\s+tag 'TPM' \(did you mean TMP\?\))`",
                      readme).group(1)
    shutil.copytree(ROOT / "rules", tmp_path / "my-rules")
    roles = tmp_path / "my-rules" / "roles.yaml"
    roles.write_text(roles.read_text(encoding="utf-8").replace("ftag: [TMP]", "ftag: [TPM]", 1), encoding="utf-8")
    done = subprocess.run([str(BIN / "ptb2fd"), "rules", "check", str(tmp_path / "my-rules"), "--no-sample"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert " ".join(shown.split()) in done.stdout
