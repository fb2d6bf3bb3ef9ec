"""The card search's GIN indexes on PostgreSQL (trigrams, 0007; tag array, 0009) without a pending
list; nothing on SQLite.

With GIN's default `fastupdate`, rows written since the last VACUUM sit in an unsorted pending list
that every search reads in full: right after an import of thousands of cards (or the bench's 10×
set) a tag lookup took 40 ms instead of 2 ms until autovacuum came by. Cards are written seldom and
searched often, so writes go straight into the index, and what is pending now is moved there.
"""

from django.db import migrations

INDEXES = ("card_tag_array", "card_name_folded_trgm", "card_tags_trgm")


def set_fastupdate(*, on: bool):
    """The migration's step (the bench calls it after re-creating the trigram indexes)."""

    def change(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for name in INDEXES:
            schema_editor.execute(
                f"ALTER INDEX IF EXISTS {name} SET (fastupdate = {'on' if on else 'off'})"
            )
            if not on:
                schema_editor.execute(
                    "SELECT gin_clean_pending_list(to_regclass(%s)) WHERE to_regclass(%s) IS NOT NULL",
                    [name, name],
                )

    return change


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0010_search_number_prefix"),
    ]

    operations = [
        migrations.RunPython(set_fastupdate(on=False), set_fastupdate(on=True)),
    ]
