"""One account per username whatever its case, enforced by the database.

Accounts that already share a name in another case keep working: the oldest keeps the name, each
later one is renamed ``<name>-<id>`` (docs/security.md, "Usernames")."""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps
from django.db.models.functions import Lower

USERNAME_MAX_LENGTH = 150


def rename_case_duplicates(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    User = apps.get_model("games", "User")
    kept: set[str] = set()
    for user in User.objects.order_by("pk").only("pk", "username"):
        folded = user.username.lower()
        if folded not in kept:
            kept.add(folded)
            continue
        suffix, extra = f"-{user.pk}", 0
        while (user.username[: USERNAME_MAX_LENGTH - len(suffix)] + suffix).lower() in kept:
            extra += 1
            suffix = f"-{user.pk}-{extra}"
        user.username = user.username[: USERNAME_MAX_LENGTH - len(suffix)] + suffix
        kept.add(user.username.lower())
        user.save(update_fields=["username"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_table_patience"),
    ]

    operations = [
        migrations.RunPython(rename_case_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                Lower("username"),
                name="username_unique_ignoring_case",
                violation_error_message="That username is taken.",
            ),
        ),
    ]
