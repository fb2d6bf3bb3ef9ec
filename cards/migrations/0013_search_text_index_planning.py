"""Card text by trigram index, and statistics the planner reads quickly, on PostgreSQL; nothing on
SQLite (issue 25 item 3).

- `text:` and `o:` are a `LIKE '%…%'` on `Card.text_folded`: without an index every row was read
  (144 ms at 30× the DBSCG cards, though no card had text yet). A trigram GIN index serves it as
  0007's serve names and tags, written straight into the index (no pending list, as 0011).
- 0007 gave `name_folded` and `tags` 1,000-value statistics. Estimating a `LIKE '%…%'` runs the
  pattern over every sampled value, per condition: a negation of a few terms took 20–32 ms to plan,
  half of the database's time at 1×. PostgreSQL's default (100) plans it in a tenth of that, and
  the pages no longer depend on the planner's guess of how many cards match (`CappedPaginator`
  counts, then reads a prefix of the order).
"""

from django.db import migrations

INDEX = "card_text_folded_trgm"
COLUMNS = ("name_folded", "tags")


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("cards", "Card")._meta.db_table)
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON {table}"
        " USING gin (text_folded gin_trgm_ops) WITH (fastupdate = off)"
    )
    for column in COLUMNS:
        schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET STATISTICS -1")
    schema_editor.execute(f"ANALYZE {table}")


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("cards", "Card")._meta.db_table)
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    for column in COLUMNS:
        schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET STATISTICS 1000")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0012_card_import"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards, elidable=False),
    ]
