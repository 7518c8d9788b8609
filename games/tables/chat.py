"""The two chats of a table: the players' (players still in the match write; everybody reads) and
the spectators' (spectators and eliminated players write and read; the players still in a match
being played neither see nor write it until the match ends)."""

import unicodedata
from datetime import timedelta

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.kinds.match import Match
from games.kinds.registry import game_kind
from games.models import ChatMessage, Game, Table, User
from games.tables.broadcasts import announce_chat
from games.tables.errors import TableError
from games.tables.matches import current_game
from games.tables.roles import Role, ViewerRole, viewer_role

MAX_CHARS = 300
RATE_MESSAGES = 5
RATE_SECONDS = 10
SHOWN_MESSAGES = 50


def can_read(*, room: str, table: Table, role: ViewerRole) -> bool:
    if room == ChatMessage.Room.PLAYERS:
        return True
    return not (role.is_player and table.status == Table.Status.PLAYING)


def writable_room(*, user: User | AnonymousUser, role: ViewerRole) -> str | None:
    """The room this viewer writes in, or ``None`` (anonymous visitors only read)."""
    if not user.is_authenticated:
        return None
    if role.role == Role.PLAYER:
        return ChatMessage.Room.PLAYERS
    return ChatMessage.Room.SPECTATORS


def post_message(*, table_id: int, user: User | AnonymousUser, room: str, text: str) -> Table:
    """``user`` writes ``text`` in the chat ``room`` of a table he may write in."""
    if not user.is_authenticated:
        raise TableError(_("Log in or sit as a guest first."))
    text = " ".join(text.split())
    if not text:
        raise TableError(_("Write something first."))
    if any(unicodedata.category(char) == "Cc" for char in text):
        raise TableError(_("A chat message cannot hold control characters."))
    if len(text) > MAX_CHARS:
        raise TableError(
            ngettext(
                "A chat message holds at most %(count)d character.",
                "A chat message holds at most %(count)d characters.",
                MAX_CHARS,
            )
            % {"count": MAX_CHARS}
        )
    with transaction.atomic():
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            raise TableError(_("This table does not exist."))
        game = current_game(table)
        role = viewer_role(table=table, game=game, state=_state(game), viewer=user)
        if room != writable_room(user=user, role=role):
            if room == ChatMessage.Room.PLAYERS:
                raise TableError(_("Only the players still in the match write in this chat."))
            raise TableError(_("The players of the match cannot write in the spectators' chat."))
        # The writer's row is locked until this line is stored, so his lines from several
        # sockets at once are counted one after another and never all pass the same count.
        list(User.objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
        since = timezone.now() - timedelta(seconds=RATE_SECONDS)
        if ChatMessage.objects.filter(user=user, created_at__gte=since).count() >= RATE_MESSAGES:
            raise TableError(_("You are writing too fast: wait a few seconds."))
        message = ChatMessage.objects.create(table=table, room=room, user=user, text=text)
        announce_chat(table_id=table.pk, message_id=message.pk)
    return table


def _state(game: Game | None) -> Match | None:
    if game is None:
        return None
    return game_kind(game.game).rules.load(game.state)
