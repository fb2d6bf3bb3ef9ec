from django.db import migrations


def refill_number_keys(apps, schema_editor):
    """Each game now folds its own numbers (`Game.number_key`): DBSCG drops zero padding, so
    `XD1-01` finds `XD01-01`. Cards stored before get the key their game gives them now."""
    from cards.games.registry import get_game

    Card = apps.get_model("cards", "Card")
    changed = []
    for row in Card.objects.all().only("id", "game", "number", "number_key").iterator(chunk_size=500):
        try:
            key = get_game(row.game).number_key(row.number)
        except KeyError:  # a game no longer registered keeps its cards as they are
            continue
        if key != row.number_key:
            row.number_key = key
            changed.append(row)
    Card.objects.bulk_update(changed, ["number_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0004_number_order"),
    ]

    operations = [
        migrations.RunPython(refill_number_keys, migrations.RunPython.noop),
    ]
