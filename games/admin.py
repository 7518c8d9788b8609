from django.contrib import admin

from games.models import Seat, Table


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
