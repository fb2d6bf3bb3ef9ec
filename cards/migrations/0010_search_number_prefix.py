"""`Card.number_folded`: the folded card number, so a free word's "start of the card number" is a
B-tree prefix lookup and `number:` a trigram search of this short column (on PostgreSQL) instead of
the tags, whose `|number:` trigrams are in every row (`cards.search`)."""

import re
import unicodedata

from django.db import migrations, models

# The live `index_columns(...)["number_folded"]` of `cards.search` (and the `fold` it calls), copied
# here: a migration does the same on every database whatever the live code and the registry become.
_HIRAGANA_TO_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}
_SPACES = re.compile(r"\s+")


def number_folded(number):
    text = unicodedata.normalize("NFKC", number).casefold().translate(_HIRAGANA_TO_KATAKANA)
    return _SPACES.sub(" ", text).strip().replace("|", "/")


def fill_number_folded(apps, schema_editor):
    """Cards stored before the column get it now (imports fill it from `index_columns`)."""
    Card = apps.get_model("cards", "Card")
    changed = []
    for row in Card.objects.all().only("id", "number").iterator(chunk_size=2000):
        row.number_folded = number_folded(row.number)
        changed.append(row)
    Card.objects.bulk_update(changed, ["number_folded"], batch_size=2000)


def create_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("cards", "Card")._meta.db_table)
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS card_number_folded_trgm ON {table}"
        " USING gin (number_folded gin_trgm_ops) WITH (fastupdate = off)"
    )


def drop_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS card_number_folded_trgm")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0009_search_tag_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="number_folded",
            field=models.TextField(blank=True, default=""),
        ),
        migrations.RunPython(fill_number_folded, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                fields=["game", "number_folded"],
                name="card_game_number_folded",
                opclasses=["varchar_pattern_ops", "text_pattern_ops"],
            ),
        ),
        migrations.RunPython(create_trigram_index, drop_trigram_index),
    ]
