"""The deck image: link-preview size (1200 × 630) whatever the deck holds; saved for looking at."""

import io

import pytest
from django.conf import settings
from django.urls import reverse
from PIL import Image

from cards.importers import import_path
from cards.models import Card
from cards.shipped import DATA
from decklab.decks.services import deck_create

pytestmark = pytest.mark.django_db
SHOTS = settings.BASE_DIR / "var" / "screenshots"


def image_of(client, deck, name: str) -> Image.Image:
    deck.visibility = "unlisted"
    deck.save()
    response = client.get(reverse("decks:image", args=[deck.code]))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"deck-image-{name}.png").write_bytes(response.content)
    return Image.open(io.BytesIO(response.content))


def test_a_deck_image_is_link_preview_size(client, deck):
    assert image_of(client, deck, "dbscg").size == (1200, 630)


def test_a_huge_deck_image_stays_the_same_size(client, owner):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    numbers = Card.objects.filter(game="blade_rondo").values_list("number", flat=True)
    huge = deck_create(
        owner=owner,
        game="blade_rondo",
        name="Every card " * 10,
        zones={"pool": dict.fromkeys(numbers, 3)},
    )
    image = image_of(client, huge, "huge")
    assert image.size == (1200, 630)


def test_a_short_deck_s_names_have_the_canvas_width(client, deck, monkeypatch):
    """Issue 23: a deck of a few lines drew them in the first of three columns, names cut short
    while two thirds of the canvas stayed empty. Its columns now share the whole width."""
    from decklab.decks import images

    widths = []
    real = images._fit

    def fit(draw, text, font, width):
        widths.append(width)
        return real(draw, text, font, width)

    monkeypatch.setattr(images, "_fit", fit)
    image_of(client, deck, "short")
    # The title, then the deck's lines (about 20: two columns of 16, not three of a third each).
    assert min(widths[1:]) > 450
