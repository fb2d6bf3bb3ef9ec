"""Goldfish numbers of public decks (issue 27 item 6): the game's default goals run once per deck
version through the run pipeline, beside the format's average; private and unlisted decks never get
numbers nor count in an average; a goal read from incomplete card data says so."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.importers import import_cards
from decklab.decks.models import Visibility
from decklab.decks.services import deck_create, deck_delete, deck_save, deck_update
from decklab.discovery.models import PublicCard
from decklab.goldfish import public, public_shown, services
from decklab.goldfish.models import PublicNumbers, SimulationRun
from tests.goldfish.conftest import CARDS_CSV

#: One more card, without an energy cost (a fact the mulligan and energy goals read).
UNCOSTED = "TST-099,Test Mystery,Battle,Red,,\n"
MAIN = {f"TST-{n:03d}": 4 for n in range(2, 14)} | {"TST-013": 6}


def zones(**main: int) -> dict:
    return {"leader": {"TST-001": 1}, "main": {**MAIN, **main}}


@pytest.fixture(autouse=True)
def cards(db, eager_tasks, settings) -> None:
    import_cards("dbscg", (CARDS_CSV + UNCOSTED).encode(), "cards.csv")
    settings.GOLDFISH_PUBLIC_TRIALS = 2_000
    services.plans._cached_plan.cache_clear()


def make(owner, visibility=Visibility.PUBLIC, format="zenkai", **main):
    return deck_create(
        owner=owner,
        game="dbscg",
        name="A deck",
        zones=zones(**main),
        visibility=visibility,
        format=format,
    )


def numbers_page(client, deck, capture):
    with capture(execute=True):
        return client.get(reverse("decks:public-numbers", args=[deck.code]))


def test_a_public_deck_s_default_goals_run_once_per_version(
    player, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        deck = make(player)
    first = PublicNumbers.objects.get(deck=deck)
    assert first.run.owner is None  # the site's own account in the fair queue
    assert {goal["goal"]["type"] for goal in first.goals} >= {"drawn", "energy_curve"}
    for _ in range(2):
        numbers_page(client, deck, django_capture_on_commit_callbacks)
        public.public_numbers_schedule(deck_id=deck.pk)
    assert SimulationRun.objects.count() == 1
    assert SimulationRun.objects.get().status == SimulationRun.Status.DONE

    with django_capture_on_commit_callbacks(execute=True):
        deck_save(deck=deck, zones=zones(**{"TST-002": 2}), expected_version=None)
    assert SimulationRun.objects.count() == 2
    row = PublicNumbers.objects.get(deck=deck)
    assert row.run_id != first.run_id and row.revision == deck.revision


def test_a_new_version_supersedes_a_run_still_going(player, monkeypatch):
    monkeypatch.setattr(services.queue, "_send", lambda messages: None)  # no task plays it
    deck = make(player)
    old = public.public_numbers_schedule(deck_id=deck.pk).run
    deck_save(deck=deck, zones=zones(**{"TST-002": 2}), expected_version=None)
    new = public.public_numbers_schedule(deck_id=deck.pk).run
    old.refresh_from_db()
    assert old.status == SimulationRun.Status.FAILED and "newer version" in old.error
    assert new.status == SimulationRun.Status.QUEUED


@pytest.mark.parametrize("visibility", [Visibility.PRIVATE, Visibility.UNLISTED])
def test_a_private_or_unlisted_deck_gets_no_numbers(
    visibility, player, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        deck = make(player, visibility=visibility)
    assert public.public_numbers_schedule(deck_id=deck.pk) is None
    assert numbers_page(client, deck, django_capture_on_commit_callbacks).status_code == 404
    assert not PublicNumbers.objects.exists() and not SimulationRun.objects.exists()


def test_a_deck_that_leaves_public_loses_its_numbers(player, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        deck = make(player)
        deck_update(deck=deck, visibility=Visibility.UNLISTED)
    assert not PublicNumbers.objects.exists()


def test_a_deck_made_private_in_its_settings_loses_its_numbers_and_its_facts_at_once(
    player, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        deck = make(player)
    assert PublicNumbers.objects.filter(deck=deck).exists()
    assert PublicCard.objects.filter(deck=deck).exists()
    with django_capture_on_commit_callbacks(execute=True):
        deck_update(deck=deck, visibility=Visibility.PRIVATE)
    assert not PublicNumbers.objects.filter(deck=deck).exists()
    assert not PublicCard.objects.filter(deck=deck).exists()


def test_a_deleted_public_deck_leaves_the_format_average_at_once(
    player, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        kept, deleted = make(player, **{"TST-002": 1}), make(player, **{"TST-002": 2})
    assert {count for _mean, count in public.format_averages("dbscg", "zenkai").values()} == {2}
    deck_delete(deck=deleted)
    assert {count for _mean, count in public.format_averages("dbscg", "zenkai").values()} == {1}
    assert PublicNumbers.objects.get().deck == kept


def key_values(deck) -> dict[str, float]:
    row = public.harvest(PublicNumbers.objects.select_related("run").get(deck=deck))
    return {
        entry["key"]: number["value"]
        for entry, number in zip(row.goals, row.numbers, strict=True)
        if number and not number["missing"]
    }


def test_the_format_average_is_the_mean_over_its_public_decks_with_numbers(
    player, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        counted = [make(player, **{"TST-002": n}) for n in (1, 2, 4)]
        hidden = [
            make(player, visibility=Visibility.PRIVATE, **{"TST-002": 3}),
            make(player, visibility=Visibility.UNLISTED, **{"TST-002": 3}),
        ]
        leaving = make(player, **{"TST-002": 3})
        deck_update(deck=leaving, visibility=Visibility.PRIVATE)
        make(player, format="classic", **{"TST-002": 3})  # another format's average
    values = [key_values(deck) for deck in counted]
    averages = public.format_averages("dbscg", "zenkai")
    assert set(averages) == set(values[0])
    for key, (mean, count) in averages.items():
        assert count == 3
        assert mean == pytest.approx(sum(v[key] for v in values) / 3)
    assert not PublicNumbers.objects.filter(deck__in=[*hidden, leaving]).exists()


def test_a_goal_read_from_incomplete_card_data_says_so_and_is_left_out_of_the_average(
    player, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        deck = make(player, **{"TST-012": 0, "TST-099": 4})
    page = numbers_page(client, deck, django_capture_on_commit_callbacks)
    text = page.content.decode()
    assert page.status_code == 286  # finished: the panel stops polling
    assert "read from incomplete card data" in text and "TST-099 Test Mystery" in text
    shown = public_shown.deck_numbers(deck=deck)
    gappy = [goal for goal in shown.goals if goal.missing]
    assert gappy and all(goal.average is None for goal in gappy)
    averages = public.format_averages("dbscg", "zenkai")
    row = PublicNumbers.objects.get(deck=deck)
    for entry, number in zip(row.goals, row.numbers, strict=True):
        if number and number["missing"]:
            assert entry["key"] not in averages


def test_the_deck_api_gives_a_public_deck_s_numbers_and_none_for_an_unlisted_one(
    player, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        deck = make(player)
        unlisted = make(player, visibility=Visibility.UNLISTED)
    data = client.get(f"/api/v1/decks/{deck.pk}").json()["public_goldfish"]
    assert data["status"] == "done" and data["trials"] == 2_000
    drawn = next(goal for goal in data["goals"] if goal["goal"]["type"] == "drawn")
    assert drawn["exact"] and drawn["format_decks"] == 1
    assert drawn["format_average"] == pytest.approx(drawn["value"])
    client.force_login(player)
    assert client.get(f"/api/v1/decks/{unlisted.pk}").json()["public_goldfish"] is None


def test_the_schema_documents_the_public_numbers(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    deck = schema["components"]["schemas"]["Deck"]["properties"]
    assert "public_goldfish" in deck
    goal = schema["components"]["schemas"]["PublicGoal"]["properties"]
    assert {"value", "exact", "format_average", "missing_facts", "refused"} <= set(goal)


def test_a_goal_no_card_has_the_facts_for_says_why_instead_of_a_number(
    player, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        deck = make(player, **{"TST-002": 0, "TST-003": 0, "TST-004": 0})  # no [Dragon Ball]
    shown = public_shown.deck_numbers(deck=deck)
    refused = [goal for goal in shown.goals if goal.refused]
    assert [goal.spec["type"] for goal in refused] == ["dragon_balls"]
    assert all(goal.number is None and goal.value == "" for goal in refused)
    page = numbers_page(client, deck, django_capture_on_commit_callbacks).text
    for goal in refused:
        assert goal.refused in page and "Goal 1" not in goal.refused


def test_numbers_whose_run_was_deleted_before_they_were_read_are_asked_for_again(
    player, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):  # played, its numbers not yet read
        deck = make(player)
    assert PublicNumbers.objects.get(deck=deck).run is not None
    SimulationRun.objects.all().delete()
    assert PublicNumbers.objects.get(deck=deck).run is None
    numbers_page(client, deck, django_capture_on_commit_callbacks)
    assert PublicNumbers.objects.get(deck=deck).run is not None
    assert SimulationRun.objects.count() == 1
