import re
import unicodedata

from django.db import migrations

# The live `Game.number_key` of each game (`cards.games.game.number_key`, DBSCG's
# `unpadded_number_key`, and the `fold` they call), copied here: a migration does the same on
# every database whatever the live code and the registry become.
_HIRAGANA_TO_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}
_SPACES = re.compile(r"\s+")
_DIGIT_RUN = re.compile(r"[0-9]+")


def number_key(text):
    text = unicodedata.normalize("NFKC", text).casefold().translate(_HIRAGANA_TO_KATAKANA)
    return _SPACES.sub(" ", text).strip().replace(" ", "")


def unpadded_number_key(text):
    return _DIGIT_RUN.sub(lambda run: run[0].lstrip("0") or "0", number_key(text))


#: The games this migration knew, and how each folds its numbers.
NUMBER_KEYS = {
    "dbscg": unpadded_number_key,
    "gundam_war": number_key,
    "dreadnought": number_key,
    "blade_rondo": number_key,
    "draws_troidal": number_key,
}


def refill_number_keys(apps, schema_editor):
    """Each game now folds its own numbers (`Game.number_key`): DBSCG drops zero padding, so
    `XD1-01` finds `XD01-01`. Cards stored before get the key their game gives them now."""
    Card = apps.get_model("cards", "Card")
    changed = []
    for row in Card.objects.all().only("id", "game", "number", "number_key").iterator(chunk_size=500):
        if row.game not in NUMBER_KEYS:  # a game no longer registered keeps its cards as they are
            continue
        key = NUMBER_KEYS[row.game](row.number)
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
