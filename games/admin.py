from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.models import Action, ChatMessage, Game, Hand, Seat, Table, User


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["user"]
    readonly_fields = ["joined_at"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "host", "seat_count", "visibility", "status", "clock", "version"]
    list_filter = ["game", "status", "visibility"]
    search_fields = ["host__username", "host__display_name", "invite_token"]
    raw_id_fields = ["host"]
    readonly_fields = ["invite_token", "version", "created_at", "updated_at"]
    date_hierarchy = "created_at"
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "position", "user", "joined_at"]
    list_select_related = ["table", "user"]
    search_fields = ["user__username", "user__display_name"]
    raw_id_fields = ["table", "user"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """A match. Its state and log are the game itself: shown, never edited here."""

    list_display = ["table", "number", "game", "status", "created_at", "finished_at"]
    list_filter = ["game", "status"]
    raw_id_fields = ["table"]
    readonly_fields = [field.name for field in Game._meta.fields]


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    """The append-only log: read only."""

    list_display = ["game", "seq", "seat", "user", "created_at"]
    list_select_related = ["game__table", "user"]
    readonly_fields = ["game", "seq", "seat", "action", "user", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Action | None = None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "game", "hand_no", "ended_at"]
    raw_id_fields = ["table", "game"]
    readonly_fields = [field.name for field in Hand._meta.fields]


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["table", "room", "user", "text", "created_at"]
    list_filter = ["room"]
    search_fields = ["text", "user__username", "user__display_name"]
    raw_id_fields = ["table", "user"]


class CardroomUserCreationForm(AdminUserCreationForm):
    class Meta(AdminUserCreationForm.Meta):
        model = User
        fields = ("username", "display_name")


class CardroomUserChangeForm(UserChangeForm):
    class Meta(UserChangeForm.Meta):
        model = User


@admin.register(User)
class CardroomUserAdmin(UserAdmin):
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
