"""The rules of Rummy 70 as moves on a :class:`State` (RULES.md §1).

``apply`` copies the state, plays the move on the copy and returns it: a refused move raises an
:class:`EngineError` before anything is returned, so the caller's state never changes. ``verify``
is the same dry run without the result; ``can`` answers it as a bool.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games.engine.cards import Card, seeded_rng, shuffled
from games.engine.errors import (
    CardNotHeld,
    EngineError,
    GameOver,
    InvalidAction,
    NotSeated,
    NotYourTurn,
    WrongPhase,
)
from games.engine.rummy.actions import (
    Action,
    Close,
    Discard,
    Draw,
    KeepCut,
    LayMeld,
    LayOff,
    MeldSpec,
    NextHand,
    Open,
    Ready,
    SwapJoker,
    TakeDiscard,
)
from games.engine.rummy.deal import deal, deal_after_cut, seeded_deck
from games.engine.rummy.errors import (
    AlreadyOpened,
    AlreadyReady,
    BadOptions,
    CannotClose,
    CannotOpenWith,
    CannotPlayTaken,
    DiscardNotOffered,
    DuplicateCard,
    FirstRound,
    MustClose,
    MustOpenWith,
    MustPlayCard,
    NoDiscard,
    NoJokerThere,
    NoSuchMeld,
    NotOpened,
    NotTheJokersCard,
    OpeningTooLow,
    WouldStrand,
)
from games.engine.rummy.melds import Meld, extend, form_meld, hand_points
from games.engine.rummy.owed import placeable, swapped
from games.engine.rummy.planner import Search
from games.engine.rummy.state import (
    DEFAULT_PLAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPENING_POINTS,
    Ending,
    HandResult,
    Options,
    State,
)


def new_match(
    *,
    players: int = DEFAULT_PLAYERS,
    options: Options | None = None,
    seed: int | str,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
) -> State:
    """A match with its first hand dealt.

    The first dealer is ``options.dealer``, else drawn by lot from the seed, and every shuffle
    comes from the seed; each seat starts with ``options.points``. For tests (and the web
    layer's test-only fixed deals) ``deck`` fixes the order of the first hand's deck, e.g.
    ``deal.stacked_deal(...)``, and ``dealer`` fixes the first dealer (over the options').
    """
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadOptions(reason=f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    options = options or Options()
    points = options.starting_points(players)
    if dealer is None:
        dealer = options.dealer
    if dealer is None:
        dealer = seeded_rng(seed, 0, "dealer", 0).randrange(players)
    if not 0 <= dealer < players:
        raise BadOptions(reason=f"dealer {dealer}")
    state = State(
        seed=seed,
        players=players,
        options=options,
        hand_no=1,
        dealer=dealer,
        points=points,
        phase="draw",
        turn=0,
        hands=[],
        opened=[],
        out_hand=[None] * players,
    )
    deal(state, deck if deck is not None else seeded_deck(seed, 1))
    return state


def apply(state: State, seat: int | None, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises an ``EngineError`` if the rules refuse."""
    after = state.copy()
    _play(after, seat, action)
    return after


def verify(state: State, seat: int | None, action: Action) -> None:
    """Raise the ``EngineError`` that ``apply`` would raise, or return if the move is legal."""
    apply(state, seat, action)


def can(state: State, seat: int | None, action: Action) -> bool:
    try:
        verify(state, seat, action)
    except EngineError:
        return False
    return True


def replay(
    seed: int | str,
    options: Options | None,
    players: int,
    actions: Iterable[tuple[int | None, Action]],
    *,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
) -> State:
    """The state reached from a new match by the logged ``(seat, action)`` pairs, in order."""
    state = new_match(players=players, options=options, seed=seed, deck=deck, dealer=dealer)
    for seat, action in actions:
        _play(state, seat, action)
    return state


def _play(state: State, seat: int | None, action: Action) -> None:
    if state.phase == "match_over":
        raise GameOver()
    if isinstance(action, NextHand):
        if seat is not None:
            raise InvalidAction(detail="only the table deals the next hand")
        _require_phase(state, "hand_over")
        _next_hand(state)
        return
    if seat is None or type(seat) is not int or not 0 <= seat < state.players:
        raise NotSeated()
    if not state.in_match(seat):
        raise NotSeated()
    if isinstance(action, Ready):
        _ready(state, seat)
        return
    if state.phase == "hand_over":
        raise WrongPhase()
    if seat != state.turn:
        raise NotYourTurn()
    handler = _TURN_MOVES.get(type(action))
    if handler is None:
        raise InvalidAction(detail=type(action).__name__)
    handler(state, seat, action)


def _require_phase(state: State, phase: str) -> None:
    if state.phase != phase:
        raise WrongPhase()


# --- the cut -----------------------------------------------------------------------------------


def _keep_cut(state: State, seat: int, action: Action) -> None:
    """The cutter who showed a joker keeps it or puts it back; then the deal goes on."""
    assert isinstance(action, KeepCut)
    _require_phase(state, "cut")
    deal_after_cut(state, state.stock, keep=action.keep)


# --- taking a card -----------------------------------------------------------------------------


def _draw(state: State, seat: int, action: Action) -> None:
    _require_phase(state, "draw")
    if not state.stock:
        _rebuild_stock(state)
    state.hands[seat].append(state.stock.pop(0))
    state.phase = "play"


def _rebuild_stock(state: State) -> None:
    """The discard pile but its top card, shuffled, becomes the stock."""
    rng = seeded_rng(state.seed, state.hand_no, "rebuild", state.rebuilds)
    state.stock = shuffled(state.discards[:-1], rng)
    state.discards = state.discards[-1:]
    state.rebuilds += 1


def _take_discard(state: State, seat: int, action: Action) -> None:
    """Take the top discard; refused when it could not reach the table this turn."""
    _require_phase(state, "draw")
    top = state.top_discard
    if top is None:
        raise NoDiscard()
    hand = state.hands[seat]
    if not state.opened[seat]:
        if not (top.is_joker and state.turns_begun == 1):
            raise DiscardNotOffered()
        with_joker = [*hand, top]
        if Search(with_joker).best_with(len(hand))[0] < OPENING_POINTS:
            raise CannotOpenWith(card=str(top))
        state.open_with = top
    elif not placeable([*hand, top], [*state.must_play, top], state.melds):
        raise CannotPlayTaken(card=str(top))
    state.discards.pop()
    hand.append(top)
    state.must_play.append(top)
    state.phase = "play"


# --- laying cards on the table -----------------------------------------------------------------


def _take_from_hand(hand: list[Card], wanted: Sequence[Card]) -> list[Card]:
    """Remove these physical cards (face and id) from ``hand``, or refuse the whole move."""
    taken: list[Card] = []
    for card in wanted:
        index = next((i for i, c in enumerate(hand) if c == card and c.id == card.id), None)
        if index is None:
            if any(c == card and c.id == card.id for c in taken):
                raise DuplicateCard(card=str(card))
            raise CardNotHeld(card=str(card))
        taken.append(hand.pop(index))
    return taken


def _played(state: State, seat: int, cards: Iterable[Card]) -> None:
    """Cards that reached the table no longer have to be played this turn. The move is refused
    when, after it, no sequence of moves could lay every card still owed (RULES.md, "Owed
    cards"): the turn must stay able to end."""
    ids = {c.id for c in cards}
    state.must_play = [c for c in state.must_play if c.id not in ids]
    owed = state.must_play
    if owed and state.opened[seat] and not placeable(state.hands[seat], owed, state.melds):
        raise WouldStrand(cards=" ".join(map(str, owed)))


def _form(state: State, seat: int, specs: Sequence[MeldSpec]) -> list[Meld]:
    """Take the cards of these melds from the hand and form them (each card once)."""
    cards = _take_from_hand(state.hands[seat], [c for spec in specs for c in spec.cards])
    melds: list[Meld] = []
    for spec in specs:
        mine, cards = cards[: len(spec.cards)], cards[len(spec.cards) :]
        melds.append(form_meld(mine, joker_as=spec.joker_as, owner=seat))
    return melds


def _open(state: State, seat: int, action: Action) -> None:
    assert isinstance(action, Open)
    _require_phase(state, "play")
    if state.opened[seat]:
        raise AlreadyOpened()
    if state.first_round and state.open_with is None:
        raise FirstRound()
    if not action.melds:
        raise OpeningTooLow(needed=OPENING_POINTS, points=0)
    melds = _form(state, seat, action.melds)
    points = sum(m.points for m in melds)
    if points < OPENING_POINTS:
        raise OpeningTooLow(needed=OPENING_POINTS, points=points)
    laid = [c for m in melds for c in m.cards]
    if state.open_with is not None and all(c.id != state.open_with.id for c in laid):
        raise MustOpenWith(card=str(state.open_with))
    state.melds.extend(melds)
    state.opened[seat] = True
    state.open_with = None
    _played(state, seat, laid)


def _require_opened(state: State, seat: int) -> None:
    _require_phase(state, "play")
    if not state.opened[seat]:
        raise NotOpened()


def _lay_meld(state: State, seat: int, action: Action) -> None:
    assert isinstance(action, LayMeld)
    _require_opened(state, seat)
    (meld,) = _form(state, seat, [action.meld])
    state.melds.append(meld)
    _played(state, seat, meld.cards)


def _table_meld(state: State, index: int) -> Meld:
    if not 0 <= index < len(state.melds):
        raise NoSuchMeld(index=index)
    return state.melds[index]


def _lay_off(state: State, seat: int, action: Action) -> None:
    assert isinstance(action, LayOff)
    _require_opened(state, seat)
    meld = _table_meld(state, action.meld)
    (card,) = _take_from_hand(state.hands[seat], [action.card])
    state.melds[action.meld] = extend(meld, card, joker_as=action.joker_as)
    _played(state, seat, [card])


def _swap_joker(state: State, seat: int, action: Action) -> None:
    assert isinstance(action, SwapJoker)
    _require_opened(state, seat)
    meld = _table_meld(state, action.meld)
    joker = meld.joker
    if joker is None or meld.joker_as is None:
        raise NoJokerThere(index=action.meld)
    if action.card.is_joker or action.card != meld.joker_as:
        raise NotTheJokersCard(joker_as=str(meld.joker_as), card=str(action.card))
    (card,) = _take_from_hand(state.hands[seat], [action.card])
    state.melds[action.meld] = swapped(meld, card)
    state.hands[seat].append(joker)
    state.must_play.append(joker)
    _played(state, seat, [card])


# --- ending a turn -----------------------------------------------------------------------------


def _require_nothing_owed(state: State) -> None:
    if state.open_with is not None:
        raise MustOpenWith(card=str(state.open_with))
    if state.must_play:
        raise MustPlayCard(card=str(state.must_play[0]))


def _discard(state: State, seat: int, action: Action) -> None:
    assert isinstance(action, Discard)
    _require_phase(state, "play")
    _require_nothing_owed(state)
    hand = state.hands[seat]
    if len(hand) == 1 and action.card in hand:
        raise MustClose()
    (card,) = _take_from_hand(hand, [action.card])
    state.discards.append(card)
    _next_turn(state, seat)


def _next_turn(state: State, seat: int) -> None:
    state.turn = state.next_seat(seat)
    state.turns_begun += 1
    state.phase = "draw"
    if not state.stock and len(state.discards) < 2:
        _end_hand(state, None, "agotada", [0] * state.players)


def _close(state: State, seat: int, action: Action) -> None:
    assert isinstance(action, Close)
    _require_opened(state, seat)
    _require_nothing_owed(state)
    hand = state.hands[seat]
    if action.last is not None:
        state.face_down.extend(_take_from_hand(hand, [action.last]))
    if hand:
        raise CannotClose(left=len(hand))
    _score_close(state, seat)


def _score_close(state: State, closer: int) -> None:
    """SECO, NO ABIERTOS or ABIERTOS (ties: every tied player takes the point)."""
    others = [s for s in state.active_seats if s != closer]
    not_opened = [s for s in others if not state.opened[s]]
    counted = [hand_points(state.hands[s], state.options.joker_penalty) for s in others]
    ending: Ending
    if len(not_opened) == len(others):
        ending, losers = "seco", others
    elif not_opened:
        ending, losers = "no_abiertos", not_opened
    else:
        worst = max(counted)
        ending = "abiertos"
        losers = [s for s, points in zip(others, counted, strict=True) if points == worst]
    penalties = [1 if s in losers else 0 for s in range(state.players)]
    _end_hand(state, closer, ending, penalties)


def _end_hand(state: State, closer: int | None, ending: Ending, penalties: list[int]) -> None:
    active = state.active_seats
    counts = tuple(
        hand_points(state.hands[s], state.options.joker_penalty) if s in active else None
        for s in range(state.players)
    )
    for seat, penalty in enumerate(penalties):
        state.points[seat] += penalty
    eliminated = tuple(s for s in active if not state.in_match(s))
    for seat in eliminated:
        state.out_hand[seat] = state.hand_no
    state.result = HandResult(ending, closer, counts, tuple(penalties), eliminated)
    state.must_play = []
    state.open_with = None
    state.ready = [False] * state.players
    remaining = state.active_seats
    if len(remaining) == 1:
        state.phase = "match_over"
        state.winner = remaining[0]
    else:
        state.phase = "hand_over"


# --- between hands -----------------------------------------------------------------------------


def _ready(state: State, seat: int) -> None:
    _require_phase(state, "hand_over")
    if state.ready[seat]:
        raise AlreadyReady()
    state.ready[seat] = True
    if all(state.ready[s] for s in state.active_seats):
        _next_hand(state)


def _next_hand(state: State) -> None:
    """The next player still in deals (counter-clockwise), from a fresh seeded shuffle."""
    state.hand_no += 1
    state.dealer = state.next_seat(state.dealer)
    deal(state, seeded_deck(state.seed, state.hand_no))


_TURN_MOVES: dict[type, Callable[[State, int, Action], None]] = {
    KeepCut: _keep_cut,
    Draw: _draw,
    TakeDiscard: _take_discard,
    Open: _open,
    LayMeld: _lay_meld,
    LayOff: _lay_off,
    SwapJoker: _swap_joker,
    Discard: _discard,
    Close: _close,
}
