"""The server's CPU for one move at a table, part by part, in one process:

    .venv/bin/python -m bench.frames [--game rummy70|golfo] [--moves 300] [--spectators 1]
                                     [--seed bench-frames] [--calls] [--passes 0]
                                     [--instructions]

A match is played through the services on a throwaway SQLite database in a temporary folder (or
on the database ``DATABASE_URL`` names), in a process warmed up as a server is: the player on turn
sends his screen's form fields for the engine bot's choice (decided outside the timing), as his
socket would, and one ``ViewerFrames`` per player and spectator is kept, as each socket of a
daphne process keeps. For every move it times (``time.process_time``) the move service; the
table's snapshot as the mover's process gets it (handed over by the move, or read when it cannot
be); the read another process makes of it; and every viewer's frame. It counts the parts rendered
and the bytes sent. Between hands the table deals, untimed. Database round trips cost no CPU here
and are not counted: the load benchmark (``python -m bench.load``) measures the whole stack.
Prints medians and p90, then the medians of each kind of move.

The match is dealt from ``--seed``, and the bots decide alone, so that every run plays the same
moves. ``--calls`` counts instead the Python function calls the move service and the frames
make, per move (``cProfile``, which slows the run): a figure that the machine's speed does not
move, for comparing two versions of the code on a machine whose speed drifts between runs by more
than the change does (docs/performance.md, sixteenth pass).

``--passes K`` then builds every viewer's frames of the same snapshots again, K times, each pass
with new sockets and the process's renderings and shared parts emptied (its snippets stay, as a
server's do), so that each snapshot's frames are built as a process builds them the first time
it meets it, and from a collected heap (the process's collector is set as a server's,
``cardroom.collector``: an older generation's collection in the middle of a pass, or not, moved
its count by 9%); it prints the frames' CPU a move, the best pass and the median. On a calm machine
the best of nine moves by about 2% between runs where a single run's median moves by 6–11%: a
figure for comparing two versions of the frames' code, in pairs alternated, since a drifting
machine moves it too (docs/performance.md, twenty-seventh pass).

``--instructions`` runs the benchmark again under valgrind's callgrind (``PYTHONHASHSEED=0``),
counting the machine instructions of one such pass only, and prints them per move: a figure that
neither the machine's speed nor what else runs on it moves (two runs of one code differ by about
0.05%), for changes of a few per cent. It takes a minute or two for 100 moves.
"""

import argparse
import cProfile
import gc
import os
import pstats
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

UNDER_CALLGRIND = "BENCH_FRAMES_UNDER_CALLGRIND"
COUNTED = re.compile(r"instructions counted over the frames of (\d+) snapshots")


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["rummy70", "golfo"], default="rummy70")
    parser.add_argument("--moves", type=int, default=300, help="moves to time (300)")
    parser.add_argument("--spectators", type=int, default=1, help="spectators' sockets (1)")
    parser.add_argument("--seed", default="bench-frames", help="the deal's seed (bench-frames)")
    parser.add_argument(
        "--calls", action="store_true", help="count function calls per move instead of timing"
    )
    parser.add_argument(
        "--passes", type=int, default=0, help="build the frames again, caches emptied (0)"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the instructions of one such pass under callgrind instead",
    )
    options = parser.parse_args(argv)
    if not (1 <= options.moves <= 5000 and 0 <= options.spectators <= 50):
        parser.error("--moves must be 1-5000 and --spectators 0-50")
    if not 0 <= options.passes <= 50:
        parser.error("--passes must be 0-50")
    return options


def timed(call: Callable[[], T]) -> tuple[T, float]:
    """The call's result and the CPU it took, in ms."""
    start = time.process_time()
    result = call()
    return result, (time.process_time() - start) * 1000


def counted(call: Callable[[], T]) -> tuple[T, float]:
    """The call's result and the function calls it made, Python's and built-in ones."""
    profile = cProfile.Profile()
    result = profile.runcall(call)
    return result, float(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    if options.instructions and not os.environ.get(UNDER_CALLGRIND):
        return count_instructions(sys.argv[1:] if argv is None else argv)
    folder = tempfile.TemporaryDirectory(prefix="cardroom-frames-")
    os.environ["SQLITE_PATH"] = os.path.join(folder.name, "db.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
    import django

    django.setup()
    from asgiref.sync import async_to_sync
    from django.core.management import call_command
    from django.db import connection
    from django.test import override_settings

    from games.live import frames as frames_module
    from games.live import part_cache
    from games.live.frames import ViewerFrames
    from games.models import Game, User
    from games.tables import play, snapshots
    from games.tables.snapshots import SNAPSHOTS, read_snapshot
    from tests.support.matches import (
        bot_move,
        golfo_fields,
        listos_awaited,
        match_of,
        rummy_fields,
        seat_to_move,
        start_match,
        user_at,
        version_of,
    )

    call_command("migrate", verbosity=0)
    from cardroom.collector import settle_collector
    from cardroom.warm_up import warm_up

    warm_up()
    settle_collector()
    override_settings(CARDROOM_DEALS={options.game: {"seed": options.seed}}).enable()
    measure = counted if options.calls else timed
    renders = [0]
    render = part_cache.render_plain

    def counted_render(*args: Any, **kwargs: Any) -> str:
        renders[0] += 1
        return render(*args, **kwargs)

    part_cache.render_plain = counted_render
    cache_reads = [0]

    def counted_read(**kwargs: Any) -> Any:
        cache_reads[0] += 1
        return read_snapshot(**kwargs)

    snapshots.read_snapshot = counted_read
    players = [User.objects.create(username=f"p{n}", display_name=f"P{n}") for n in range(4)]
    watchers = [
        User.objects.create(username=f"w{n}", display_name=f"W{n}")
        for n in range(options.spectators)
    ]
    table = start_match(players, game=options.game, seat_count=4)
    viewers = [ViewerFrames(viewer=u, granted_table_ids=(), language="es") for u in players]
    viewers += [ViewerFrames(viewer=u, granted_table_ids=(), language="es") for u in watchers]
    latest = async_to_sync(SNAPSHOTS.at_least)
    snapshot = latest(table.pk)
    assert snapshot is not None
    for viewer in viewers:
        viewer.frame(snapshot)
    fields_of = rummy_fields if options.game == "rummy70" else golfo_fields

    figures: dict[str, list[float]] = {
        "move": [],
        "here": [],
        "snapshot": [],
        "frames": [],
        "frame": [],
        "renders": [],
        "kB": [],
    }
    kinds: list[str] = []
    shown = [snapshot]
    handed_over = 0
    while len(figures["move"]) < options.moves:
        game, engine, state = match_of(table)
        seat = seat_to_move(table)
        fields: dict[str, str] = {}
        kind = ""
        waiting = [] if seat is not None else listos_awaited(game)
        if waiting:
            # Golfo's "Listo"s, the one that deals the next hand counted apart.
            seat, fields = waiting[0], {"move": "ready"}
            kind = "ready, deals" if len(waiting) == 1 else "ready"
        if game.status == Game.Status.FINISHED or seat is None:
            if not bot_move(table):
                break
            snapshot = latest(table.pk, version=version_of(table))
            assert snapshot is not None
            shown.append(snapshot)
            for viewer in viewers:
                viewer.frame(snapshot)
            continue
        fields = fields or fields_of(engine.bot.decide(engine.view(state, seat)))
        move = partial(
            play.play,
            table_id=table.pk,
            user=user_at(game, seat),
            version=version_of(table),
            fields=fields,
        )
        moved, move_ms = measure(move)
        reads_before, before = cache_reads[0], snapshot
        snapshot = latest(table.pk, version=moved.version)
        assert snapshot is not None
        shown.append(snapshot)
        handed = cache_reads[0] == reads_before
        handed_over += handed
        _read, snapshot_ms = measure(partial(read_snapshot, table_id=table.pk, previous=before))
        renders[0] = 0
        sent = 0
        frames_ms = 0.0
        for viewer in viewers:
            frame, ms = measure(partial(viewer.frame, snapshot))
            sent += len(frame or "")
            frames_ms += ms
            figures["frame"].append(ms)
        kinds.append(kind or str(fields.get("move", "")))
        figures["move"].append(move_ms)
        figures["here"].append(0.0 if handed else snapshot_ms)
        figures["snapshot"].append(snapshot_ms)
        figures["frames"].append(frames_ms)
        figures["renders"].append(renders[0])
        figures["kB"].append(sent / 1000)

    moves = len(figures["move"])
    unit = (
        "function calls per move (cProfile)"
        if options.calls
        else "CPU per move in ms (time.process_time)"
    )
    print(
        f"{options.game}: {moves} moves, 4 players and {options.spectators} spectator(s), {unit}, "
        f"{connection.vendor}, seed {options.seed!r}; "
        f"{handed_over} moves handed their snapshot over, the others were read"
    )
    print(
        "in the mover's process a move costs the service, the frames and, unless handed over, "
        "the read; each other process with a socket on the table reads it"
    )
    print(f"{'':28s} {'median':>8s} {'p90':>8s} {'mean':>8s}")
    rows = [
        ("move service", "move"),
        ("snapshot read (elsewhere)", "snapshot"),
        (f"frames, all {len(viewers)} viewers", "frames"),
        ("one viewer's frame", "frame"),
        ("parts rendered per move", "renders"),
        ("kB sent per move", "kB"),
    ]
    for label, key in rows:
        values = sorted(figures[key])
        p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
        mean = statistics.fmean(values)
        print(f"{label:28s} {statistics.median(values):8.2f} {p90:8.2f} {mean:8.2f}")
    here = zip(figures["move"], figures["here"], figures["frames"], strict=True)
    total = [sum(parts) for parts in here]
    label = "in the mover's process"
    print(f"{label:28s} {statistics.median(total):8.2f}")
    print_by_kind(kinds, figures)
    if options.passes:
        users = players + watchers

        def one_pass() -> float:
            frames_module.RENDERINGS = part_cache.Renderings()
            frames_module.SHARED = frames_module.SharedBySnapshot()
            part_cache.LASTING.clear()
            sockets = [ViewerFrames(viewer=u, granted_table_ids=(), language="es") for u in users]
            gc.collect()
            callgrind(options, "on")
            start = time.process_time()
            for seen in shown:
                for socket in sockets:
                    socket.frame(seen)
            spent = time.process_time() - start
            callgrind(options, "off")
            return spent / len(shown) * 1_000_000

        passes = [one_pass() for _ in range(options.passes)]
        if options.instructions:
            print(f"instructions counted over the frames of {len(shown)} snapshots")
        print(
            f"frames of the {len(shown)} snapshots again, {options.passes} passes, caches "
            f"emptied: best {min(passes):.0f} us a move, median {statistics.median(passes):.0f}"
        )
    folder.cleanup()
    return 0


def callgrind(options: argparse.Namespace, switch: str) -> None:
    """Start or stop counting, when this process runs under callgrind for ``--instructions``."""
    if options.instructions:
        command = ["callgrind_control", "--instr=" + switch, str(os.getpid())]
        subprocess.run(command, check=True, capture_output=True)


def count_instructions(argv: list[str]) -> int:
    """Run this benchmark under callgrind with one pass counted, and print its instructions per
    move (each snapshot's frames for every viewer)."""
    with tempfile.TemporaryDirectory(prefix="cardroom-callgrind-") as folder:
        counts = Path(folder) / "callgrind.out"
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={counts}",
                sys.executable,
                "-m",
                "bench.frames",
                *argv,
                "--passes",
                "1",
            ],
            env={**os.environ, UNDER_CALLGRIND: "1", "PYTHONHASHSEED": "0"},
            capture_output=True,
            text=True,
        )
        found = COUNTED.search(run.stdout)
        if run.returncode != 0 or found is None or not counts.exists():
            print(run.stdout + run.stderr, file=sys.stderr)
            return 1
        total = next(
            int(line.split()[1])
            for line in counts.read_text().splitlines()
            if line.startswith("totals:")
        )
    snapshots = int(found.group(1))
    print(
        f"{total:,} instructions for the frames of {snapshots} snapshots, one pass "
        f"(callgrind): {total / snapshots:,.0f} a move"
    )
    return 0


def print_by_kind(kinds: list[str], figures: dict[str, list[float]]) -> None:
    """Medians for each kind of move: a hand's end (Rummy 70's ``close`` and ``ready``) costs
    more than a move in the middle of a hand, and is a share of the slowest moves
    (docs/performance.md, eighteenth pass)."""
    header = f"{'by move (medians)':28s} {'moves':>6s} {'service':>8s} {'frames':>8s}"
    print(f"{header} {'renders':>8s}")
    for kind, count in Counter(kinds).most_common():
        at = [index for index, made in enumerate(kinds) if made == kind]
        move, frames, renders = (
            statistics.median(figures[key][i] for i in at) for key in ("move", "frames", "renders")
        )
        print(f"  {kind:26s} {count:6d} {move:8.2f} {frames:8.2f} {renders:8.1f}")


if __name__ == "__main__":
    raise SystemExit(main())
