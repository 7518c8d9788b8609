"""Ratings per game and their per-match history (docs/ratings.md, "Ratings")."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_user_display_name_key"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Rating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "game",
                    models.CharField(
                        choices=[("rummy70", "Rummy 70"), ("golfo", "Golfo")],
                        max_length=16,
                        verbose_name="game",
                    ),
                ),
                ("mu", models.FloatField(verbose_name="mu")),
                ("sigma", models.FloatField(verbose_name="sigma")),
                ("ordinal", models.FloatField(verbose_name="ordinal")),
                ("matches", models.PositiveIntegerField(default=0, verbose_name="rated matches")),
            ],
            options={
                "verbose_name": "rating",
                "verbose_name_plural": "ratings",
                "ordering": ["game", "-ordinal"],
            },
        ),
        migrations.CreateModel(
            name="RatingChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("place", models.PositiveSmallIntegerField(verbose_name="place")),
                ("mu_before", models.FloatField(verbose_name="mu before")),
                ("sigma_before", models.FloatField(verbose_name="sigma before")),
                ("ordinal_before", models.FloatField(verbose_name="ordinal before")),
                ("mu_after", models.FloatField(verbose_name="mu after")),
                ("sigma_after", models.FloatField(verbose_name="sigma after")),
                ("ordinal_after", models.FloatField(verbose_name="ordinal after")),
            ],
            options={
                "verbose_name": "rating change",
                "verbose_name_plural": "rating changes",
                "ordering": ["game", "place", "user"],
            },
        ),
        migrations.AddField(
            model_name="rating",
            name="user",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="ratings",
                to=settings.AUTH_USER_MODEL,
                verbose_name="player",
            ),
        ),
        migrations.AddField(
            model_name="ratingchange",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rating_changes",
                to="games.game",
                verbose_name="match",
            ),
        ),
        migrations.AddField(
            model_name="ratingchange",
            name="user",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rating_changes",
                to=settings.AUTH_USER_MODEL,
                verbose_name="player",
            ),
        ),
        migrations.AddConstraint(
            model_name="rating",
            constraint=models.UniqueConstraint(
                fields=("user", "game"), name="rating_unique_per_game"
            ),
        ),
        migrations.AddConstraint(
            model_name="ratingchange",
            constraint=models.UniqueConstraint(
                fields=("game", "user"), name="rating_change_unique_player"
            ),
        ),
    ]
