"""Trigram indexes for the card search on PostgreSQL (pg_trgm); nothing on SQLite.

Every text condition of the search language is a `LIKE '%…%'` or a regex on `name_folded` or
`tags` (`cards.search`): a b-tree cannot serve those, a trigram GIN index can, and it serves
both operators. SQLite has no such index: at its sizes (one site's cards) a scan is fast enough.

The planner picks between these indexes and reading in number order by how many rows it expects a
`LIKE '%…%'` to match; with the default statistics its guesses on these long texts were off by
ten times, so the two columns keep 1,000-value statistics.
"""

from django.db import migrations

INDEXES = {
    "card_name_folded_trgm": "name_folded",
    "card_tags_trgm": "tags",
}


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    # Django's TrigramExtension would do, but its reverse fails on SQLite; kept on reverse, as
    # other tables may use it.
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    table = schema_editor.quote_name(apps.get_model("cards", "Card")._meta.db_table)
    for name, column in INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin ({column} gin_trgm_ops)"
        )
        schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET STATISTICS 1000")
    schema_editor.execute(f"ANALYZE {table}")


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("cards", "Card")._meta.db_table)
    for name, column in INDEXES.items():
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
        schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET STATISTICS -1")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0006_game_validated_by_registry"),
    ]

    operations = [
        migrations.RunPython(create_indexes, drop_indexes, elidable=False),
    ]
