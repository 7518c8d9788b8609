"""Bot-versus-bot simulations that check every rule after every action: each engine package
that has a ``simulation`` module runs its own.

    python -m games.engine.simulate rummy --players 4 --matches 50 --seed 1
    python -m games.engine.simulate golfo --hands 10000 --seed 1

Exits non-zero on any violation.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

ENGINES = sorted(path.parent.name for path in Path(__file__).parent.glob("*/simulation.py"))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ENGINES:
        print(
            f"usage: python -m games.engine.simulate {{{','.join(ENGINES)}}} [options]",
            file=sys.stderr,
        )
        return 2
    simulation = importlib.import_module(f"games.engine.{argv[0]}.simulation")
    code: int = simulation.main(argv[1:])
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
