"""A server process freezes what it loaded before its first connection out of the garbage
collector's reach, and lets its young objects die before a collection, so that the full
collections that stopped a process for half a second at 500 tables do not come in the middle of
the play (``cardroom.collector``). Checked in a fresh process, as daphne starts one."""

import subprocess
import sys
from pathlib import Path

from cardroom.collector import YOUNG_OBJECTS

ROOT = Path(__file__).resolve().parents[2]

FRESH_PROCESS = """
import gc

import cardroom.asgi

print(gc.get_freeze_count(), *gc.get_threshold())
"""


def test_a_new_server_process_keeps_what_it_loaded_out_of_every_collection() -> None:
    result = subprocess.run(
        [sys.executable, "-c", FRESH_PROCESS], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    frozen, young, middle, old = map(int, result.stdout.split())
    assert frozen > 50_000, "the templates, URLs and translations were not frozen"
    assert (young, middle, old) == (YOUNG_OBJECTS, 10, 10)
