import secrets
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.kinds.registry import game_choices, game_kind
from games.names import display_name_key

HOUSE_WINDOW_SECONDS = 30
"""How long a window stays open at a house table created without a clock."""


class User(AbstractUser):
    """A player. A guest is a real user who chose only a nickname; he becomes a full account by
    setting a password, keeping his history."""

    display_name = models.CharField(_("display name"), max_length=40)
    is_guest = models.BooleanField(_("guest"), default=False)
    is_bot = models.BooleanField(_("bot"), default=False)
    display_name_key = models.CharField(
        _("display name key"), max_length=120, blank=True, default="", editable=False
    )

    # django-stubs 5.2 declares no AbstractUser.Meta (added in 6.x).
    class Meta(AbstractUser.Meta):  # type: ignore[name-defined,misc]
        constraints = [
            models.UniqueConstraint(
                Lower("username"),
                name="username_unique_ignoring_case",
                violation_error_message=_("That username is taken."),
            ),
            models.UniqueConstraint(
                fields=["display_name_key"],
                condition=~models.Q(display_name_key=""),
                name="user_display_name_key_unique",
                violation_error_message=_("That name is already taken by another player."),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name or self.username

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Keep ``display_name_key`` (games.names) in step with the name, whatever saves it."""
        self.display_name_key = display_name_key(self.display_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "display_name_key"}
        super().save(*args, **kwargs)


def new_invite_token() -> str:
    return secrets.token_urlsafe(18)


def new_seed() -> str:
    return secrets.token_hex(16)


class Tournament(models.Model):
    """A tournament: registered players drawn to tables that play it in rounds (RULES.md §4,
    docs/tournaments.md). Each round every table plays one hand, as a match of its own started with
    each player's carried count (Rummy 70 points, Golfo chips); between rounds the tables are
    balanced and broken, until one player is left. ``version`` is the clock of its standings page,
    bumped by every change that page shows; ``next_round_at``, ``starts_at`` and ``next_level_at``
    are deadlines the workers keep (docs/clocks-and-bots.md)."""

    class Status(models.TextChoices):
        REGISTERING = "registering", _("Registering")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    name = models.CharField(_("name"), max_length=60)
    seed = models.CharField(_("seed"), max_length=64, default=new_seed, editable=False)
    host = models.ForeignKey(
        User, verbose_name=_("host"), on_delete=models.CASCADE, related_name="hosted_tournaments"
    )
    visibility = models.CharField(
        _("visibility"),
        max_length=8,
        choices=[("public", _("Public")), ("private", _("Private"))],
        default="public",
    )
    invite_token = models.CharField(
        _("invite token"), max_length=32, unique=True, default=new_invite_token, editable=False
    )
    max_players = models.PositiveSmallIntegerField(_("maximum players"))
    clock = models.PositiveSmallIntegerField(_("turn clock"), default=30)
    options = models.JSONField(_("game options"), default=dict)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True, db_index=True)
    starting_chips = models.PositiveIntegerField(_("starting chips"), null=True, blank=True)
    antes = models.JSONField(_("ante levels"), default=list, blank=True)
    level_minutes = models.PositiveSmallIntegerField(_("minutes per level"), null=True, blank=True)
    level = models.PositiveSmallIntegerField(_("ante level"), default=0)
    next_level_at = models.DateTimeField(_("next level at"), null=True, blank=True, db_index=True)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTERING
    )
    round = models.PositiveIntegerField(_("round"), default=0)
    counted = models.JSONField(_("matches of the round counted"), default=list, blank=True)
    next_round_at = models.DateTimeField(_("next round at"), null=True, blank=True, db_index=True)
    version = models.PositiveIntegerField(_("version"), default=0)
    winner = models.ForeignKey(
        User,
        verbose_name=_("winner"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="won_tournaments",
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(max_players__gte=2, max_players__lte=100),
                name="tournament_max_players_2_to_100",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", kwargs={"tournament_id": self.pk})

    def get_invite_url(self) -> str:
        return reverse("tournament_invite", kwargs={"token": self.invite_token})

    @property
    def is_private(self) -> bool:
        return self.visibility == "private"

    @property
    def ante(self) -> int | None:
        """The ante of the current level (Golfo), ``None`` for a game without antes."""
        return int(self.antes[self.level]) if self.antes else None


class Entry(models.Model):
    """A player registered in a tournament: where he sits now (``table``, ``None`` before the
    start and once he is out), the count he carries from hand to hand (``count``: Rummy 70 points,
    Golfo chips; ``count_before``: what he had when the current round began), the round he went
    out in and his place."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="entries"
    )
    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="entries"
    )
    table = models.ForeignKey(
        "Table",
        verbose_name=_("table"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
    )
    count = models.IntegerField(_("points or chips"), default=0)
    count_before = models.IntegerField(_("at the start of the round"), default=0)
    out_round = models.PositiveIntegerField(_("out in round"), null=True, blank=True)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    registered_at = models.DateTimeField(_("registered"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament entry")
        verbose_name_plural = _("tournament entries")
        ordering = ["tournament", "registered_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="entry_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.user}"

    @property
    def is_out(self) -> bool:
        return self.out_round is not None


class Table(models.Model):
    """A card table in the lobby. Every change to it or its seats goes through
    ``games.tables.seating``, which locks this row and bumps ``version``; sockets re-render when
    they hear of a newer one.
    ``lobby_changed_at`` moves only with a change the lobby's list shows (docs/live-tables.md,
    "What reaches the lobby"), not with every move of a match as ``updated_at`` does."""

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public")
        PRIVATE = "private", _("Private")

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    class Clock(models.IntegerChoices):
        OFF = 0, _("No clock")
        SECONDS_30 = 30, _("30 s")
        SECONDS_60 = 60, _("60 s")
        SECONDS_120 = 120, _("120 s")

    class Patience(models.IntegerChoices):
        """Minutes the player on turn may take at a table without a clock before a bot plays his
        seat (docs/clocks-and-bots.md)."""

        MINUTES_2 = 2, _("2 minutes")
        MINUTES_5 = 5, _("5 minutes")
        MINUTES_10 = 10, _("10 minutes")
        MINUTES_20 = 20, _("20 minutes")

    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    host = models.ForeignKey(
        User, verbose_name=_("host"), on_delete=models.CASCADE, related_name="hosted_tables"
    )
    seat_count = models.PositiveSmallIntegerField(_("seats"))
    visibility = models.CharField(
        _("visibility"), max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    invite_token = models.CharField(
        _("invite token"), max_length=32, unique=True, default=new_invite_token, editable=False
    )
    clock = models.PositiveSmallIntegerField(_("turn clock"), choices=Clock.choices, default=0)
    patience = models.PositiveSmallIntegerField(
        _("patience without a clock"), choices=Patience.choices, default=Patience.MINUTES_5
    )
    options = models.JSONField(_("game options"), default=dict)
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="tables",
    )
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.WAITING
    )
    version = models.PositiveIntegerField(_("version"), default=0)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    lobby_changed_at = models.DateTimeField(
        _("lobby changed"), default=timezone.now, db_index=True, editable=False
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "visibility"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(seat_count__gte=2, seat_count__lte=6),
                name="table_seat_count_2_to_6",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("table", kwargs={"table_id": self.pk})

    def get_invite_url(self) -> str:
        return reverse("table_invite", kwargs={"token": self.invite_token})

    @property
    def is_private(self) -> bool:
        return self.visibility == self.Visibility.PRIVATE

    @property
    def minimum_players(self) -> int:
        """Players needed to start: the game's own minimum (RULES.md)."""
        return game_kind(self.game).seating.minimum_players

    @property
    def house_banks(self) -> bool:
        """Whether the house banks the table's game (Monte, the stud, Pai Gow Poker)."""
        return game_kind(self.game).banked

    @property
    def window_seconds(self) -> int:
        """How long a window (the bets, a decision) stays open at a house table: its clock, or
        ``HOUSE_WINDOW_SECONDS`` at a table created without one."""
        return self.clock or HOUSE_WINDOW_SECONDS

    @property
    def seats_players(self) -> bool:
        """Whether a free seat takes a player now: before the start, or at a house table while
        the house deals (games.tables.house)."""
        return self.status == self.Status.WAITING or (
            self.status == self.Status.PLAYING and self.house_banks
        )


class Seat(models.Model):
    """A player sitting at a table. Positions count from 0."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="seats"
    )
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)
    sat_out = models.BooleanField(_("sat out"), default=False)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.position}: {self.user}"


class Game(models.Model):
    """One match played at a table: the engine's state as JSON, and who plays which engine seat.

    ``players`` lists, by engine seat, ``{"position": table seat, "user": user id, "name": display
    name}``. ``state`` is never sent to a browser: sockets render ``engine.view`` of it.
    ``last_seq`` is the ``seq`` of its latest logged move (0 before the first), so the next move's
    number needs no count of the log: the table's lock serializes the moves that advance it."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="games"
    )
    number = models.PositiveIntegerField(_("match number"))
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    options = models.JSONField(_("engine options"), default=dict)
    seed = models.CharField(_("seed"), max_length=64)
    deal = models.JSONField(_("fixed first deal"), null=True, blank=True)
    players = models.JSONField(_("players"), default=list)
    participants = models.ManyToManyField(
        User, verbose_name=_("participants"), related_name="matches", blank=True
    )
    winner = models.ForeignKey(
        User,
        verbose_name=_("winner"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="won_matches",
    )
    state = models.JSONField(_("engine state"))
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.PLAYING
    )
    last_seq = models.PositiveIntegerField(_("latest action"), default=0)
    hand_first_seq = models.PositiveIntegerField(_("first action of the hand"), default=1)
    # The hand's cards as dealt (``Match.hands_face_up``), kept when it begins: its record takes
    # them from here rather than replaying the match up to the deal (games.tables.history).
    hand_deal = models.JSONField(_("the hand as dealt"), default=list)
    hand_ended_at = models.DateTimeField(_("hand ended"), null=True, blank=True)
    ready = models.JSONField(_("seats ready for the next hand"), default=list)
    rematch = models.JSONField(_("users who accept a rematch"), default=list)
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True, db_index=True)
    bot_move_at = models.DateTimeField(_("bot moves at"), null=True, blank=True, db_index=True)
    # The table version at which ``turn_deadline`` was set: a deadline task names it.
    deadline_version = models.PositiveIntegerField(_("version of the deadlines"), default=0)
    # At a table the house banks: the window ``turn_deadline`` closes (games.kinds.house).
    window = models.CharField(_("open window"), max_length=64, blank=True, default="")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.number}"

    def is_removed(self, seat: int) -> bool:
        """Whether the host removed the player of ``seat`` from this match (a bot plays it)."""
        return bool(self.players[seat].get("removed"))

    def seat_of(self, user_id: int | None) -> int | None:
        """The engine seat of this user in this match, if he plays it."""
        for seat, player in enumerate(self.players):
            if user_id is not None and player["user"] == user_id:
                return seat
        return None


class Action(models.Model):
    """One applied move of a match, in order (``seq`` from 1). Append-only: a row is never changed
    after it is written, so the log replays the match exactly. ``seat`` is ``None`` for the table's
    own moves (dealing the next hand)."""

    game = models.ForeignKey(
        Game, verbose_name=_("match"), on_delete=models.CASCADE, related_name="actions"
    )
    seq = models.PositiveIntegerField(_("sequence"))
    seat = models.PositiveSmallIntegerField(_("engine seat"), null=True, blank=True)
    action = models.JSONField(_("action"))
    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.SET_NULL, null=True, blank=True
    )
    told = models.JSONField(_("move in words"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("action")
        verbose_name_plural = _("actions")
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="action_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.game} · {self.seq}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValueError("The action log is append-only.")
        super().save(*args, **kwargs)


class Hand(models.Model):
    """A finished hand, numbered per table. Its actions are the match's ``first_seq..last_seq``;
    replaying the match's log up to ``last_seq`` rebuilds it. ``deal`` holds each engine seat's
    cards when it was dealt, ``result`` what everybody saw at its end."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="hands"
    )
    number = models.PositiveIntegerField(_("hand number"))
    game = models.ForeignKey(
        Game, verbose_name=_("match"), on_delete=models.CASCADE, related_name="hands"
    )
    hand_no = models.PositiveIntegerField(_("hand of the match"))
    first_seq = models.PositiveIntegerField(_("first action"))
    last_seq = models.PositiveIntegerField(_("last action"))
    deal = models.JSONField(_("deal"), default=list)
    result = models.JSONField(_("result"), default=dict)
    ended_at = models.DateTimeField(_("ended"), auto_now_add=True)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {_('hand')} {self.number}"


class MatchResult(models.Model):
    """What a match left to one of its players, kept for his profile: his ``place`` in a match
    played to its winner (1 is the winner; players out in the same hand may share one), or his
    ``net_chips`` at a Golfo rebuy table, which has no winner (counted when the table closes)."""

    game = models.ForeignKey(
        Game, verbose_name=_("match"), on_delete=models.CASCADE, related_name="results"
    )
    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="match_results"
    )
    seat = models.PositiveSmallIntegerField(_("engine seat"))
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    net_chips = models.IntegerField(_("net chips"), null=True, blank=True)

    class Meta:
        verbose_name = _("match result")
        verbose_name_plural = _("match results")
        ordering = ["game", "place", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="match_result_unique_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.game} · {self.user}"


class PlayerFigures(models.Model):
    """One player's running figures at one game, counted when a hand or a match is recorded (in
    the same transaction) so that a profile reads one row per game: matches played to a winner,
    wins and the sum of places (for the average), rebuy tables and net chips, Rummy 70 openings
    and closes, Golfo hands won (games/tables/figures.py says what counts)."""

    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="figures"
    )
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    matches = models.PositiveIntegerField(_("matches"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    place_total = models.PositiveIntegerField(_("sum of places"), default=0)
    rebuy_tables = models.PositiveIntegerField(_("rebuy tables"), default=0)
    net_chips = models.IntegerField(_("net chips"), default=0)
    openings = models.PositiveIntegerField(_("openings"), default=0)
    closes = models.PositiveIntegerField(_("closes"), default=0)
    hands_won = models.PositiveIntegerField(_("hands won"), default=0)

    class Meta:
        verbose_name = _("player figures")
        verbose_name_plural = _("player figures")
        ordering = ["user", "game"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="player_figures_unique_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_game_display()}"


class ChatMessage(models.Model):
    """A line of one of a table's two chats."""

    class Room(models.TextChoices):
        PLAYERS = "players", _("Players")
        SPECTATORS = "spectators", _("Spectators")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="chat_messages"
    )
    room = models.CharField(_("room"), max_length=10, choices=Room.choices)
    user = models.ForeignKey(
        User, verbose_name=_("author"), on_delete=models.CASCADE, related_name="chat_messages"
    )
    text = models.CharField(_("text"), max_length=300)
    created_at = models.DateTimeField(_("sent"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["table", "room", "created_at"])]

    def __str__(self) -> str:
        return f"{self.table} · {self.room} · {self.user}"


class Presence(models.Model):
    """Whether a user has the page of a table open: his open sockets on it, and when one of them
    last said so. A socket refreshes ``last_seen`` while it lives, so a server process that dies
    without closing its sockets leaves a row that goes stale rather than one that lies."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="presences"
    )
    user = models.ForeignKey(
        User, verbose_name=_("user"), on_delete=models.CASCADE, related_name="presences"
    )
    connections = models.PositiveIntegerField(_("open sockets"), default=0)
    last_seen = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("presence")
        verbose_name_plural = _("presences")
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="presence_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.user}"


class LobbyPresence(models.Model):
    """Whether a signed-in user has the lobby open: his open lobby sockets, and when one of them
    last said so (kept fresh like a table's ``Presence``). With the table presences it tells who
    is online now (``games.tables.online``)."""

    user = models.OneToOneField(
        User, verbose_name=_("user"), on_delete=models.CASCADE, related_name="lobby_presence"
    )
    connections = models.PositiveIntegerField(_("open sockets"), default=0)
    last_seen = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("lobby presence")
        verbose_name_plural = _("lobby presences")

    def __str__(self) -> str:
        return str(self.user)


class TableNote(models.Model):
    """A line of a table's log written by the table itself (a clock that ran out, a player sat
    out or back): ``kind`` says what happened, ``name`` to whom; the text is translated when
    shown."""

    class Kind(models.TextChoices):
        TIMEOUT = "timeout", _("Time ran out")
        SAT_OUT = "sat_out", _("Sat out")
        BACK = "back", _("Back")
        CLOSED = "closed", _("Closed")
        PATIENCE = "patience", _("Out of patience")
        REMOVED = "removed", _("Removed")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="notes"
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    name = models.CharField(_("player"), max_length=40, blank=True)
    created_at = models.DateTimeField(_("written"), auto_now_add=True)

    class Meta:
        verbose_name = _("table note")
        verbose_name_plural = _("table notes")
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.table} · {self.kind}"


class Rating(models.Model):
    """A player's openskill rating at one game (docs/ratings.md): ``mu`` and ``sigma`` as the
    Plackett-Luce model leaves them, ``ordinal`` (mu − 3·sigma, what is shown, rounded) and the
    matches that moved it."""

    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    ordinal = models.FloatField(_("ordinal"))
    matches = models.PositiveIntegerField(_("rated matches"), default=0)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["game", "-ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="rating_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.game} · {self.shown}"

    @property
    def shown(self) -> int:
        """The number players see."""
        return round(self.ordinal)


class RatingChange(models.Model):
    """What one rated match did to one player's rating, for his profile: before and after. A
    match has its changes written once, in the transaction that records its results."""

    game = models.ForeignKey(
        Game, verbose_name=_("match"), on_delete=models.CASCADE, related_name="rating_changes"
    )
    user = models.ForeignKey(
        User, verbose_name=_("player"), on_delete=models.CASCADE, related_name="rating_changes"
    )
    place = models.PositiveSmallIntegerField(_("place"))
    mu_before = models.FloatField(_("mu before"))
    sigma_before = models.FloatField(_("sigma before"))
    ordinal_before = models.FloatField(_("ordinal before"))
    mu_after = models.FloatField(_("mu after"))
    sigma_after = models.FloatField(_("sigma after"))
    ordinal_after = models.FloatField(_("ordinal after"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["game", "place", "user"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="rating_change_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.game} · {self.user}"

    @property
    def shown_before(self) -> int:
        return round(self.ordinal_before)

    @property
    def shown_after(self) -> int:
        return round(self.ordinal_after)


class ChipAccount(models.Model):
    """Where play-money chips are kept (docs/wallet.md): one account per player, the house (the
    bank of the house-banked tables) and the issue account every chip comes from. ``balance`` is
    the sum of the account's ledger entries, kept in step in the transaction that writes them,
    under the row's lock; a player's never goes below zero, the house's may (it is the bank) and
    the issue account's is minus every chip ever issued. ``last_top_up_at`` is when the player last
    took the free top-up."""

    class Kind(models.TextChoices):
        ISSUE = "issue", _("Issue")
        HOUSE = "house", _("House")
        PLAYER = "player", _("Player")

    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    user = models.OneToOneField(
        User,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="chip_account",
    )
    balance = models.BigIntegerField(_("balance"), default=0)
    last_top_up_at = models.DateTimeField(_("last top-up"), null=True, blank=True)
    created_at = models.DateTimeField(_("opened"), auto_now_add=True)

    class Meta:
        verbose_name = _("chip account")
        verbose_name_plural = _("chip accounts")
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind="player", user__isnull=False)
                | (~models.Q(kind="player") & models.Q(user__isnull=True)),
                name="chip_account_player_has_user",
            ),
            models.UniqueConstraint(
                fields=["kind"],
                condition=~models.Q(kind="player"),
                name="chip_account_one_issue_one_house",
            ),
            models.CheckConstraint(
                condition=~models.Q(kind="player") | models.Q(balance__gte=0),
                name="chip_account_player_not_negative",
            ),
        ]

    def __str__(self) -> str:
        if self.user_id is not None:
            return f"{self.get_kind_display()} · {self.user}"
        return str(self.get_kind_display())


class LedgerQuerySet(models.QuerySet["LedgerEntry"]):
    """The ledger's rows in bulk: added, read, never changed nor removed."""

    def update(self, **kwargs: Any) -> int:
        raise ValueError("The chip ledger is append-only.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise ValueError("The chip ledger is append-only.")


class LedgerEntry(models.Model):
    """One side of a chip transfer (docs/wallet.md): ``amount`` chips into ``account`` (negative:
    out of it), for ``reason``, at a table's match and hand when it belongs to one. Every transfer
    writes two entries with the same ``transfer`` id whose amounts sum to zero, so the sum over all
    accounts is always zero. Append-only: a row is never changed nor deleted, and nothing it points
    at can be deleted while it is there."""

    class Reason(models.TextChoices):
        WELCOME = "welcome", _("Welcome chips")
        TOP_UP = "top_up", _("Free top-up")
        BET = "bet", _("Bet")
        PAYOUT = "payout", _("Payout")
        REFUND = "refund", _("Refund")
        LEVY = "levy", _("Levy")

    transfer = models.UUIDField(_("transfer"), db_index=True)
    account = models.ForeignKey(
        ChipAccount, verbose_name=_("account"), on_delete=models.PROTECT, related_name="entries"
    )
    amount = models.BigIntegerField(_("amount"))
    reason = models.CharField(_("reason"), max_length=8, choices=Reason.choices)
    table = models.ForeignKey(
        Table,
        verbose_name=_("table"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger_entries",
    )
    game = models.ForeignKey(
        Game,
        verbose_name=_("match"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger_entries",
    )
    hand = models.PositiveIntegerField(_("hand of the match"), null=True, blank=True)
    created_at = models.DateTimeField(_("written"), auto_now_add=True)

    objects = LedgerQuerySet.as_manager()

    class Meta:
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(amount=0), name="ledger_entry_amount_not_zero"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.account} · {self.amount:+d} · {self.reason}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValueError("The chip ledger is append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ValueError("The chip ledger is append-only.")
