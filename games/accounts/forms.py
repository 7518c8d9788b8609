"""Account forms. They check the shape of the input; the rules live in ``services``."""

from typing import ClassVar

from django import forms
from django.contrib.auth.forms import PasswordChangeForm
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from games.accounts.services import DISPLAY_NAME_MAX_LENGTH

USERNAME_MAX_LENGTH = 150
PASSWORD_MAX_LENGTH = 256


class ServiceForm(forms.Form):
    """A form that can show a service's ``ValidationError`` next to the fields it concerns."""

    service_fields: ClassVar[dict[str, str]] = {}

    def add_service_error(self, error: ValidationError) -> None:
        if not hasattr(error, "error_dict"):
            self.add_error(None, error)
            return
        for name, errors in error.error_dict.items():
            field = self.service_fields.get(name, name)
            self.add_error(field if field in self.fields else None, errors)


def _password_field(label: StrOrPromise, autocomplete: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        strip=False,
        max_length=PASSWORD_MAX_LENGTH,
        widget=forms.PasswordInput(attrs={"autocomplete": autocomplete}),
    )


class NewPasswordForm(ServiceForm):
    username = forms.CharField(
        label=_("Username"),
        max_length=USERNAME_MAX_LENGTH,
        validators=[UnicodeUsernameValidator()],
        help_text=_("To log in. Letters, digits and @ . + - _ only."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    password1 = _password_field(_("Password"), "new-password")
    password2 = _password_field(_("Password again"), "new-password")

    service_fields: ClassVar[dict[str, str]] = {"password": "password1"}

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ."))
        return cleaned


def _display_name_field() -> forms.CharField:
    return forms.CharField(
        label=_("Display name"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        help_text=_("The name other players see at the table."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )


class SignUpForm(NewPasswordForm):
    display_name = _display_name_field()

    field_order = ["username", "display_name", "password1", "password2"]


class ClaimForm(NewPasswordForm):
    """A guest chooses the username and password that make him a full account."""


class RenameForm(ServiceForm):
    display_name = _display_name_field()


class GuestForm(ServiceForm):
    nickname = forms.CharField(
        label=_("Nickname"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )


class BoundedPasswordChangeForm(PasswordChangeForm):
    """Django's password change, with the same length bound on every password field."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        for name in ("old_password", "new_password1", "new_password2"):
            field = self.fields[name]
            field.validators.append(MaxLengthValidator(PASSWORD_MAX_LENGTH))
            field.widget.attrs["maxlength"] = str(PASSWORD_MAX_LENGTH)
