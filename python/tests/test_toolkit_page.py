"""The Python examples of docs/toolkit.md run as a reader would run them,
and print what their comments say: each ``print(...)  # TEXT`` line's
output is TEXT (``# ... TEXT``: ends with TEXT). The book example opens
``performance.bin`` from python-chess's source distribution (skipped when
it cannot be had)."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("chess")

from _toolkit import sdist_data  # noqa: E402

PAGE = Path(__file__).resolve().parents[2] / "docs" / "toolkit.md"


def blocks():
    if not PAGE.exists():
        pytest.skip(f"{PAGE} is not here (run from the repository)")
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def expected_lines(block: str):
    """What the block's commented ``print`` lines say they print, in order:
    (text, whole line or suffix)."""
    out = []
    for line in block.splitlines():
        if line.startswith("print(") and "  # " in line:
            text = line.split("  # ", 1)[1].strip()
            out.append((text[4:], False) if text.startswith("... ") else (text, True))
    return out


def test_the_pages_python_examples_run_and_print_what_they_say(tmp_path: Path):
    found = blocks()
    assert len(found) >= 4, "docs/toolkit.md has fewer Python examples than it had"
    checked = 0
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for block in found:
            if "performance.bin" in block:
                data = sdist_data()
                if data is None:
                    continue  # the book example needs python-chess's books
                (tmp_path / "performance.bin").symlink_to(data / "polyglot" / "performance.bin")
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                exec(compile(block, str(PAGE), "exec"), {})
            lines = printed.getvalue().splitlines()
            wanted = expected_lines(block)
            # Commented prints print one line each, and only they are checked:
            # match them to the output in order.
            position = 0
            for text, whole in wanted:
                while position < len(lines) and not (
                    lines[position] == text if whole else lines[position].endswith(text)
                ):
                    position += 1
                assert position < len(lines), (text, lines)
                position += 1
                checked += 1
    finally:
        os.chdir(cwd)
    assert checked >= 6, checked
