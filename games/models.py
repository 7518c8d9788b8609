import secrets

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. A guest is a real user who chose only a nickname; he becomes a full account by
    setting a password, keeping his history."""

    display_name = models.CharField(_("display name"), max_length=40)
    is_guest = models.BooleanField(_("guest"), default=False)

    def __str__(self) -> str:
        return self.display_name or self.username


def new_invite_token() -> str:
    return secrets.token_urlsafe(18)


class Table(models.Model):
    """A card table in the lobby. Every change to it or its seats goes through ``games.services``,
    which locks this row and bumps ``version``; sockets re-render when they hear of a newer one."""

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
