"""Account use cases: sign up, play as a guest, turn a guest into a full account, rename.

Each function validates everything first and raises ``ValidationError`` keyed by the name of the
argument at fault; nothing is written unless the whole input is acceptable.
"""

import secrets
import unicodedata

from django.contrib.auth import password_validation
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.models import User
from games.names import display_name_key, is_bot_name

DISPLAY_NAME_MAX_LENGTH = 40
GUEST_USERNAME_PREFIX = "guest-"
RESERVED_USERNAME_PREFIXES = (GUEST_USERNAME_PREFIX, "bot-")
GUEST_USERNAME_ATTEMPTS = 5


def normalize_display_name(value: str) -> str:
    """The name other players see: trimmed, inner runs of whitespace made one space, 1 to 40
    printable characters."""
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise ValidationError(_("Choose a name of at least one character."), code="blank")
    if len(name) > DISPLAY_NAME_MAX_LENGTH:
        raise ValidationError(
            ngettext_lazy(
                "A name has at most %(limit)d character.",
                "A name has at most %(limit)d characters.",
                "limit",
            ),
            code="too_long",
            params={"limit": DISPLAY_NAME_MAX_LENGTH},
        )
    if not name.isprintable():
        raise ValidationError(_("A name cannot hold control characters."), code="unprintable")
    if is_bot_name(name):
        raise ValidationError(_("Names like “Bot 1” are kept for bots."), code="bot_name")
    return name


def available_display_name(value: str, *, user: User | None = None) -> str:
    """``normalize_display_name``, refusing a name another player shows already, whatever its
    case or accents ("Ana", "ana" and "Ána" are one name)."""
    name = normalize_display_name(value)
    others = User.objects.filter(display_name_key=display_name_key(name))
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    if others.exists():
        raise _display_name_taken()
    return name


def _display_name_taken() -> ValidationError:
    return ValidationError(_("That name is already taken by another player."), code="name_taken")


def _is_display_name_clash(error: IntegrityError) -> bool:
    """Whether the database refused the row for its display name (a racing twin got there
    first), rather than for its username."""
    return "display_name_key" in str(error)


def sign_up(*, username: str, password: str, display_name: str) -> User:
    """Create a full account."""
    user = User(username=User.normalize_username(username))
    errors = _credential_errors(user=user, password=password)
    try:
        user.display_name = available_display_name(display_name)
    except ValidationError as error:
        errors["display_name"] = [error]
    if errors:
        raise ValidationError(errors)
    user.set_password(password)
    _save_or_username_taken(user=user)
    return user


def create_guest(*, nickname: str) -> User:
    """Create a guest: a real user with only a nickname, no usable password, and an internal
    username nobody types. The caller signs him in."""
    try:
        name = available_display_name(nickname)
    except ValidationError as error:
        raise ValidationError({"nickname": [error]}) from error
    for _attempt in range(GUEST_USERNAME_ATTEMPTS):
        guest = User(
            username=f"{GUEST_USERNAME_PREFIX}{secrets.token_hex(6)}",
            display_name=name,
            is_guest=True,
        )
        guest.set_unusable_password()
        try:
            with transaction.atomic():
                guest.save()
        except IntegrityError as error:
            if _is_display_name_clash(error):
                raise ValidationError({"nickname": [_display_name_taken()]}) from error
            continue
        return guest
    raise ValidationError({"nickname": [_("Please try again.")]})


def claim_guest(*, user: User, username: str, password: str) -> User:
    """Turn a guest into a full account: the same row, so his games stay his. Returns the updated
    user; the caller must refresh the session's auth hash, since the password changed."""
    with transaction.atomic():
        account = User.objects.select_for_update().get(pk=user.pk)
        if not account.is_guest:
            raise ValidationError(_("This account already has a password."), code="not_guest")
        account.username = User.normalize_username(username)
        errors = _credential_errors(user=account, password=password)
        if errors:
            raise ValidationError(errors)
        account.set_password(password)
        account.is_guest = False
        _save_or_username_taken(user=account)
    return account


def rename(*, user: User, display_name: str) -> User:
    """Change the name other players see; the username stays."""
    try:
        name = available_display_name(display_name, user=user)
    except ValidationError as error:
        raise ValidationError({"display_name": [error]}) from error
    previous, user.display_name = user.display_name, name
    try:
        with transaction.atomic():
            user.save(update_fields=["display_name"])
    except IntegrityError as error:
        user.display_name, user.display_name_key = previous, display_name_key(previous)
        raise ValidationError({"display_name": [_display_name_taken()]}) from error
    return user


def _credential_errors(*, user: User, password: str) -> dict[str, list[ValidationError]]:
    """What is wrong with the user's username and with ``password``, by argument name."""
    errors: dict[str, list[ValidationError]] = {}
    username_errors = _username_errors(user=user)
    if username_errors:
        errors["username"] = username_errors
    try:
        password_validation.validate_password(password, user)
    except ValidationError as error:
        errors["password"] = error.error_list
    return errors


def _username_errors(*, user: User) -> list[ValidationError]:
    try:
        user.clean_fields(
            exclude=[field.name for field in User._meta.fields if field.name != "username"]
        )
    except ValidationError as error:
        return error.error_dict["username"]
    for prefix in RESERVED_USERNAME_PREFIXES:
        if user.username.lower().startswith(prefix):
            return [
                ValidationError(
                    _("Usernames starting with “%(prefix)s” are reserved."),
                    code="reserved",
                    params={"prefix": prefix},
                )
            ]
    taken = User.objects.filter(username__iexact=user.username).exclude(pk=user.pk).exists()
    return [_username_taken()] if taken else []


def _username_taken() -> ValidationError:
    return ValidationError(_("That username is taken."), code="taken")


def _save_or_username_taken(*, user: User) -> None:
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError as error:
        if _is_display_name_clash(error):
            raise ValidationError({"display_name": [_display_name_taken()]}) from error
        raise ValidationError({"username": [_username_taken()]}) from error


def bot_named(number: int) -> User:
    """The bot shown as "Bot <number>": one user per name, shared by every table that seats it,
    so bots' names stay unique like players' (docs/ratings.md, "Names"). It never logs in."""
    name = f"Bot {number}"
    bot, _created = User.objects.get_or_create(
        display_name_key=display_name_key(name),
        is_bot=True,
        defaults={
            "username": f"bot-{secrets.token_hex(8)}",
            "display_name": name,
            "password": make_password(None),
        },
    )
    return bot
