"""The games, each plugged in by its own adapter folder (``games.kinds.<game>``) and listed in
``games.kinds.registry``: the only places outside a game's engine that name a game."""
