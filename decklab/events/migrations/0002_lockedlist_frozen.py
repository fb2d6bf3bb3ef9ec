"""A locked list is frozen in the database: any UPDATE of `events_lockedlist` is refused.

A trigger on SQLite and on PostgreSQL (the two databases the site runs on), so no code path (a
view, the admin, a shell, a raw query) can change a list after the lock. Deleting stays possible
(an event deleted with its registrations).
"""

from django.db import migrations

MESSAGE = "a locked list is frozen: it cannot be changed"

SQLITE = [
    f"""CREATE TRIGGER events_lockedlist_frozen BEFORE UPDATE ON events_lockedlist
        BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
]
SQLITE_DROP = ["DROP TRIGGER IF EXISTS events_lockedlist_frozen"]

POSTGRESQL = [
    f"""CREATE OR REPLACE FUNCTION events_lockedlist_frozen() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION '{MESSAGE}'; END; $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER events_lockedlist_frozen BEFORE UPDATE ON events_lockedlist
        FOR EACH ROW EXECUTE FUNCTION events_lockedlist_frozen()""",
]
POSTGRESQL_DROP = [
    "DROP TRIGGER IF EXISTS events_lockedlist_frozen ON events_lockedlist",
    "DROP FUNCTION IF EXISTS events_lockedlist_frozen()",
]


def _run(statements: dict[str, list[str]]):
    def run(apps, schema_editor):
        for statement in statements.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("events", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}),
            _run({"sqlite": SQLITE_DROP, "postgresql": POSTGRESQL_DROP}),
        )
    ]
