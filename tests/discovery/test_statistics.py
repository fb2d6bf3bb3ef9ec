"""Statistics move with the date range asked for (issue 27: the users' most frequent request)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.discovery.decks import BETA_ZONES

pytestmark = pytest.mark.django_db


@pytest.fixture
def spread(make_deck):
    """Alpha decks 2 and 50 days old, a Beta deck 20 days old, and a Beta deck 100 days old."""
    make_deck("Alpha new", days_ago=2)
    make_deck("Alpha old", days_ago=50)
    make_deck("Beta mid", zones=BETA_ZONES, days_ago=20)
    make_deck("Beta ancient", zones=BETA_ZONES, days_ago=100)


def _day(days_ago: int) -> str:
    return (timezone.now() - timedelta(days=days_ago)).date().isoformat()


def test_the_meta_shares_follow_the_period(client, spread):
    url = reverse("api-meta", args=["dbscg"])
    week = client.get(url, {"period": 7}).json()
    assert week["decks"] == 1 and [a["label"] for a in week["archetypes"]] == ["Test Leader Alpha"]
    month = client.get(url, {"period": 30}).json()
    assert month["decks"] == 2 and {a["share"] for a in month["archetypes"]} == {0.5}
    quarter = client.get(url, {"period": 90}).json()
    assert quarter["decks"] == 3
    older = client.get(url, {"since": _day(120), "until": _day(40)}).json()
    assert [a["label"] for a in older["archetypes"]] == ["Test Leader Alpha", "Test Leader Beta"]


def test_a_cards_inclusion_and_copies_follow_the_period(client, spread):
    url = reverse("api-card-stats", args=["dbscg"])
    week = client.get(url, {"number": "TS1-002", "period": 7}).json()
    assert (week["period_decks"], week["including"], week["average_copies"]) == (1, 1, 4.0)
    month = client.get(url, {"number": "TS1-002", "period": 30}).json()
    assert (month["including"], month["average_copies"]) == (2, 3.0)
    absent = client.get(url, {"number": "TS1-003", "period": 30}).json()
    assert absent["rate"] == 0.5 and absent["decks"] == 2  # any date: Alpha new and old
    ranged = client.get(url, {"number": "TS1-003", "since": _day(60), "until": _day(30)}).json()
    assert (ranged["period_decks"], ranged["including"]) == (1, 1)


def test_the_search_date_range_filters_decks(client, spread):
    url = reverse("api-deck-search", args=["dbscg"])
    names = [
        r["name"] for r in client.get(url, {"since": _day(30), "sort": "new"}).json()["results"]
    ]
    assert names == ["Alpha new", "Beta mid"]
    names = [r["name"] for r in client.get(url, {"until": _day(60)}).json()["results"]]
    assert names == ["Beta ancient"]


def test_the_trend_has_eight_weekly_columns(client, spread):
    body = client.get(reverse("api-meta", args=["dbscg"])).json()
    assert all(len(trend["shares"]) == 8 for trend in body["trends"])
    assert body["trends"][0]["shares"][-1] == 1.0  # this week: only Alpha new


def test_a_bad_period_is_a_400(client, spread):
    url = reverse("api-meta", args=["dbscg"])
    assert client.get(url, {"since": _day(1), "until": _day(5)}).status_code == 400
    assert client.get(url, {"format": "nope"}).status_code == 400
