"""A Python client generated from the live schema does what a player's script would.

openapi-python-client writes the client into the test's temporary folder (never committed) from
`/api/schema/` of a live server, offline (`--path`, no URL), failing on any generator warning.
With it: docs/api.md's three lines, a deck from a decklist, every page of the deck list, a stale
change (409), validation against two formats (JSON and text/plain), a deck code made and read,
and a simulation run to its result in a real Celery worker.
"""

from __future__ import annotations

import importlib
import io
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import ModuleType

import pytest
from django.conf import settings

from cards.games import decklist, goldfish
from cards.games.registry import get_game
from cards.pool import DatabasePool
from decklab.decks.services import deck_create
from tests.goldfish.conftest import DECKLIST, DRAWN_GOALS

pytestmark = pytest.mark.services

#: The generator's options, as docs/api.md ("A generated client") gives them.
CONFIG = (
    "package_name_override: decklab_client\n"
    "content_type_overrides:\n  text/plain: application/octet-stream\n"
    # No formatter run: the generated code is imported, not read.
    "post_hooks: []\n"
)
API_DOC = Path(settings.BASE_DIR) / "docs" / "api.md"
API_DOC_EXAMPLE = re.compile(
    r"<!-- tests/api/test_client.py runs this block.*?-->\n```python\n(.*?)```", re.S
)


@pytest.fixture
def decklab_client(live_server, tmp_path, monkeypatch) -> ModuleType:
    """The generated package `decklab_client`, importable for this test only."""
    schema = tmp_path / "decklab.json"
    with urllib.request.urlopen(f"{live_server.url}/api/schema/?format=json") as answer:
        schema.write_bytes(answer.read())
    (tmp_path / "client.yml").write_text(CONFIG)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            f"--path={schema}",
            f"--config={tmp_path / 'client.yml'}",
            "--meta=none",
            f"--output-path={tmp_path / 'decklab_client'}",
            "--fail-on-warning",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    monkeypatch.syspath_prepend(str(tmp_path))
    yield importlib.import_module("decklab_client")
    for name in [name for name in sys.modules if name.split(".")[0] == "decklab_client"]:
        del sys.modules[name]


def operation(name: str) -> ModuleType:
    tag = {"decks": "decks", "deck": "deck_codes", "games": "games", "simulations": "simulations"}
    return importlib.import_module(f"decklab_client.api.{tag[name.split('_')[0]]}.{name}")


def model(name: str):
    return getattr(importlib.import_module("decklab_client.models"), name)


def in_process_results(trials: int, seed: int) -> list[dict]:
    deck, _ = decklist.load(get_game("dbscg"), DECKLIST, DatabasePool("dbscg"))
    return goldfish.run("dbscg", deck, DRAWN_GOALS, trials=trials, seed=seed)["results"]


def test_a_generated_client_does_the_whole_round(
    decklab_client, live_server, api_user, api_key, dbscg_cards, start_worker
):
    client = decklab_client.AuthenticatedClient(
        live_server.url, token=api_key, prefix="Token", raise_on_unexpected_status=True
    )

    # A deck from a decklist, then a change on a stale version: a 409 with the current deck.
    created = operation("decks_create").sync(
        client=client,
        body=model("DeckCreate")(game="dbscg", name="From a script", decklist=DECKLIST),
    )
    assert isinstance(created, model("Deck")), created
    assert (created.version, created.zones["main"]["TST-013"]) == (1, 6)
    stale = operation("decks_partial_update").sync(
        created.id,
        client=client,
        body=model("PatchedDeckUpdate")(version=0, decklist="Leader\n1 TST-001"),
    )
    assert isinstance(stale, model("Conflict")) and stale.current.version == 1

    # Every page of the deck list (50 a page): 51 decks made here and the one above.
    for number in range(51):
        deck_create(owner=api_user, game="dbscg", name=f"Deck {number:02d}")
    names, page = [], 1
    while page:
        listed = operation("decks_list").sync(client=client, page=page)
        names += [deck.name for deck in listed.results]
        page = page + 1 if listed.next_ else 0
    assert len(names) == listed.count == 52 and "From a script" in names

    # docs/api.md's three lines, as written there, against this server.
    example = API_DOC_EXAMPLE.search(API_DOC.read_text())[1]
    scope = {"TOKEN": api_key}
    exec(example.replace("http://127.0.0.1:8000", live_server.url), scope)
    assert scope["page"].count == 52 and len(scope["page"].results) == 50

    # Validation against two formats: JSON for one, the decklist as text/plain for the other.
    validate = operation("games_validate_create")
    zenkai = validate.sync(
        "dbscg", client=client, body=model("DecklistRequest")(decklist=DECKLIST, format_="zenkai")
    )
    classic = validate.sync(
        "dbscg",
        client=client,
        body=importlib.import_module("decklab_client.types").File(io.BytesIO(DECKLIST.encode())),
        format_="classic",
    )
    assert (zenkai.format_, classic.format_) == ("zenkai", "classic")
    assert zenkai.counts["main"] == classic.counts["main"] == 50

    # A deck code made, and read back by a client without a token.
    made = operation("deck_codes_create").sync(
        client=client, body=model("CodeRequest")(game="dbscg", decklist=DECKLIST, format_="zenkai")
    )
    anonymous = decklab_client.Client(live_server.url, raise_on_unexpected_status=True)
    read = operation("deck_codes_retrieve").sync(made.code, client=anonymous)
    assert read.quantities.to_dict() == made.quantities.to_dict()
    assert read.quantities["main"]["TST-002"] == 4 and read.format_ == "zenkai"

    # A simulation run to its result in a real worker, read as the client polls it.
    start_worker()
    goals = [model("SimulationRequestGoalsItem").from_dict(goal) for goal in DRAWN_GOALS]
    started = operation("simulations_create").sync(
        client=client,
        body=model("SimulationRequest")(
            game="dbscg", decklist=DECKLIST, goals=goals, trials=3000, seed=7
        ),
    )
    assert isinstance(started, model("SimulationRun")), started
    deadline = time.monotonic() + 90
    run = started
    while run.status.value not in ("done", "failed") and time.monotonic() < deadline:
        time.sleep(0.2)
        run = operation("simulations_retrieve").sync(started.id, client=client)
    assert (run.status.value, run.error) == ("done", "")
    assert run.results["trials"] == 3000
    assert run.results["results"] == in_process_results(3000, seed=7)
