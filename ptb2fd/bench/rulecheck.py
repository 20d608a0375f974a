"""`make bench`: `ptb2fd rules check` on the sample against `ptb2fd
convert` of it, whole processes side by side (target: at most 2x, CPU time).

`rules check` validates the folder, converts every tree and places each
sentence's words in three views to count order-rule firings; the ratio says
what counting firings on a corpus costs over converting it once.
"""
from __future__ import annotations

import os
import sys
import tempfile

from ptb2fd.bench.process import _best, _run

RULE_CHECK_TARGET = 2.0


def bench_rule_check(args) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        convert = [sys.executable, "-m", "ptb2fd", "convert", "--corpus", "treebank", "-o", f"{tmp}/sample.jsonl",
                   "--quiet"]
        check = [sys.executable, "-m", "ptb2fd", "rules", "check", "--corpus", "treebank"]
        _run(convert, env)  # untimed: fills the bytecode and rule caches
        conv_cpu: list[float] = []
        check_cpu: list[float] = []
        for _ in range(args.repeat):  # interleaved, so both see the same load
            _run(convert, env, conv_cpu)
            _run(check, env, check_cpu)
    ratio = _best(check_cpu) / _best(conv_cpu)
    out = {"rules_check_cpu_s": round(_best(check_cpu), 2), "rules_check_convert_cpu_s": round(_best(conv_cpu), 2),
           "rules_check_vs_convert_cpu": round(ratio, 2)}
    print(f"rules check on the sample: {out['rules_check_cpu_s']} s CPU, convert {out['rules_check_convert_cpu_s']} s: "
          f"{out['rules_check_vs_convert_cpu']}x (target <= {RULE_CHECK_TARGET}x)")
    return out
