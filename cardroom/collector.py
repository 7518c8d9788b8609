"""How a server process's garbage collector runs.

CPython's cycle collector stops the whole process while it runs, and a full collection walks
every container object the process holds. A daphne process with 1,000 sockets holds about 480,000
of them, a third loaded at start-up (Django, the templates, the translations). At 500 tables on two
processes, each process ran two full collections of 0.4-0.5 s in 30 s of play, and about twenty
of the middle generation (10-140 ms); every move in that time waited, so the p99 was those pauses
(docs/performance.md, thirteenth pass). So, once the process has loaded what it serves with
(``cardroom.warm_up``):

- what it loaded is collected once and frozen: it lives as long as the process, and no collection
  walks it again;
- a young collection waits for ``YOUNG_OBJECTS`` new container objects instead of CPython's 700.
  Most of a move's objects are freed by their reference counts before that, so far fewer survive
  into the older generations, whose collections are the long pauses. In the same 30 s each
  process then ran three young collections (up to 90 ms) and no older one. CPython counts the
  young generation net: an object freed, however old, takes one off the count. At play a table's
  new state replaces its old one, so the count grows slowly while the young generation fills
  with the latest state of every table and socket (60,000 objects a process at 500 tables, a
  walk of 45-75 ms): the threshold sets how often that walk comes, not how long it is. At 20,000
  it came every four to ten seconds in the first half-minute of Golfo's play; at 50,000, once or
  twice in 120 s (docs/performance.md, thirty-first pass);
- the middle generation is collected after every ``MIDDLE_COLLECTIONS`` young collections instead
  of CPython's ten. Sockets that connect together (a restarted server's, or a benchmark's 2,000
  before its play) leave about 150 objects each in the middle generation, where they waited for
  its next collection: one walk of 147,000 objects a process, 180-260 ms, freeing none, the
  slowest moves of a 30 s play on three processes (docs/performance.md, twenty-ninth pass).
  Collected more often, they are walked in smaller pieces (40-175 ms) and reach the old
  generation sooner; a table's play makes few young collections, so the old generation's full
  collections still came only when the sockets closed.

The old generation keeps CPython's threshold."""

import gc

YOUNG_OBJECTS = 50_000
MIDDLE_COLLECTIONS = 2


def settle_collector() -> None:
    """Freeze what the process has loaded and let its young objects die before a collection."""
    gc.collect()
    gc.freeze()
    _young, _middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, MIDDLE_COLLECTIONS, old)
