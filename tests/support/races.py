"""Calls made at the same moment: each in a thread of its own, with its own database connection,
all released together."""

import threading
from collections.abc import Callable

from django.db import connection
from django.utils import translation

from games.tables.errors import TableError


def race(*works: Callable[[], object]) -> list[str]:
    """Run each of ``works`` in its own thread, all at once; what they got, sorted: "done", or
    the refusal's text in English."""
    barrier = threading.Barrier(len(works))
    outcomes: list[str] = []

    def run(work: Callable[[], object]) -> None:
        barrier.wait()
        try:
            work()
        except TableError as error:
            with translation.override("en"):
                outcomes.append(str(error.message))
        else:
            outcomes.append("done")
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(work,)) for work in works]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)
