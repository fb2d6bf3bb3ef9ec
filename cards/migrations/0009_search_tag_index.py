"""The tag index of the card search on PostgreSQL; nothing on SQLite.

`field=value` asks whether a card has one tag and `field:value` whether it has any tag of the field
that holds the value (`cards.search`). Trigram indexes cannot serve values under three characters
(`set:EX`), so those queries read every card. Here:

- a GIN index on `Card.tags` split into its tags (`string_to_array(tags, '|')`): "has this tag" and
  "has any of these tags" become index lookups;
- `cards_searchtag`, the vocabulary of tags per game (a few thousand rows, one per card number),
  with a `text_pattern_ops` index so a field's tags (`set:…`) are a range of it;
- statement triggers that add the tags of every inserted or updated card row, however it is
  written (importer, proposals, admin, bulk writes), and the tags of the cards already stored.
"""

from django.db import migrations, models

import cards.models

FUNCTION = "cards_remember_search_tags"
TRIGGERS = {"cards_card_tags_inserted": "INSERT", "cards_card_tags_updated": "UPDATE"}


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    card = schema_editor.quote_name(apps.get_model("cards", "Card")._meta.db_table)
    schema_editor.execute(
        "CREATE TABLE IF NOT EXISTS cards_searchtag ("
        " game varchar(32) NOT NULL, tag text NOT NULL, PRIMARY KEY (game, tag))"
    )
    schema_editor.execute(
        "CREATE INDEX IF NOT EXISTS cards_searchtag_prefix"
        " ON cards_searchtag (game, tag text_pattern_ops)"
    )
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS card_tag_array ON {card} USING gin (string_to_array(tags, '|'))"
    )
    schema_editor.execute(
        f"CREATE OR REPLACE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$"
        " BEGIN"
        "  INSERT INTO cards_searchtag (game, tag)"
        "  SELECT DISTINCT changed.game, tag"
        "  FROM changed_cards AS changed, unnest(string_to_array(changed.tags, '|')) AS tag"
        "  WHERE tag <> ''"
        "  ON CONFLICT DO NOTHING;"
        "  RETURN NULL;"
        " END $$"
    )
    for name, event in TRIGGERS.items():
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {name} ON {card}")
        schema_editor.execute(
            f"CREATE TRIGGER {name} AFTER {event} ON {card}"
            " REFERENCING NEW TABLE AS changed_cards"
            f" FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}()"
        )
    schema_editor.execute(
        "INSERT INTO cards_searchtag (game, tag)"
        f" SELECT DISTINCT game, tag FROM {card}, unnest(string_to_array(tags, '|')) AS tag"
        " WHERE tag <> '' ON CONFLICT DO NOTHING"
    )
    schema_editor.execute(f"ANALYZE {card}")
    schema_editor.execute("ANALYZE cards_searchtag")


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    card = schema_editor.quote_name(apps.get_model("cards", "Card")._meta.db_table)
    for name in TRIGGERS:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {name} ON {card}")
    schema_editor.execute(f"DROP FUNCTION IF EXISTS {FUNCTION}()")
    schema_editor.execute("DROP INDEX IF EXISTS card_tag_array")
    schema_editor.execute("DROP TABLE IF EXISTS cards_searchtag")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0008_card_text"),
    ]

    operations = [
        migrations.CreateModel(
            name="SearchTag",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "game", "tag", blank=True, editable=False, primary_key=True, serialize=False
                    ),
                ),
                ("game", models.CharField(max_length=32, validators=[cards.models.validate_game])),
                ("tag", models.TextField()),
            ],
            options={"db_table": "cards_searchtag", "managed": False},
        ),
        migrations.RunPython(create_index, drop_index, elidable=False),
    ]
