"""The speed measures of `make bench`, each in child processes and
returning its figures (for `make figures` too):

- start-up: `ptb2fd --version`, and `ptb2fd convert` of one small file,
  whole processes (targets 0.3 s and 0.6 s);
- the rule loop: `ptb2fd diff rules NEW --corpus treebank --files 'wsj_01*'`
  after a one-rule edit of NEW, with the old rules' run cached (target 3 s)
  and with an empty result cache (cold);
- the peer: CPU per tree of `ptb2fd convert` against ClearNLP's
  constituency-to-dependency converter on the whole sample (target at most
  1.0x; the median ratio of at least 5 paired runs), when Java and the PyPI package clearnlp-converter (which bundles
  the jars) are there; skipped with a note otherwise;
- a flat 8,000-word tree converted and regenerated (target 2 s).

Times are wall and CPU (user + system) of the child; the ratios use the
best of the repetitions. Children run with Python's bytecode cache on (as
an installed ptb2fd does), after one untimed run that fills it.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

from ptb2fd.bench.process import _best, _run

SPEED_TARGETS = {"version_s": 0.3, "one_file_s": 0.6, "diff_warm_s": 3.0, "peer_cpu_ratio": 1.0, "flat_s": 2.0}
SMALL_FILE = "wsj_0001.mrg"  # 2 trees
TEST_FILES = "wsj_01*"
FLAT_WORDS = 8000
# One-rule edits of roles.yaml for the rule loop: (rule id, its role, the new role).
EDITS = (("ftag-loc", "locative", "adverbial"), ("ftag-mnr", "manner", "adverbial"),
         ("ftag-prp", "purpose", "adverbial"), ("ftag-ext", "extent", "adverbial"),
         ("ftag-dir", "direction", "adverbial"))
CLEARNLP_CLASS = "edu.emory.clir.clearnlp.bin.C2DConvert"


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PTB2FD_NO_CACHE")}
    env.update(extra)
    return env


def _ptb2fd(*argv: str) -> list[str]:
    return [sys.executable, "-m", "ptb2fd", *argv]


def _timed(cmd: list[str], env: dict, repeat: int) -> tuple[float, float]:
    """(best wall, best CPU) of `repeat` runs, after one untimed run."""
    _run(cmd, env)
    walls, cpus = [], []
    for _ in range(repeat):
        walls.append(_run(cmd, env, cpus)[0])
    return _best(walls), _best(cpus)


def bench_startup(args) -> dict:
    from ptb2fd.trees.inputs import treebank_root

    env = _env()
    small = str(treebank_root() / SMALL_FILE)
    version = _timed(_ptb2fd("--version"), env, args.repeat * 2)
    one = _timed(_ptb2fd("convert", small, "-o", os.devnull, "--quiet"), env, args.repeat * 2)
    out = {"version_s": round(version[0], 3), "version_cpu_s": round(version[1], 3),
           "one_file_s": round(one[0], 3), "one_file_cpu_s": round(one[1], 3)}
    print(f"start-up: ptb2fd --version {out['version_s']} s (CPU {out['version_cpu_s']} s; target <= "
          f"{SPEED_TARGETS['version_s']} s); convert {SMALL_FILE} (2 trees) {out['one_file_s']} s "
          f"(CPU {out['one_file_cpu_s']} s; target <= {SPEED_TARGETS['one_file_s']} s), whole processes")
    return out


def edit_rule(folder: Path, rule_id: str, old_role: str, new_role: str) -> None:
    """Give one rule of roles.yaml another role (a one-rule edit)."""
    path = folder / "roles.yaml"
    text = path.read_text(encoding="utf-8")
    at = text.index(f"- id: {rule_id}\n")
    role_at = text.index(f"role: {old_role}\n", at)
    path.write_text(text[:role_at] + f"role: {new_role}\n" + text[role_at + len(f"role: {old_role}\n"):],
                    encoding="utf-8")


def bench_rule_loop(args) -> dict:
    """diff of the bundled rules and an edited copy on the test half: cold
    (empty result cache) and warm (the bundled rules' run cached, a new edit)."""
    from ptb2fd.rulelang.folder import default_rules_dir

    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-rules-"))
    env = _env(PTB2FD_CACHE=str(tmp / "cache"))  # its own cache: the user's results are left alone
    rules = default_rules_dir()
    # Per repetition: cold, then warm with --jobs 1 and 2, each run on a new edit.
    runs: dict[str, tuple[list[float], list[float], list[str]]] = {
        "cold": ([], [], []), "warm": ([], [], []), "warm_jobs2": ([], [], ["--jobs", "2"])}
    try:
        _run(_ptb2fd("convert", "--corpus", "treebank", "--files", "wsj_0001*", "-o", os.devnull, "--quiet"), env)
        for i in range(args.repeat):
            shutil.rmtree(tmp / "cache" / "results", ignore_errors=True)
            for k, (times, cpus, extra) in enumerate(runs.values()):
                new = tmp / f"rules-{i}-{k}"
                shutil.rmtree(new, ignore_errors=True)
                shutil.copytree(rules, new)
                edit_rule(new, *EDITS[(len(runs) * i + k) % len(EDITS)])
                cmd = _ptb2fd("diff", str(rules), str(new), "--corpus", "treebank", "--files", TEST_FILES, *extra)
                times.append(_run(cmd, env, cpus)[0])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out = {}
    for name, (times, cpus, _) in runs.items():
        out[f"diff_{name}_s"], out[f"diff_{name}_cpu_s"] = round(_best(times), 2), round(_best(cpus), 2)
    print(f"rule loop: diff rules NEW --corpus treebank --files '{TEST_FILES}' after a one-rule edit, the old rules' "
          f"run cached: {out['diff_warm_s']} s (CPU {out['diff_warm_cpu_s']} s; target <= "
          f"{SPEED_TARGETS['diff_warm_s']} s), with --jobs 2 {out['diff_warm_jobs2_s']} s (CPU "
          f"{out['diff_warm_jobs2_cpu_s']} s); cold (empty result cache) {out['diff_cold_s']} s "
          f"(CPU {out['diff_cold_cpu_s']} s)")
    return out


def clearnlp_command(tree_file: Path) -> list[str] | None:
    """ClearNLP's converter on `tree_file` (it writes tree_file + '.dep'), or
    None without Java or the clearnlp-converter package."""
    java = shutil.which("java")
    spec = importlib.util.find_spec("clearnlp")
    if java is None or spec is None or not spec.submodule_search_locations:
        return None
    ext = Path(list(spec.submodule_search_locations)[0]) / "ext"
    jars = sorted(ext.glob("*.jar"))
    if not jars or not (ext / "headrule_en_stanford.txt").is_file():
        return None
    return [java, "-cp", os.pathsep.join(map(str, jars)), CLEARNLP_CLASS, "-h", str(ext / "headrule_en_stanford.txt"),
            "-i", str(tree_file)]


PEER_RUNS = 5  # paired runs of the peer row, at least


def bench_peer(args) -> dict:
    """CPU per tree, whole sample, whole processes: ptb2fd convert vs ClearNLP,
    paired runs (one of each, in turn), the median of at least 5."""
    import statistics

    from ptb2fd.trees.inputs import resolve_inputs

    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-peer-"))
    try:
        paths = resolve_inputs([], "treebank")
        trees = tmp / "sample.parse"
        trees.write_text("\n".join(Path(p).read_text(encoding="utf-8") for p in paths), encoding="utf-8")
        clear = clearnlp_command(trees)
        if clear is None:
            print("peer: ClearNLP skipped (needs `java` on the PATH and the PyPI package clearnlp-converter, "
                  "which bundles its jars: `apt-get install default-jre-headless; .venv/bin/pip install -e '.[peer]'`)")
            return {"peer": "skipped"}
        ours = _ptb2fd("convert", "--corpus", "treebank", "-o", str(tmp / "out.jsonl"), "--quiet")
        env = _env()
        _run(ours, env)
        _run(clear, env)
        cpu: dict[str, list[float]] = {"ptb2fd": [], "clearnlp": []}
        for _ in range(max(PEER_RUNS, args.repeat)):
            _run(ours, env, cpu["ptb2fd"])
            _run(clear, env, cpu["clearnlp"])
        dep = Path(str(trees) + ".dep").read_text(encoding="utf-8")
        n = len([block for block in dep.split("\n\n") if block.strip()])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    ours_cpu, theirs_cpu = statistics.median(cpu["ptb2fd"]), statistics.median(cpu["clearnlp"])
    pairs = sorted(a / b for a, b in zip(cpu["ptb2fd"], cpu["clearnlp"]))
    out = {"peer_trees": n, "peer_runs": len(pairs), "ptb2fd_cpu_s": round(ours_cpu, 2),
           "clearnlp_cpu_s": round(theirs_cpu, 2), "peer_cpu_ratio": round(statistics.median(pairs), 2),
           "ptb2fd_cpu_ms_per_tree": round(1000 * ours_cpu / n, 2),
           "clearnlp_cpu_ms_per_tree": round(1000 * theirs_cpu / n, 2)}
    print(f"peer: CPU per tree on the sample ({n} trees), whole processes: ptb2fd {out['ptb2fd_cpu_ms_per_tree']} ms, "
          f"ClearNLP {out['clearnlp_cpu_ms_per_tree']} ms: {out['peer_cpu_ratio']}x (median of {len(pairs)} paired "
          f"runs, pairs {pairs[0]:.2f}-{pairs[-1]:.2f}x; target <= {SPEED_TARGETS['peer_cpu_ratio']}x; ClearNLP gives "
          f"heads, labels and lemmas, ptb2fd the factored records)")
    return out


def flat_tree(words: int) -> str:
    return "( (NP " + " ".join(f"(NN w{i})" for i in range(words)) + ") )\n"


def bench_long_sentence(args) -> dict:
    """A flat 8,000-word NP: `ptb2fd regen` on the tree (converted, then
    regenerated and scored), a whole process."""
    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-flat-"))
    try:
        tree = tmp / "flat.mrg"
        tree.write_text(flat_tree(FLAT_WORDS), encoding="utf-8")
        wall, cpu = _timed(_ptb2fd("regen", str(tree), "--json"), _env(), args.repeat)
        version = _timed(_ptb2fd("--version"), _env(), args.repeat)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out = {"flat_s": round(wall, 2), "flat_cpu_s": round(cpu, 2), "flat_words": FLAT_WORDS,
           "flat_over_startup_cpu_s": round(cpu - version[1], 2)}
    print(f"long sentence: a flat {FLAT_WORDS:,}-word tree converted and regenerated (ptb2fd regen flat.mrg): "
          f"{out['flat_s']} s (CPU {out['flat_cpu_s']} s; target <= {SPEED_TARGETS['flat_s']} s), whole process")
    return out


def compile_package() -> None:
    """ptb2fd's bytecode compiled before any timing, as an installed wheel
    has it: an editable install run under PYTHONDONTWRITEBYTECODE=1 would
    compile about 110 modules in every timed process (ClearNLP's classes
    come compiled)."""
    import compileall

    compileall.compile_dir(str(Path(__file__).resolve().parents[1]), quiet=1)


def run_all(repeat: int = 3) -> dict:
    """Every measure of this module (for `make figures`)."""
    compile_package()
    class Args:
        pass

    a = Args()
    a.repeat = repeat
    figures: dict = {}
    for measure in (bench_startup, bench_rule_loop, bench_peer, bench_long_sentence):
        figures.update(measure(a))
    return figures


if __name__ == "__main__":  # pragma: no cover
    print(run_all(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
