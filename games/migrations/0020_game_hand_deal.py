"""Each match keeps its current hand as dealt, so recording the hand no longer replays the match
from its first move; a match being played when this runs gets it from one last replay."""

from typing import Any

from django.db import migrations, models


def keep_the_deal_of_hands_in_play(apps: Any, schema_editor: Any) -> None:
    from games.kinds.registry import game_kind

    Game = apps.get_model("games", "Game")
    Action = apps.get_model("games", "Action")
    for game in Game.objects.filter(status="playing").iterator():
        moves = Action.objects.filter(game_id=game.pk, seq__lt=game.hand_first_seq)
        start = game_kind(game.game).rules.replay(
            seed=game.seed,
            options=game.options,
            players=len(game.players),
            moves=moves.order_by("seq").values_list("seat", "action"),
            deal=game.deal,
        )
        game.hand_deal = start.hands_face_up()
        game.save(update_fields=["hand_deal"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0019_game_window"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="hand_deal",
            field=models.JSONField(default=list, verbose_name="the hand as dealt"),
        ),
        migrations.RunPython(keep_the_deal_of_hands_in_play, migrations.RunPython.noop),
    ]
