"""The server's CPU for one move at a table, part by part, in one process:

    .venv/bin/python -m bench.frames [--game rummy70|golfo] [--moves 300] [--spectators 1]

A match is played by the engine's bots through the services, on a throwaway SQLite database in a
temporary folder, with one ``ViewerFrames`` per player and spectator, as each socket of a daphne
process keeps. For every move it times (``time.process_time``) the move service, the one read of
the table's snapshot that the process's sockets share, and every viewer's frame; it counts the
parts rendered and the bytes sent. Database round trips cost no CPU here and are not counted:
the load benchmark (``python -m bench.load``) measures the whole stack. Prints medians and p90.
"""

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["rummy70", "golfo"], default="rummy70")
    parser.add_argument("--moves", type=int, default=300, help="moves to time (300)")
    parser.add_argument("--spectators", type=int, default=1, help="spectators' sockets (1)")
    options = parser.parse_args(argv)
    if not (1 <= options.moves <= 5000 and 0 <= options.spectators <= 50):
        parser.error("--moves must be 1-5000 and --spectators 0-50")
    return options


def timed(call: Callable[[], T]) -> tuple[T, float]:
    start = time.process_time()
    result = call()
    return result, (time.process_time() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    folder = tempfile.TemporaryDirectory(prefix="cardroom-frames-")
    os.environ["SQLITE_PATH"] = os.path.join(folder.name, "db.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from games.live import part_cache
    from games.live.frames import ViewerFrames
    from games.models import User
    from games.tables.snapshots import read_snapshot
    from tests.support.matches import bot_move, start_match

    call_command("migrate", verbosity=0)
    renders = [0]
    render = part_cache.render_to_string

    def counted_render(*args: Any, **kwargs: Any) -> str:
        renders[0] += 1
        return render(*args, **kwargs)

    part_cache.render_to_string = counted_render
    players = [User.objects.create(username=f"p{n}", display_name=f"P{n}") for n in range(4)]
    watchers = [
        User.objects.create(username=f"w{n}", display_name=f"W{n}")
        for n in range(options.spectators)
    ]
    table = start_match(players, game=options.game, seat_count=4)
    viewers = [ViewerFrames(viewer=u, granted_table_ids=(), language="es") for u in players]
    viewers += [ViewerFrames(viewer=u, granted_table_ids=(), language="es") for u in watchers]
    snapshot = read_snapshot(table_id=table.pk)
    assert snapshot is not None
    for viewer in viewers:
        viewer.frame(snapshot)

    figures: dict[str, list[float]] = {
        "move": [],
        "snapshot": [],
        "frames": [],
        "frame": [],
        "renders": [],
        "kB": [],
    }
    for _ in range(options.moves):
        moved, move_ms = timed(lambda: bot_move(table))
        if not moved:
            break
        snapshot, snapshot_ms = timed(partial(read_snapshot, table_id=table.pk, previous=snapshot))
        assert snapshot is not None
        renders[0] = 0
        sent = 0
        frames_ms = 0.0
        for viewer in viewers:
            frame, ms = timed(partial(viewer.frame, snapshot))
            sent += len(frame or "")
            frames_ms += ms
            figures["frame"].append(ms)
        figures["move"].append(move_ms)
        figures["snapshot"].append(snapshot_ms)
        figures["frames"].append(frames_ms)
        figures["renders"].append(renders[0])
        figures["kB"].append(sent / 1000)

    moves = len(figures["move"])
    print(
        f"{options.game}: {moves} moves, 4 players and {options.spectators} spectator(s), "
        "CPU per move in ms (time.process_time), SQLite"
    )
    print(f"{'':28s} {'median':>8s} {'p90':>8s}")
    rows = [
        ("move service", "move"),
        ("snapshot read (shared)", "snapshot"),
        (f"frames, all {len(viewers)} viewers", "frames"),
        ("one viewer's frame", "frame"),
        ("parts rendered per move", "renders"),
        ("kB sent per move", "kB"),
    ]
    for label, key in rows:
        values = sorted(figures[key])
        p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
        print(f"{label:28s} {statistics.median(values):8.2f} {p90:8.2f}")
    server = zip(figures["move"], figures["snapshot"], figures["frames"], strict=True)
    total = [sum(parts) for parts in server]
    print(f"{'move + read + frames':28s} {statistics.median(total):8.2f}")
    folder.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
