from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Cardroom"

    def ready(self) -> None:
        from games.accounts.sessions import connect_session_ends
        from games.tables.records import register_game_records

        register_game_records()
        connect_session_ends()
