"""Smaller statistics for the two columns the search matches with `LIKE '%…%'`, on PostgreSQL;
nothing on SQLite (issue 25 item 3).

Estimating such a condition runs its pattern over the column's sampled values: with PostgreSQL's
default 100, planning was 21–23% of the database's time for the bench's queries at 1× on an
AVX-512 machine (each negation about 0.6 ms to plan). 20 values make it 17–18%; the pages do not
depend on the estimate (`CappedPaginator` counts, then reads a prefix of the order), and
`manage.py bench search --scale 30` times both sets beside it (docs/benchmarks.md).
"""

from django.db import migrations

COLUMNS = ("name_folded", "tags")
TARGET = 20


def _set(apps, schema_editor, target: int) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("cards", "Card")._meta.db_table)
    for column in COLUMNS:
        schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET STATISTICS {target}")
    schema_editor.execute(f"ANALYZE {table}")


def forwards(apps, schema_editor):
    _set(apps, schema_editor, TARGET)


def backwards(apps, schema_editor):
    _set(apps, schema_editor, -1)  # PostgreSQL's default, as 0013 left it


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0013_search_text_index_planning"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards, elidable=False),
    ]
