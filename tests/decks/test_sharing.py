"""Sharing: short links with OpenGraph tags, the stateless builder link, forks, public decks, exports."""

import io
import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse
from PIL import Image

from cards.games import deckcode
from decklab.decks import selectors
from decklab.decks.models import Deck
from decklab.decks.services import deck_create
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_deck(deck):
    deck.visibility = "public"
    deck.save()
    return deck


def test_the_short_link_shows_the_deck_to_anyone_with_opengraph_tags(client, public_deck):
    html = client.get(reverse("decks:shared", args=[public_deck.code])).content.decode()
    assert (
        '<meta property="og:title" content="Red test — Dragon Ball Super Card Game deck">' in html
    )
    image = re.search(r'<meta property="og:image" content="([^"]+)"', html)[1]
    assert image.endswith(reverse("decks:image", args=[public_deck.code]))
    assert "TS1-002" in html and "Legal in ZENKAI" in html


def test_a_visitor_does_not_see_the_version_number_the_owner_does(client, public_deck):
    """Issue 23: a version number means something to the deck's owner (the history), not to a
    visitor."""
    url = reverse("decks:shared", args=[public_deck.code])
    assert "version 1" not in client.get(url).content.decode()
    client.force_login(public_deck.owner)
    assert "version 1" in client.get(url).content.decode()


def test_the_deck_image_is_a_png_grid_of_faces(client, public_deck):
    response = client.get(reverse("decks:image", args=[public_deck.code]))
    assert response["Content-Type"] == "image/png"
    picture = Image.open(io.BytesIO(response.content))
    assert picture.width >= 1000 and picture.height > 600  # 3 zones, 16 distinct cards


def test_the_registration_sheet_is_a_pdf_with_the_player_name(client, public_deck):
    response = client.get(reverse("decks:sheet", args=[public_deck.code]), {"player": "Kakarot"})
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_games_without_a_registration_sheet_answer_404(client, owner, dreadnought_cards):
    deck = deck_create(owner=owner, game="dreadnought", name="D", visibility="public")
    assert client.get(reverse("decks:sheet", args=[deck.code])).status_code == 404


def test_the_text_export_is_the_canonical_decklist(client, public_deck):
    text = client.get(reverse("decks:text", args=[public_deck.code])).content.decode()
    assert text.startswith("Leader (1)\n1 TS1-001 Test Leader Alpha\n\nMain (52)\n")


def test_a_fork_is_a_private_copy_for_the_signed_in_user(client, public_deck, stranger):
    client.force_login(stranger)
    response = client.post(reverse("decks:fork", args=[public_deck.code]))
    copy = Deck.objects.get(owner=stranger)
    assert response["Location"] == reverse("decks:editor", args=[copy.pk])
    assert selectors.current_zones(copy) == LEGAL_DBSCG and copy.visibility == "private"


def test_forking_without_an_account_asks_to_sign_in(client, public_deck):
    response = client.post(reverse("decks:fork", args=[public_deck.code]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_public_decks_page_is_searchable_by_card_and_format(client, public_deck, owner):
    deck_create(
        owner=owner,
        game="dbscg",
        name="Classic pile",
        format="classic",
        visibility="public",
        zones={"main": {"TS1-050": 1}},
    )
    deck_create(
        owner=owner,
        game="dbscg",
        name="Hidden",
        visibility="private",
        zones={"main": {"TS1-050": 1}},
    )
    url = reverse("decks:public", args=["dbscg"])
    assert "Red test" in client.get(url).content.decode()
    by_card = client.get(url, {"card": "TS1-050"}).content.decode()
    assert "Classic pile" in by_card and "Red test" not in by_card and "Hidden" not in by_card
    by_format = client.get(url, {"format": "zenkai"}).content.decode()
    assert "Red test" in by_format and "Classic pile" not in by_format


def _code_of(response) -> str:
    return parse_qs(urlparse(response["Location"]).query)["c"][0]


def test_the_stateless_builder_keeps_the_whole_deck_in_the_link(client, dreadnought_cards):
    url = reverse("decks:build", args=["dreadnought"])
    response = client.post(
        url, {"action": "add", "zone": "casters", "number": "TD-C01", "code": ""}
    )
    code = _code_of(response)
    response = client.post(
        url, {"action": "add", "zone": "main", "number": "TD-U01", "count": 4, "code": code}
    )
    code = _code_of(response)
    decoded = deckcode.decode(code)
    assert decoded.quantities == {"casters": {"TD-C01": 1}, "main": {"TD-U01": 4}}
    page = client.get(url, {"c": code}).content.decode()
    assert "Not legal in" in page and "TD-U01" in page


def test_a_broken_deck_code_is_a_404_not_a_crash(client, db):
    assert client.get(reverse("decks:build", args=["dbscg"]), {"c": "garbage!!"}).status_code == 404


def test_a_deck_code_of_another_game_is_refused(client, db):
    code = deckcode.encode("dreadnought", "standard", {})
    assert client.get(reverse("decks:build", args=["dbscg"]), {"c": code}).status_code == 404


def test_saving_a_builder_deck_needs_an_account(client, dbscg_cards, owner):
    code = deckcode.encode("dbscg", "zenkai", LEGAL_DBSCG)
    url = reverse("decks:build-save", args=["dbscg"])
    response = client.post(url, {"code": code, "name": "From link"})
    assert response["Location"].startswith(reverse("login"))
    client.force_login(owner)
    response = client.post(url, {"code": code, "name": "From link"})
    deck = Deck.objects.get(name="From link")
    assert selectors.current_zones(deck) == LEGAL_DBSCG


def test_the_name_typed_in_the_builder_survives_signing_in(client, dbscg_cards, owner):
    """Issue 23: "Save to my decks" sent a visitor to sign in and back to an empty name field."""
    code = deckcode.encode("dbscg", "zenkai", LEGAL_DBSCG)
    url = reverse("decks:build-save", args=["dbscg"])
    response = client.post(url, {"code": code, "name": "赤の速攻"})
    back = parse_qs(urlparse(response["Location"]).query)["next"][0]
    client.force_login(owner)
    page = client.get(back).content.decode()
    assert 'name="name" value="赤の速攻"' in page


def test_the_builder_exports_text_and_image_from_the_code(client, dbscg_cards):
    code = deckcode.encode("dbscg", "zenkai", LEGAL_DBSCG)
    text = client.get(reverse("decks:build-text", args=["dbscg"]), {"c": code}).content.decode()
    assert "4 TS1-002 Test Fighter 1" in text
    image = client.get(reverse("decks:build-image", args=["dbscg"]), {"c": code})
    assert image["Content-Type"] == "image/png"


def test_the_blade_rondo_builder_deals_15_from_the_pool(client, db):
    from cards.importers import import_path
    from cards.models import Card
    from cards.shipped import DATA

    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    numbers = Card.objects.filter(game="blade_rondo").values_list("number", flat=True)[:20]
    code = deckcode.encode("blade_rondo", "free", {"pool": dict.fromkeys(numbers, 2)})
    response = client.post(
        reverse("decks:build", args=["blade_rondo"]), {"action": "deal", "code": code}
    )
    dealt = deckcode.decode(_code_of(response)).quantities["dealt"]
    assert sum(dealt.values()) == 15 and set(dealt) <= set(numbers)
    page = client.get(response["Location"]).content.decode()
    assert "Deal 15" in page
