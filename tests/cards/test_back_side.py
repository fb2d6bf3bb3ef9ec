"""A DBSCG leader's awakened side (issue 23) is shown wherever its front is: the card page, the
generated face in both languages (which the hover preview shows) and the editor's row."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from PIL import Image

from cards import faces
from cards.models import Card

pytestmark = pytest.mark.django_db


def test_the_card_page_shows_the_awakened_side_s_name_and_power(client, dbscg):
    page = client.get(reverse("cards:detail", args=["dbscg", "BT1-001"])).content.decode()
    assert "<dt>Awakened side</dt>" in page
    assert '<dd translate="no">God of Destruction Champa</dd>' in page
    assert '<dt>Power (awakened)</dt><dd translate="no">15000</dd>' in page
    client.cookies["django_language"] = "ja"
    page = client.get(reverse("cards:detail", args=["dbscg", "BT1-001"])).content.decode()
    assert "<dt>覚醒後</dt>" in page and "<dt>パワー（覚醒後）</dt>" in page


def test_a_one_sided_card_shows_no_awakened_side(client, dbscg):
    page = client.get(reverse("cards:detail", args=["dbscg", "BT1-004"])).content.decode()
    assert "Awakened side" not in page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_face_draws_the_awakened_side_in_both_languages(dbscg, lang):
    card = Card.objects.get(number="BT1-001")
    with_back = faces.draw_face(card, lang)
    card.data = {**card.data, "name_back": None, "power_back": None}
    without_back = faces.draw_face(card, lang)
    facts_area = (30, 200, 570, 780)
    assert (
        Image.open(io.BytesIO(with_back)).crop(facts_area).tobytes()
        != Image.open(io.BytesIO(without_back)).crop(facts_area).tobytes()
    )
