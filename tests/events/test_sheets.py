"""Each game's registration sheet prints the blocks its folder names (`Game.event_sheet`)."""

import subprocess
from datetime import date

import pytest

from cards import shipped
from cards.games.registry import get_game
from cards.models import Card
from decklab.events import services
from decklab.events.models import Registration
from decklab.events.sheets import registration_sheet
from tests.decks.factories import make_user

pytestmark = pytest.mark.django_db


def _sheet_text(slug: str, zones: dict, tmp_path) -> str:
    organiser, player = make_user("organiser"), make_user("player")
    event = services.event_create(
        organiser=organiser, game=slug, name="Sheet", date=date(2026, 1, 2)
    )
    # Written directly: the sheet prints whatever list was locked, legal or not.
    registration = Registration.objects.create(
        event=event, player=player, decklist="-", zones=zones
    )
    services.registration_lock(registration=registration)
    registration = Registration.objects.get(pk=registration.pk)
    pdf = registration_sheet(event=event, registration=registration, url="https://example.com/e/1")
    path = tmp_path / f"{slug}.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def _load(slug: str) -> None:
    list(shipped.load_game(get_game(slug), shipped.DATA / slug))


def test_the_gundam_war_sheet_groups_the_main_deck_by_type_with_the_g_count(tmp_path):
    _load("gundam_war")
    g_cards = list(
        Card.objects.filter(game="gundam_war", type="G").values_list("number", flat=True)[:2]
    )
    units = list(
        Card.objects.filter(game="gundam_war", type="UNIT").values_list("number", flat=True)[:2]
    )
    zones = {
        "main": {g_cards[0]: 3, g_cards[1]: 2, units[0]: 3, units[1]: 1},
        "side": {units[0]: 1},
    }
    text = _sheet_text("gundam_war", zones, tmp_path)
    assert "G (5)" in text and "UNIT (4)" in text
    assert "G枚数 / G count: 5" in text
    assert "サイド / Side: 1" in text


def test_the_dreadnought_sheet_lists_the_casters_then_the_fifty_by_cluster(tmp_path):
    _load("dreadnought")
    casters = list(
        Card.objects.filter(game="dreadnought", type="キャスター").values_list("number", flat=True)[
            :2
        ]
    )
    others = (
        Card.objects.filter(game="dreadnought").exclude(type="キャスター").exclude(data__cluster="")
    )
    card = others.first()
    zones = {"casters": {casters[0]: 1, casters[1]: 1}, "main": {card.number: 3}}
    text = _sheet_text("dreadnought", zones, tmp_path)
    assert "キャスター / Casters: 2" in text
    assert f"{card.data['cluster']} (3)" in text


@pytest.mark.parametrize(
    ("slug", "labels"),
    [
        ("blade_rondo", ["プール / Pool", "配札 / Dealt", "手札 / Hand"]),
        ("draws_troidal", ["メイン / Main"]),
    ],
)
def test_the_other_games_print_one_block_per_zone(slug, labels, tmp_path):
    _load(slug)
    number = Card.objects.filter(game=slug).values_list("number", flat=True).first()
    zone = get_game(slug).zones[0].slug
    text = _sheet_text(slug, {zone: {number: 2}}, tmp_path)
    for label in labels:
        assert label in text
