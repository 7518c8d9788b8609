"""Pure rules engines for the card room. Nothing in this package imports Django.

Every game package (``rummy``, ``golfo``) offers the same surface, so the web layer treats them
alike:

- ``Options``: a frozen dataclass with the RULES.md defaults, ``to_json()`` / ``from_json()``.
- ``new_match(*, players, options, seed) -> State``: a match ready for its first move.
- ``apply(state, seat, action) -> State``: the new state; refuses an illegal move by raising an
  ``EngineError`` and leaves ``state`` untouched. ``verify`` raises, ``can`` answers a bool.
- ``view(state, viewer) -> dict``: plain JSON data for one seat (or ``None``, a spectator); the
  only way information leaves the engine.
- ``state_to_json`` / ``state_from_json``, ``action_to_json`` / ``action_from_json``: exact
  round-trips through plain JSON; ``action_from_json`` raises ``InvalidAction`` on garbage.
- ``replay(seed, options, players, actions) -> State``: the same state again from the log.
- ``bot.decide(view) -> Action``: a bot move from a seat's view alone.

What the table asks of a match beyond these (whose turn it is, where the hand stands, who the
next deal waits for, the default move when a clock runs out, places and net chips) is the engine
protocol, ``protocol.GameEngine``: each game package satisfies it as a module (its ``surface``),
and the table reads no state's fields.
"""
