"""A server process freezes what it loaded before its first connection out of the garbage
collector's reach, lets its young objects die before a collection, and collects its middle
generation in smaller pieces, so that the collections that stopped a process for a quarter or half
a second at 500 tables do not come in the middle of the play (``cardroom.collector``). Checked in a
fresh process, as daphne starts one."""

from cardroom.collector import MIDDLE_COLLECTIONS, YOUNG_OBJECTS
from tests.support.processes import in_a_fresh_process

FRESH_PROCESS = """
import gc

import cardroom.asgi

print(gc.get_freeze_count(), *gc.get_threshold())
"""


def test_a_new_server_process_keeps_what_it_loaded_out_of_every_collection() -> None:
    frozen, young, middle, old = map(int, in_a_fresh_process(FRESH_PROCESS).split())
    assert frozen > 50_000, "the templates, URLs and translations were not frozen"
    assert (young, middle, old) == (YOUNG_OBJECTS, MIDDLE_COLLECTIONS, 10)
