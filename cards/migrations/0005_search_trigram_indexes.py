"""Trigram indexes for the card search on PostgreSQL (pg_trgm); nothing on SQLite.

Every text condition of the search language is a `LIKE '%…%'` or a regex on `name_folded` or
`tags` (`cards.search`): a b-tree cannot serve those, a trigram GIN index can, and it serves
both operators. SQLite has no such index: at its sizes (one site's cards) a scan is fast enough.
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


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0004_number_order"),
    ]

    operations = [
        migrations.RunPython(create_indexes, drop_indexes, elidable=False),
    ]
