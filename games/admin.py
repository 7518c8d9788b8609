from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.models import (
    Action,
    ChatMessage,
    ChipAccount,
    Game,
    Hand,
    LedgerEntry,
    Seat,
    Table,
    User,
)


class SeatInline(admin.TabularInline[Seat, Table]):
    model = Seat
    extra = 0
    raw_id_fields = ["user"]
    readonly_fields = ["joined_at"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin[Table]):
    list_display = ["id", "game", "host", "seat_count", "visibility", "status", "clock", "version"]
    list_filter = ["game", "status", "visibility"]
    search_fields = ["host__username", "host__display_name", "invite_token"]
    raw_id_fields = ["host"]
    readonly_fields = ["invite_token", "version", "created_at", "updated_at"]
    date_hierarchy = "created_at"
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin[Seat]):
    list_display = ["table", "position", "user", "joined_at"]
    list_select_related = ["table", "user"]
    search_fields = ["user__username", "user__display_name"]
    raw_id_fields = ["table", "user"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    """A match. Its state and log are the game itself: shown, never edited here."""

    list_display = ["table", "number", "game", "status", "created_at", "finished_at"]
    list_filter = ["game", "status"]
    raw_id_fields = ["table"]
    readonly_fields = [field.name for field in Game._meta.fields]


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin[Action]):
    """The append-only log: read only."""

    list_display = ["game", "seq", "seat", "user", "created_at"]
    list_select_related = ["game__table", "user"]
    readonly_fields = ["game", "seq", "seat", "action", "user", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Action | None = None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin[Hand]):
    list_display = ["table", "number", "game", "hand_no", "ended_at"]
    raw_id_fields = ["table", "game"]
    readonly_fields = [field.name for field in Hand._meta.fields]


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin[ChatMessage]):
    list_display = ["table", "room", "user", "text", "created_at"]
    list_filter = ["room"]
    search_fields = ["text", "user__username", "user__display_name"]
    raw_id_fields = ["table", "user"]


@admin.register(ChipAccount)
class ChipAccountAdmin(admin.ModelAdmin[ChipAccount]):
    """Chip accounts: read only, their balances move with the ledger alone (docs/wallet.md)."""

    list_display = ["id", "kind", "user", "balance", "last_top_up_at", "created_at"]
    list_filter = ["kind"]
    list_select_related = ["user"]
    search_fields = ["user__username", "user__display_name"]
    readonly_fields = [field.name for field in ChipAccount._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ChipAccount | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: ChipAccount | None = None) -> bool:
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin[LedgerEntry]):
    """The append-only chip ledger: read only."""

    list_display = ["id", "account", "amount", "reason", "table", "game", "hand", "created_at"]
    list_filter = ["reason"]
    list_select_related = ["account__user", "table", "game__table"]
    search_fields = ["account__user__username", "account__user__display_name", "=transfer"]
    readonly_fields = [field.name for field in LedgerEntry._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: LedgerEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: LedgerEntry | None = None) -> bool:
        return False


class CardroomUserCreationForm(AdminUserCreationForm):
    # django-stubs 5.2 declares no Meta on the auth forms (added in 6.x).
    class Meta(AdminUserCreationForm.Meta):  # type: ignore[name-defined,misc]
        model = User
        fields = ("username", "display_name")


class CardroomUserChangeForm(UserChangeForm[User]):
    class Meta(UserChangeForm.Meta):  # type: ignore[name-defined,misc]  # as above
        model = User


@admin.register(User)
class CardroomUserAdmin(UserAdmin[User]):
    form = CardroomUserChangeForm
    add_form = CardroomUserCreationForm
    fieldsets = (
        (None, {"fields": ("username", "password")}),
        (_("Player"), {"fields": ("display_name", "is_guest", "is_bot")}),
        (_("Personal info"), {"fields": ("first_name", "last_name", "email")}),
        (
            _("Permissions"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Important dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("username", "display_name", "usable_password", "password1", "password2"),
            },
        ),
    )
    list_display = ("username", "display_name", "is_guest", "is_bot", "is_staff", "date_joined")
    list_filter = ("is_guest", "is_bot", "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "display_name", "email")
