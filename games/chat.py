"""The two chats of a table: the players' (players still in the match write; everybody reads) and
the spectators' (spectators and eliminated players write and read; the players still in a match
being played neither see nor write it until the match ends)."""

from datetime import timedelta

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.broadcasts import announce_chat
from games.errors import TableError
from games.game_kinds import GAME_KINDS
from games.models import ChatMessage, Game, Table, User
from games.play import current_game
from games.table_roles import Role, ViewerRole, viewer_role

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
    if len(text) > MAX_CHARS:
        raise TableError(
            _("A chat message holds at most %(count)d characters.") % {"count": MAX_CHARS}
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
        since = timezone.now() - timedelta(seconds=RATE_SECONDS)
        if ChatMessage.objects.filter(user=user, created_at__gte=since).count() >= RATE_MESSAGES:
            raise TableError(_("You are writing too fast: wait a few seconds."))
        message = ChatMessage.objects.create(table=table, room=room, user=user, text=text)
        announce_chat(table_id=table.pk, message_id=message.pk)
    return table


def _state(game: Game | None) -> object:
    if game is None:
        return None
    return GAME_KINDS[game.game].engine.state_from_json(game.state)
