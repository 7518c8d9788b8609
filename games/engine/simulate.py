"""Bot-versus-bot simulations that check every rule after every action.

    python -m games.engine.simulate rummy --players 4 --matches 50 --seed 1
    python -m games.engine.simulate golfo --hands 10000 --seed 1

Exits non-zero on any violation.
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    usage = "usage: python -m games.engine.simulate {rummy,golfo} [options]"
    if not argv or argv[0] not in ("rummy", "golfo"):
        print(usage, file=sys.stderr)
        return 2
    if argv[0] == "rummy":
        from games.engine.rummy.simulation import main as run
    else:
        from games.engine.golfo.simulation import main as run
    return run(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
