"""`-o` onto something that is not a regular file.

A rename onto `/dev/null` would replace the device node itself (it happened
once while benchmarking). The same case is checked here with a FIFO in a
temporary folder, so a regression cannot damage the machine.
"""
import os
import stat
import threading

from ptb2fd.runner.output import atomic_output


def test_writing_to_a_fifo_keeps_the_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []

    def reader():
        with open(fifo, encoding="utf-8") as handle:
            received.append(handle.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    with atomic_output(str(fifo)) as out:
        out.write("hello\n")
    thread.join(10)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert received == ["hello\n"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_writing_a_regular_file_is_atomic(tmp_path):
    target = tmp_path / "out.jsonl"
    with atomic_output(str(target)) as out:
        out.write("x\n")
        assert not target.exists()  # nothing at the target until the end
    assert target.read_text() == "x\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]
