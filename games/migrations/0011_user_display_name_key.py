"""Display names unique ignoring case and accents (docs/ratings.md, "Names"): every user gets his
name's key; names that clash keep working, the oldest unchanged, later ones with " 2", " 3"…"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

from games.names import display_name_key

DISPLAY_NAME_MAX_LENGTH = 40


def fill_display_name_keys(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Give every user his name's key. Names that players could not tell apart keep working: the
    oldest account keeps the name, each later one gets " 2", " 3"… (docs/ratings.md, "Names")."""
    User = apps.get_model("games", "User")
    taken: set[str] = set()
    for user in User.objects.order_by("pk").only("pk", "display_name"):
        name, number = user.display_name, 1
        key = display_name_key(name)
        while key and key in taken:
            number += 1
            suffix = f" {number}"
            name = user.display_name[: DISPLAY_NAME_MAX_LENGTH - len(suffix)] + suffix
            key = display_name_key(name)
        if key:
            taken.add(key)
        user.display_name, user.display_name_key = name, key
        user.save(update_fields=["display_name", "display_name_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("games", "0010_username_unique_ignoring_case"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="display_name_key",
            field=models.CharField(
                blank=True,
                default="",
                editable=False,
                max_length=120,
                verbose_name="display name key",
            ),
        ),
        migrations.RunPython(fill_display_name_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                condition=models.Q(("display_name_key", ""), _negated=True),
                fields=("display_name_key",),
                name="user_display_name_key_unique",
                violation_error_message="That name is already taken by another player.",
            ),
        ),
    ]
