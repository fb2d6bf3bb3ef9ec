"""Card pages: home, card lists (search, sort, pages), card page, help, staff card-file upload."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cards import paging, views
from cards.forms import CARD_FILE_MAX_BYTES
from cards.games.registry import GAMES, all_games, get_game
from cards.importers import import_cards
from cards.models import Card, CardImport

# Queued tasks (a staff upload's import) run at once in this process, as a worker would.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def test_the_home_page_shows_the_five_games_with_their_card_counts(client, dbscg):
    page = client.get(reverse("home")).content.decode()
    for game in all_games():
        assert reverse("cards:list", args=[game.slug]) in page
    assert "7 cards" in page


def test_the_home_page_counts_come_from_the_cache_until_cards_come_or_go(client, dbscg, load):
    client.get(reverse("home"))
    with CaptureQueriesContext(connection) as queries:
        assert "7 cards" in client.get(reverse("home")).content.decode()
    assert not any("COUNT(" in query["sql"].upper() for query in queries)
    load("dbscg", "number,name,type\nNEW-1,New card,Battle\n")
    assert "8 cards" in client.get(reverse("home")).content.decode()
    Card.objects.filter(number="BT1-001").delete()
    assert "7 cards" in client.get(reverse("home")).content.decode()


def test_a_search_lists_the_matching_cards(client, dbscg):
    response = client.get(
        reverse("cards:list", args=["dbscg"]), {"q": "color:red type:battle cost<=2"}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Scheming Champa" in page and "Son Gohan" in page
    assert "Destructive Terror Champa" not in page


def test_a_bad_query_explains_itself_without_failing(client, dbscg):
    response = client.get(reverse("cards:list", args=["dbscg"]), {"q": "color:red colr:blue"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "unknown field &#x27;colr&#x27;" in page
    assert "character 11" in page
    assert "color:red <mark>c</mark>olr:blue" in page


def test_htmx_gets_only_the_results(client, dbscg):
    response = client.get(
        reverse("cards:list", args=["dbscg"]), {"q": "goku"}, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert "<html" not in page and "BT20-003" in page


def test_the_list_sorts_by_a_column_either_way(client, dbscg):
    url = reverse("cards:list", args=["dbscg"])
    ascending = client.get(url, {"q": "type=battle", "sort": "power"}).context["rows"]
    descending = client.get(url, {"q": "type=battle", "sort": "power", "dir": "desc"}).context[
        "rows"
    ]
    assert [card.number for card, _ in ascending][:2] == ["BT21-001", "BT1-006"]
    assert descending[0][0].number == "BT1-004"


def test_the_list_is_paginated(client, load, monkeypatch):
    monkeypatch.setattr(views, "PAGE_SIZE", 3)
    load(
        "draws_troidal",
        "number,name,attribute\n" + "".join(f"D-{i:02},c{i},水\n" for i in range(8)),
    )
    url = reverse("cards:list", args=["draws_troidal"])
    last = client.get(url, {"page": 3}).context
    assert [card.number for card, _ in last["rows"]] == ["D-06", "D-07"]
    assert client.get(url, {"page": "nonsense"}).context["page"].number == 1


def _queries_for_a_page_of(client, load, count: int) -> int:
    Card.objects.filter(game="draws_troidal").delete()
    rows = "".join(f"D-{i:03},card {i},水,{i % 9}\n" for i in range(count))
    load("draws_troidal", "number,name,attribute,power\n" + rows)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("cards:list", args=["draws_troidal"]), {"q": "attr:水"})
    assert len(response.context["rows"]) == min(count, views.PAGE_SIZE)
    return len(queries)


def test_a_card_list_page_takes_the_same_queries_however_many_cards_it_shows(client, load):
    few = _queries_for_a_page_of(client, load, 2)
    many = _queries_for_a_page_of(client, load, views.PAGE_SIZE)
    # The count and the page of cards; on PostgreSQL first the tags that hold `水` (the tag
    # index's vocabulary, `cards.search`).
    assert few == many == (3 if connection.vendor == "postgresql" else 2)


def test_a_count_past_the_cap_reads_plus_and_every_page_stays_reachable(client, load, monkeypatch):
    monkeypatch.setattr(paging, "COUNT_CAP", 5)
    monkeypatch.setattr(views, "PAGE_SIZE", 2)
    Card.objects.filter(game="draws_troidal").delete()
    load(
        "draws_troidal",
        "number,name,attribute\n" + "".join(f"D-{i:02},c{i},水\n" for i in range(20)),
    )
    url = reverse("cards:list", args=["draws_troidal"])
    first = client.get(url, {"q": "c"})
    assert "7+ cards match" in first.content.decode()  # 5 past page 1 (2 cards): counted to 7
    assert first.context["page"].has_next()
    # The unfiltered list reads the game's own count, exact past the cap.
    assert "20 cards." in client.get(url).content.decode()
    last = client.get(url, {"page": 10}).context["page"]
    assert last.number == 10 and not last.paginator.capped
    assert [card.number for card in last.object_list] == ["D-18", "D-19"]


def test_an_unknown_game_is_not_found(client, db):
    assert client.get("/cards/chess/").status_code == 404
    assert client.get("/cards/chess/help/").status_code == 404


def test_the_card_page_shows_facts_extra_columns_and_the_face(client, load):
    load(
        "gundam_war",
        "number,name,type,color,total_cost,rarity\n青/CH-1,アムロ・レイ,CHARACTER,青,2,R\n",
    )
    response = client.get(reverse("cards:detail", args=["gundam_war", "青/CH-1"]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "アムロ・レイ" in page and "Total cost" in page and "rarity" in page
    assert reverse("cards:face", args=["gundam_war", "青/CH-1"]) in page


def test_the_card_page_links_to_the_odds_of_drawing_the_card(client, load):
    load("dbscg", "number,name,type\nBT1-004,Destructive Terror Champa,Battle\n")
    page = client.get(reverse("cards:detail", args=["dbscg", "BT1-004"])).content.decode()
    assert f"{reverse('decks:odds', args=['dbscg'])}?goal=drawn&amp;drawn-cards=BT1-004" in page


def test_a_game_without_a_card_goal_offers_no_odds_link(client, load):
    load("draws_troidal", "number,name,attribute,power,risk,guard\nDT-1,水 P7 R4 G1,水,7,4,1\n")
    page = client.get(reverse("cards:detail", args=["draws_troidal", "DT-1"])).content.decode()
    assert reverse("decks:odds", args=["draws_troidal"]) not in page


def test_an_unknown_card_is_not_found(client, dbscg):
    assert client.get(reverse("cards:detail", args=["dbscg", "BT99-999"])).status_code == 404


@pytest.mark.parametrize("printed", ["XD1-01", "xd01-1", "BT1-010_PR"])
def test_a_number_as_printed_leads_to_its_cards_page(client, load, printed):
    load("dbscg", "number,name,type,variants\nXD01-01,Cabba,Leader,\nBT1-010,Vados,Battle,PR\n")
    response = client.get(reverse("cards:detail", args=["dbscg", printed]))
    canonical = "BT1-010" if printed.startswith("BT") else "XD01-01"
    assert response.status_code == 302
    assert response["Location"] == reverse("cards:detail", args=["dbscg", canonical])
    assert client.get(reverse("cards:detail", args=["dbscg", "BT1-010_SPR"])).status_code == 404


@pytest.mark.parametrize("game", list(GAMES))
def test_the_help_page_lists_every_field_of_the_game(client, game):
    page = client.get(reverse("cards:help", args=[game])).content.decode()
    for field in get_game(game).search_fields:
        assert f"<code>{field.name}</code>" in page


# Staff card-file upload --------------------------------------------------------------------


#: The on-commit callbacks of a test's transaction, run when the block ends (as a commit would).
capture_on_commit = TestCase.captureOnCommitCallbacks


def upload(
    client, content: bytes, name: str = "cards.csv", game: str = "dbscg", kind: str = "cards"
):
    """Post the file; follow to its import's page once the task ran (the commit queues it)."""
    file = SimpleUploadedFile(name, content, content_type="text/csv")
    with capture_on_commit(execute=True):
        response = client.post(
            reverse("cards:upload"), {"game": game, "content": kind, "file": file}
        )
    if response.status_code == 302:
        return client.get(response["Location"])
    return response


def test_the_upload_page_sends_visitors_to_sign_in(client, db):
    response = client.get(reverse("cards:upload"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_upload_page_is_forbidden_to_members_who_are_not_staff(member_client):
    assert member_client.get(reverse("cards:upload")).status_code == 403
    assert upload(member_client, b"number,name,type\nA-1,A,Battle\n").status_code == 403
    assert not Card.objects.exists()


def test_staff_import_a_card_file(staff_client):
    response = upload(staff_client, b"number,name,type\nA-1,A,Battle\nA-2,B,Extra\n")
    assert response.status_code == 200
    assert "dbscg: 2 created, 0 updated, 0 unchanged" in response.content.decode()
    assert Card.objects.filter(game="dbscg").count() == 2


def test_finding_8_the_upload_request_only_queues_the_import(staff_client, monkeypatch):
    """Issue 22 finding 8: the largest allowed file held a web request 197 s in one transaction."""
    queued: list[int] = []
    monkeypatch.setattr(
        "cards.tasks.import_card_file.apply_async", lambda args, queue: queued.extend(args)
    )
    file = SimpleUploadedFile("cards.csv", b"number,name,type\nA-1,A,Battle\n")
    with capture_on_commit(execute=True):
        response = staff_client.post(
            reverse("cards:upload"), {"game": "dbscg", "content": "cards", "file": file}
        )
    started = CardImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("cards:upload-progress", args=[started.pk])
    assert queued == [started.pk]
    assert not Card.objects.exists()  # nothing imported in the request
    page = staff_client.get(response["Location"])
    assert 'http-equiv="refresh"' in page.content.decode()
    assert "Waiting for a worker" in page.content.decode()


def test_an_import_s_page_is_for_staff_only(staff_client):
    upload(staff_client, b"number,name,type\nA-1,A,Battle\n")
    page = reverse("cards:upload-progress", args=[CardImport.objects.get().pk])
    assert staff_client.get(page).status_code == 200
    member = get_user_model().objects.create_user("member-2", password="pw-member-2")
    staff_client.force_login(member)
    assert staff_client.get(page).status_code == 403


def test_staff_see_the_same_row_errors_as_the_command(staff_client):
    content = b"number,name,type,power\nA-1,A,Hero,5\nA-2,B,Battle,lots\n"
    with pytest.raises(Exception) as command_failure:
        import_cards("dbscg", content, "cards.csv")
    response = upload(staff_client, content)
    page = response.content.decode()
    assert "was rejected" in page
    for problem in command_failure.value.problems:
        assert f'<td class="num">{problem.line}</td><td>{problem.column}</td>' in page
    assert not Card.objects.exists()


def test_a_huge_upload_is_refused_with_a_message(staff_client):
    content = b"number,name,type\n" + b"A-1,A,Battle\n" * (CARD_FILE_MAX_BYTES // 13 + 10)
    response = upload(staff_client, content)
    assert response.status_code == 400
    assert "larger than 5120 KiB" in response.content.decode()
    assert not Card.objects.exists()


def test_a_non_utf8_upload_is_refused_with_a_message(staff_client):
    response = upload(
        staff_client, "number,name,type\nU-1,ガンダム,UNIT\n".encode("cp932"), game="gundam_war"
    )
    assert "was rejected" in response.content.decode()
    assert "not UTF-8" in response.content.decode()


def test_staff_upload_set_decks(staff_client):
    content = b'{"starter": {"name": "Starter", "cards": {"A": 2}}}'
    response = upload(staff_client, content, "decks.json", game="blade_rondo", kind="set_decks")
    assert "blade_rondo: 1 set decks imported" in response.content.decode()


def test_the_unfiltered_list_counts_every_card_even_past_the_count_cap(client, dbscg, monkeypatch):
    monkeypatch.setattr(paging, "COUNT_CAP", 1)
    monkeypatch.setattr(views, "PAGE_SIZE", 2)
    page = client.get(reverse("cards:list", args=["dbscg"]), {"page": "1"}).content.decode()
    assert "7 cards." in page and "+ cards" not in page
    client.cookies["django_language"] = "ja"
    assert "全7枚" in client.get(reverse("cards:list", args=["dbscg"])).content.decode()
