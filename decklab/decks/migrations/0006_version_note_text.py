"""Versions store DeckLab's notes as texts to translate (`note_text`); the English notes older
versions stored ("dealt 10", "revert to v3", "+1 BT1-004 (main)") are read into texts too, so the
whole history reads in the reader's language. A player's note stays as written."""

from django.db import migrations, models

BATCH = 2000


def notes_to_texts(apps, schema_editor):
    from cards.games.registry import UnknownGame, get_game
    from decklab.decks.notes import from_english

    DeckVersion = apps.get_model("decks", "DeckVersion")
    versions = DeckVersion.objects.filter(note_text__isnull=True).exclude(note="")
    changed = []
    for version in versions.select_related("deck").only("note", "deck__game").iterator(BATCH):
        try:
            game = get_game(version.deck.game)
        except UnknownGame:
            continue
        text = from_english(version.note, game)
        if text is not None:
            version.note_text = text.to_json()
            changed.append(version)
        if len(changed) >= BATCH:
            DeckVersion.objects.bulk_update(changed, ["note_text"])
            changed = []
    DeckVersion.objects.bulk_update(changed, ["note_text"])


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0005_deck_revision"),
    ]

    operations = [
        migrations.AddField(
            model_name="deckversion",
            name="note_text",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(notes_to_texts, migrations.RunPython.noop, elidable=True),
    ]
