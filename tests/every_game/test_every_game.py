"""Every registered game answers on every page, and so does a sixth game added as CONTRIBUTING says.

CONTRIBUTING.md "Adding a game": copy a game's folder under the new slug, rename it, add one
registry line, add data. `copied_game` does exactly that at test time (a copy of `draws_troidal`),
so this test proves a new game needs no edit anywhere else: no migration, no table in shared code.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse

from cards.games import deckcode, draws_troidal
from cards.games.goldfish import goal_forms
from cards.games.registry import GAMES, get_game
from cards.importers import import_cards
from decklab.decks.services import deck_create
from decklab.goldfish.models import SimulationRun

#: Copies of the sample card in the test decks: enough for every game's goldfish to deal and draw.
COPIES = 60
#: The slug of the game copied at test time (not a folder in the repository).
COPIED = "copied_troidal"


@pytest.fixture
def copied_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """`draws_troidal` copied to a folder named `COPIED`, renamed, and registered by one line."""
    folder = tmp_path / COPIED
    source = Path(draws_troidal.__file__).parent
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__"))
    init = folder / "__init__.py"
    init.write_text(
        re.sub(
            r'name=gettext_noop\("[^"]*"\)',
            'name=gettext_noop("Copied Troidal")',
            init.read_text(encoding="utf-8"),
            count=1,
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(GAMES, COPIED, COPIED)  # the one registry line
    get_game.cache_clear()
    assert get_game(COPIED).name == "Copied Troidal"
    assert Path(sys.modules[COPIED].__file__ or "").parent == folder
    yield COPIED
    get_game.cache_clear()
    for name in [name for name in sys.modules if name.split(".")[0] == COPIED]:
        del sys.modules[name]


@pytest.fixture(params=[*GAMES, COPIED])
def slug(request: pytest.FixtureRequest) -> str:
    if request.param == COPIED:
        return request.getfixturevalue("copied_game")
    return request.param


def sample_row(slug: str) -> dict[str, str]:
    contract = get_game(slug).contract
    assert contract is not None
    return dict(contract.sample_row)


def _csv(row: dict[str, str]) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(row))
    writer.writeheader()
    writer.writerow(row)
    return out.getvalue().encode()


@pytest.fixture
def sample(slug: str, db) -> dict[str, str]:
    """The game's sample card (its `GAME.contract`), imported as a card file."""
    row = sample_row(slug)
    import_cards(slug, _csv(row), "cards.csv")
    return row


def _ok(client, url: str, **params: str) -> str:
    response = client.get(url, params)
    assert response.status_code == 200, f"{url} {params}: {response.status_code}"
    return response.content.decode(errors="replace")


def test_every_page_of_the_game_answers(client, slug, sample, player):
    game = get_game(slug)
    number = sample["number"]
    quantities = {game.default_zone: {number: COPIES}}
    deck = deck_create(owner=player, game=slug, name="Every page", zones=quantities)
    deck.visibility = "public"
    deck.save()
    code = deck.code

    # Anyone: the card list (and a search with every example of the help page), help, card page.
    assert number in _ok(client, reverse("cards:list", args=[slug]))
    help_page = _ok(client, reverse("cards:help", args=[slug]))
    for field in game.search_fields:
        assert f"<code>{field.name}</code>" in help_page
        for example in field.examples:
            _ok(client, reverse("cards:list", args=[slug]), q=example)
    _ok(client, reverse("cards:detail", args=[slug, number]))
    _ok(client, reverse("decks:build", args=[slug]))
    _ok(client, reverse("decks:build", args=[slug]), c=deckcode.encode(slug, None, quantities))
    _ok(client, reverse("decks:public", args=[slug]))
    _ok(client, reverse("decks:shared", args=[code]))

    # The owner: editor, its panels, history; the goldfish form, a run and its page.
    client.force_login(player)
    editor = _ok(client, reverse("decks:editor", args=[deck.pk]))
    assert number in editor
    for panel in ("stats", "legality", "export"):
        _ok(client, reverse("decks:panel", args=[deck.pk, panel]))
    _ok(client, reverse("decks:text", args=[code]))
    _ok(client, reverse("decks:image", args=[code]))
    sheet = client.get(reverse("decks:sheet", args=[code]), {"player": "Test"})
    assert sheet.status_code == (200 if game.registration_sheet else 404)
    if game.deal:
        dealt = client.post(
            reverse("decks:change", args=[deck.pk]), {"action": "deal", "version": deck.version}
        )
        assert dealt.status_code in (200, 302)
        deck.refresh_from_db()
        assert deck.version == 2
    _ok(client, reverse("decks:history", args=[deck.pk]))
    _ok(client, reverse("goldfish:new"), game=slug)
    goal = goal_forms(slug)[0]
    response = client.post(
        reverse("goldfish:new"),
        {
            "game": slug,
            "decklist": f"{COPIES} {number}",
            "goals_json": _goal_json(goal, number),
            "trials": "100",
        },
    )
    assert response.status_code == 302, re.findall(
        r"role=\"alert\">([^<]*)", response.content.decode()
    )
    run = SimulationRun.objects.get(owner=player)
    assert run.game == slug
    _ok(client, reverse("goldfish:run", args=[run.pk]))


def _goal_json(goal: dict, number: str) -> str:
    import json

    values = {"type": goal["type"]}
    for field in goal["fields"]:
        if not field["required"]:
            continue
        if field["kind"] == "cards":
            values[field["name"]] = [number]
        elif field["kind"] == "int":
            values[field["name"]] = field.get("minimum") or 1
        elif field["kind"] == "text":
            values[field["name"]] = f"{COPIES} {number}"
    return json.dumps(values)


def test_the_validate_api_answers_the_contract_object(client, slug, sample):
    response = client.post(
        f"/api/v1/games/{slug}/validate",
        data=f"4 {sample['number']}".encode(),
        content_type="text/plain",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["game"] == slug
    assert isinstance(body["legal"], bool)
    assert body["format"] == get_game(slug).default_format.slug


def test_a_new_game_s_shipped_cards_load_with_the_rest(copied_game, tmp_path, monkeypatch, db):
    """CONTRIBUTING.md "Adding a game", step 4: `cards/data/<slug>/cards.csv` is all it takes."""
    from cards import shipped
    from cards.models import Card

    row = sample_row(copied_game)
    (tmp_path / "data" / copied_game).mkdir(parents=True)
    (tmp_path / "data" / copied_game / "cards.csv").write_bytes(_csv(row))
    monkeypatch.setattr(shipped, "DATA", tmp_path / "data")
    reports = list(shipped.load_all())
    assert reports == [f"{copied_game}: 1 created, 0 updated, 0 unchanged"]
    assert Card.objects.filter(game=copied_game, number=row["number"]).exists()
