"""The history's compare with another deck: a version of this deck against a version of one of
yours or of a public deck (by code or link), its card diff, and the goldfish panel set up to run
both side by side."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from decklab.decks import services
from decklab.goldfish.models import SimulationRun
from tests.decks.conftest import post_data
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db


def lighter(zones: dict, number: str = "TS1-002", count: int = 1) -> dict:
    return {**zones, "main": {**zones["main"], number: count}}


@pytest.fixture
def other(owner):
    return services.deck_create(
        owner=owner, game="dbscg", name="Blue sibling", zones=lighter(LEGAL_DBSCG)
    )


@pytest.fixture
def public(stranger):
    return services.deck_create(
        owner=stranger,
        game="dbscg",
        name="Stranger's list",
        zones=lighter(LEGAL_DBSCG, "TS1-003", 2),
        visibility="public",
    )


def history(client, deck, **query):
    return client.get(reverse("decks:history", args=[deck.pk]), query).content.decode()


def test_a_version_against_one_of_your_decks_shows_the_diff_and_the_simulate_link(
    client, owner, deck, other
):
    client.force_login(owner)
    page = history(client, deck)
    assert f'<option value="{other.code}">Blue sibling (v1)</option>' in page
    page = history(client, deck, a=1, mine=other.code)
    assert "Version 1 → Blue sibling, version 1" in page
    removed = LEGAL_DBSCG["main"]["TS1-002"] - 1
    assert f'<li class="removed" translate="no">−{removed} TS1-002' in page
    link = re.search(r'href="([^"]*with=code[^"]*)"', page).group(1).replace("&amp;", "&")
    assert link.endswith("#goldfish") and f"code%3A{other.code}%3A1" in link
    editor = client.get(link).content.decode()
    assert (
        f'<option value="code:{other.code}:1" selected>Blue sibling (version 1)</option>' in editor
    )
    assert '<input type="hidden" name="base" value="1">' in editor


def test_a_public_deck_by_its_link_compares_in_its_current_version_only(
    client, owner, deck, public
):
    client.force_login(owner)
    link = f"https://decklab.example/d/{public.code}?lang=ja"
    page = history(client, deck, a=1, **{"with": link})
    assert "Stranger&#x27;s list, version 1" in page and "+2 TS1-003" not in page
    assert "TS1-003" in page
    services.deck_update(deck=public, visibility="private")
    page = history(client, deck, a=1, **{"with": public.code})
    assert "No deck or version you can see matches that" in page


def test_someone_else_s_old_version_and_another_game_are_refused_with_reasons(
    client, owner, deck, public, dreadnought_cards
):
    client.force_login(owner)
    services.deck_save(deck=public, zones=LEGAL_DBSCG, expected_version=1)
    page = history(client, deck, a=1, wv=1, **{"with": public.code})
    assert "No deck or version you can see matches that" in page
    elsewhere = services.deck_create(owner=owner, game="dreadnought", name="Ships")
    page = history(client, deck, a=1, mine=elsewhere.code)
    assert "is a Dreadnought deck: only decks of the same game can be compared" in page


def test_the_simulate_link_runs_the_old_version_and_the_other_deck_side_by_side(
    client, owner, deck, other, simulate
):
    # v2 of this deck plays fewer TS1-002; the compare runs v1 (as the history asked), not v2.
    services.deck_save(deck=deck, zones=lighter(LEGAL_DBSCG, count=0), expected_version=1)
    response = simulate(deck, post_data(version="2", base="1", compare=f"code:{other.code}:1"))
    assert response.status_code == 200, response.content.decode()[:300]
    html = response.content.decode()
    assert "Red test (version 1)" in html and "Blue sibling (version 1)" in html
    this, theirs = SimulationRun.objects.order_by("id")
    assert this.seed == theirs.seed == 7 and this.goals == theirs.goals
    assert "TS1-002" in this.decklist
    assert this.results["results"][0]["exact"] > theirs.results["results"][0]["exact"]


def test_a_compare_target_that_vanished_is_a_clear_400(client, owner, deck, simulate):
    response = simulate(deck, post_data(compare="code:NOPE2345:1"))
    assert response.status_code == 400
    assert "not there any more" in response.content.decode()
    response = simulate(deck, post_data(base="9"))
    assert response.status_code == 400 and "no version 9" in response.content.decode()


def test_simulate_both_runs_at_once_on_the_form_s_defaults_and_lands_on_the_side_by_side_page(
    client, owner, deck, other, django_capture_on_commit_callbacks
):
    from decklab.celery import app
    from decklab.goldfish import services as goldfish_services

    client.force_login(owner)
    page = history(client, deck, a=1, mine=other.code)
    assert 'name="goals" value="starting"' in page and "Simulate both side by side" in page
    before, app.conf.task_always_eager = app.conf.task_always_eager, True
    goldfish_services.plans._cached_plan.cache_clear()
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                reverse("decks:simulate", args=[deck.pk]),
                {"base": "1", "compare": f"code:{other.code}:1", "goals": "starting"},
            )
    finally:
        app.conf.task_always_eager = before
    assert response.status_code == 302
    assert response.url.startswith(reverse("decks:side-by-side", args=[deck.pk]))
    this, theirs = SimulationRun.objects.order_by("id")
    assert this.goals == theirs.goals and this.seed == theirs.seed and this.status == "done"
    assert this.trials == 100_000  # the panel's default
    # The first goal type about a card whose other fields all have defaults, planned on both
    # decks, on the card both play most: DBSCG's `drawn`, which runs as its form offers it.
    assert this.goals[0]["type"] == "drawn", this.goals
    assert this.goals[0]["turn"] == 3
    assert this.goals[0]["cards"] == ["TS1-002"]
    html = client.get(response.url).content.decode()
    assert "Red test (version 1)" in html and "Blue sibling (version 1)" in html
    assert 'class="num diff-value"' in html and "95% interval of the difference" in html
    # The goals come back ticked in the form, to change and run both again.
    assert f'value="{this.goals[0]["type"]}" checked' in html
    assert f'name="compare" value="code:{other.code}:1"' in html


def test_the_side_by_side_page_of_someone_else_s_runs_is_a_404(client, owner, stranger, deck):
    run = SimulationRun.objects.create(
        owner=stranger,
        game="dbscg",
        decklist="x",
        goals=[],
        trials=1,
        seed=1,
        chunks_total=1,
        heartbeat_at=timezone.now(),
    )
    client.force_login(owner)
    url = reverse("decks:side-by-side", args=[deck.pk])
    assert client.get(url, {"a": run.pk, "b": run.pk, "with": "version:1"}).status_code == 404
    assert client.get(url, {"a": "x", "b": "", "with": "version:1"}).status_code == 404
