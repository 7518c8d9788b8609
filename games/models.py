import secrets

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. A guest is a real user who chose only a nickname; he becomes a full account by
    setting a password, keeping his history."""

    display_name = models.CharField(_("display name"), max_length=40)
    is_guest = models.BooleanField(_("guest"), default=False)
    is_bot = models.BooleanField(_("bot"), default=False)

    def __str__(self) -> str:
        return self.display_name or self.username


def new_invite_token() -> str:
    return secrets.token_urlsafe(18)


class Table(models.Model):
    """A card table in the lobby. Every change to it or its seats goes through ``games.services``,
    which locks this row and bumps ``version``; sockets re-render when they hear of a newer one.
    ``lobby_changed_at`` moves only with a change the lobby's list shows (docs/live-tables.md,
    "What reaches the lobby"), not with every move of a match as ``updated_at`` does."""

    class GameKind(models.TextChoices):
        RUMMY70 = "rummy70", _("Rummy 70")
        GOLFO = "golfo", _("Golfo")

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

    game = models.CharField(_("game"), max_length=16, choices=GameKind.choices)
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
    options = models.JSONField(_("game options"), default=dict)
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
        """Players needed to start: Rummy 70 two, Golfo three (RULES.md §2)."""
        return 3 if self.game == self.GameKind.GOLFO else 2


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
    game = models.CharField(_("game"), max_length=16, choices=Table.GameKind.choices)
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
    hand_ended_at = models.DateTimeField(_("hand ended"), null=True, blank=True)
    ready = models.JSONField(_("seats ready for the next hand"), default=list)
    rematch = models.JSONField(_("users who accept a rematch"), default=list)
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True, db_index=True)
    bot_move_at = models.DateTimeField(_("bot moves at"), null=True, blank=True, db_index=True)
    deadline_version = models.PositiveIntegerField(_("version of the deadlines"), default=0)
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

    def save(self, *args: object, **kwargs: object) -> None:
        if not self._state.adding:
            raise ValueError("The action log is append-only.")
        super().save(*args, **kwargs)  # type: ignore[arg-type]


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


class TableNote(models.Model):
    """A line of a table's log written by the table itself (a clock that ran out, a player sat
    out or back): ``kind`` says what happened, ``name`` to whom; the text is translated when
    shown."""

    class Kind(models.TextChoices):
        TIMEOUT = "timeout", _("Time ran out")
        SAT_OUT = "sat_out", _("Sat out")
        BACK = "back", _("Back")
        CLOSED = "closed", _("Closed")

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
