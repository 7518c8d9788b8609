"""What ``DATABASE_URL`` gives the site (``cardroom.settings.database_from_url``): on PostgreSQL a
thread keeps its connection between a player's moves however long the match lasts, so no move
waits for a new database session and its statement to be prepared again (Django still drops a
connection that failed); statements sent with their parameters apart may be prepared."""

from cardroom.settings import database_from_url


def test_a_postgresql_connection_is_kept_for_as_long_as_its_thread_runs() -> None:
    database = database_from_url("postgres://cardroom@db.example:5432/cardroom")
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["CONN_MAX_AGE"] is None
    assert database["OPTIONS"] == {"prepare_threshold": 5}
