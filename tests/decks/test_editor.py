"""The editor page and its actions: plain form POSTs, htmx fragments, and the stale-save conflict."""

import json

import pytest
from django.urls import reverse

from decklab.decks import selectors
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def change(client, deck, htmx=False, **data):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("decks:change", args=[deck.pk]), data, headers=headers)


def test_the_editor_shows_every_zone_of_the_game_and_the_legality(signed_in, deck):
    page = signed_in.get(reverse("decks:editor", args=[deck.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    for label in ("Leader", "Main", "Z-Deck"):
        assert f"<h3>{label}" in html
    assert "Legal in ZENKAI" in html
    assert 'data-format="classic"' in html


def test_the_leader_s_row_shows_its_awakened_side_beside_its_front(signed_in, deck):
    html = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert 'title="Awakened side">⇄ Test Leader Alpha Awakened · 20000</span>' in html
    assert html.count('class="back-side') == 1


def test_a_legal_deck_reads_as_a_verdict_in_japanese_not_as_a_question(signed_in, deck):
    signed_in.cookies["django_language"] = "ja"
    html = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert 'data-legal="true">使用可能</a>' in html
    legality = signed_in.get(reverse("decks:panel", args=[deck.pk, "legality"])).content.decode()
    assert "<th>大会で使用可</th>" in legality
    assert "使用可否</th>" not in legality


def test_a_plain_form_post_adds_a_copy_and_redirects_back(signed_in, deck):
    response = change(
        signed_in, deck, action="add", zone="main", number="TS1-015", count=1, version=1
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("decks:editor", args=[deck.pk])
    deck.refresh_from_db()
    assert selectors.current_zones(deck)["main"]["TS1-015"] == 1


def test_an_htmx_change_answers_the_deck_panel_and_triggers_deck_changed(signed_in, deck):
    response = change(
        signed_in, deck, htmx=True, action="add", zone="main", number="TS1-002", count=1, version=1
    )
    assert response.status_code == 200
    assert json.loads(response["HX-Trigger-After-Swap"]) == {"deckChanged": {}}
    html = response.content.decode()
    assert 'id="deck-panel"' in html and 'data-version="2"' in html
    assert 'data-code="copy_limit"' in html  # the 5th copy is flagged next to the card


def test_a_fifth_copy_shows_the_violation_and_its_fix_in_the_legality_panel(signed_in, deck):
    change(signed_in, deck, action="set", zone="main", number="TS1-002", count=5, version=1)
    panel = signed_in.get(reverse("decks:panel", args=[deck.pk, "legality"]))
    html = panel.content.decode()
    assert "Not legal in ZENKAI" in html
    assert "copy_limit" in html and "Remove 1 copy of TS1-002" in html


def test_a_change_based_on_an_old_version_still_lands_it_is_an_operation(signed_in, deck):
    change(signed_in, deck, action="add", zone="main", number="TS1-015", version=1)
    signed_in.post(reverse("decks:save-version", args=[deck.pk]), {"note": "first try"})
    change(signed_in, deck, action="add", zone="main", number="TS1-016", version=2)
    late = change(
        signed_in, deck, htmx=True, action="add", zone="main", number="TS1-015", version=1
    )
    assert late.status_code == 200
    assert 'data-version="3"' in late.content.decode()
    deck.refresh_from_db()
    zones = selectors.current_zones(deck)["main"]
    assert zones["TS1-015"] == 2 and zones["TS1-016"] == 1


def test_a_stale_import_from_a_second_tab_is_refused_with_the_reason(signed_in, deck):
    change(signed_in, deck, action="add", zone="main", number="TS1-015", version=1)
    response = signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {"decklist": "Leader\n1 TS1-001\n", "mode": "replace", "version": 1},
    )
    page = signed_in.get(response["Location"])
    assert "version 2 was saved meanwhile" in page.content.decode()
    deck.refresh_from_db()
    assert selectors.current_zones(deck)["main"]["TS1-015"] == 1


def test_an_import_loaded_before_more_changes_in_the_same_draft_is_refused(signed_in, deck):
    # The draft version keeps its number while a sitting extends it: the revision tells the change.
    change(signed_in, deck, action="add", zone="main", number="TS1-015", version=1)
    deck.refresh_from_db()
    loaded = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert (
        f'name="version" value="2"><input type="hidden" name="revision" value="{deck.revision}"'
        in loaded
    )
    seen_revision = deck.revision
    change(signed_in, deck, action="add", zone="main", number="TS1-016", version=2)  # another tab
    deck.refresh_from_db()
    assert deck.version == 2 and deck.revision == seen_revision + 1
    response = signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {
            "decklist": "Leader\n1 TS1-001\n",
            "mode": "replace",
            "version": 2,
            "revision": seen_revision,
        },
    )
    page = signed_in.get(response["Location"]).content.decode()
    assert "version 2 got more card changes" in page
    deck.refresh_from_db()
    assert selectors.current_zones(deck)["main"]["TS1-016"] == 1
    # Loaded again, the same import lands.
    signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {
            "decklist": "Leader\n1 TS1-001\n",
            "mode": "replace",
            "version": 2,
            "revision": deck.revision,
        },
    )
    deck.refresh_from_db()
    assert deck.version == 3 and selectors.current_zones(deck) == {"leader": {"TS1-001": 1}}


def test_moving_a_card_to_another_zone(signed_in, deck):
    change(
        signed_in, deck, action="move", zone="zdeck", number="TS1-090", to_zone="main", version=1
    )
    deck.refresh_from_db()
    assert selectors.current_zones(deck)["main"]["TS1-090"] == 1


BROKEN_PASTE = (
    "Leader\n1 TS1-001\nMain\n4 TS1-002\n2 NOPE-999\nfour of TS1-003\nZ-Deck\n1 Unknown Z Thing\n"
)


def test_a_broken_paste_added_imports_what_it_can_and_returns_the_rest_for_correction(
    signed_in, deck
):
    response = signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {"decklist": BROKEN_PASTE, "mode": "add", "version": 1},
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    zones = selectors.current_zones(deck)
    assert zones["leader"] == {"TS1-001": 2} and zones["main"]["TS1-002"] == 8
    page = signed_in.get(response["Location"]).content.decode()
    assert "the rest was imported" in page
    assert "NOPE-999" in page and "four of TS1-003" in page and "Unknown Z Thing" in page
    assert "Z-Deck:" in page or "zdeck:" in page  # the line comes back under its zone


def test_a_replace_with_an_unreadable_line_keeps_the_cards_and_the_whole_paste(signed_in, deck):
    """Replace with a line it cannot read would drop the cards that line meant: nothing is saved,
    the problems show and the whole text stays in the box with Replace still chosen."""
    response = signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {"decklist": BROKEN_PASTE, "mode": "replace", "version": 1},
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.version == 1 and selectors.current_zones(deck) == LEGAL_DBSCG
    page = signed_in.get(response["Location"]).content.decode()
    assert "Nothing was imported, the deck is unchanged: 3 lines" in page
    assert "the rest was imported" not in page
    assert "NOPE-999" in page and "Unknown Z Thing" in page
    box = page.split('name="decklist"', 1)[1].split("</textarea>", 1)[0]
    assert "Leader\n1 TS1-001\nMain\n4 TS1-002\n2 NOPE-999" in box
    assert '<option value="replace" selected>' in page


def test_a_line_naming_a_card_the_database_lacks_offers_to_propose_it_filled_in(signed_in, deck):
    paste = "Leader\n1 TS1-001\nMain\n2 TS7-042 Brand New Fighter\n"
    url = reverse("decks:import", args=[deck.pk])
    response = signed_in.post(url, {"decklist": paste, "mode": "add", "version": 1})
    page = signed_in.get(response["Location"]).content.decode()
    link = '<a class="propose-card" href="/cards/dbscg/propose/?new=TS7-042&amp;name=Brand+New+Fighter">'
    assert link + "Propose this card</a>" in page
    form = signed_in.get("/cards/dbscg/propose/?new=TS7-042&name=Brand+New+Fighter")
    assert form.context["form"].initial == {"number": "TS7-042", "name": "Brand New Fighter"}


def test_the_editor_says_how_many_cards_of_the_game_the_database_holds(signed_in, deck):
    html = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert (
        "Dragon Ball Super Card Game: 20 cards registered (how many the game has is not known)."
        in html
    )
    assert 'href="/cards/dbscg/coverage/">What is missing</a>' in html
    signed_in.cookies["django_language"] = "ja"
    html = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert "ドラゴンボール超 カードゲームは 20 種類登録済み" in html


def test_a_replace_with_an_ambiguous_name_keeps_the_cards_until_the_card_is_chosen(signed_in, deck):
    from cards.importers import import_cards

    import_cards(
        "dbscg", b"number,name,type\nTS9-001,Twin Name,Battle\nTS9-002,Twin Name,Battle\n", "t.csv"
    )
    paste = "Leader\n1 TS1-001\nMain\n3 Twin Name\n"
    url = reverse("decks:import", args=[deck.pk])
    response = signed_in.post(url, {"decklist": paste, "mode": "replace", "version": 1})
    deck.refresh_from_db()
    assert deck.version == 1 and selectors.current_zones(deck) == LEGAL_DBSCG
    page = signed_in.get(response["Location"]).content.decode()
    assert "Nothing was imported, the deck is unchanged: 1 line" in page
    assert "Which card did you mean?" in page
    # The choice goes with the text (line 4), not straight into the deck.
    assert '<select name="pick-4"><option value="">Choose the card</option>' in page
    assert '<option value="TS9-002">TS9-002 Twin Name</option>' in page
    assert 'name="pick-4-ref" value="Twin Name"' in page
    assert 'name="action" value="add"' not in page.split('id="import-export"', 1)[1]
    assert paste.strip() in page

    # Imported again without a choice: still refused.
    signed_in.post(url, {"decklist": paste, "mode": "replace", "version": 1, "pick-4": ""})
    deck.refresh_from_db()
    assert deck.version == 1
    signed_in.get(reverse("decks:editor", args=[deck.pk]))

    # With the card chosen, Replace applies to the whole list, the choice written in.
    response = signed_in.post(
        url,
        {
            "decklist": paste,
            "mode": "replace",
            "version": 1,
            "pick-4": "TS9-002",
            "pick-4-ref": "Twin Name",
        },
    )
    deck.refresh_from_db()
    assert selectors.current_zones(deck) == {"leader": {"TS1-001": 1}, "main": {"TS9-002": 3}}
    assert selectors.version_of(deck, 1).zones == LEGAL_DBSCG


def test_a_choice_is_written_into_the_text_when_another_line_still_fails(signed_in, deck):
    from cards.importers import import_cards

    import_cards(
        "dbscg", b"number,name,type\nTS9-001,Twin Name,Battle\nTS9-002,Twin Name,Battle\n", "t.csv"
    )
    paste = "Main\nTwin Name x3\n2 NOPE-999\n"
    signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {
            "decklist": paste,
            "mode": "replace",
            "version": 1,
            "pick-2": "TS9-001",
            "pick-2-ref": "Twin Name",
        },
    )
    deck.refresh_from_db()
    assert selectors.current_zones(deck) == LEGAL_DBSCG
    page = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    box = page.split('name="decklist"', 1)[1].split("</textarea>", 1)[0]
    assert "TS9-001 Twin Name x3\n2 NOPE-999" in box
    assert "pick-2" not in page  # nothing left to choose


def test_a_replace_with_no_cards_is_refused(signed_in, deck):
    for paste in ("# only a comment\n// and another\n", "Main\n"):
        response = signed_in.post(
            reverse("decks:import", args=[deck.pk]),
            {"decklist": paste, "mode": "replace", "version": 1},
            follow=True,
        )
        assert "The decklist holds no cards, so nothing was imported" in response.content.decode()
        deck.refresh_from_db()
        assert deck.version == 1 and selectors.current_zones(deck) == LEGAL_DBSCG


def test_a_clean_replace_replaces_the_cards_and_the_old_ones_stay_in_the_history(signed_in, deck):
    response = signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {"decklist": "Leader\n1 TS1-001\nMain\n4 TS1-003\n", "mode": "replace", "version": 1},
        follow=True,
    )
    assert "it replaced the deck&#x27;s cards" in response.content.decode()
    deck.refresh_from_db()
    assert deck.version == 2
    assert selectors.current_zones(deck) == {"leader": {"TS1-001": 1}, "main": {"TS1-003": 4}}
    assert selectors.version_of(deck, 1).zones == LEGAL_DBSCG


def test_a_refused_replace_says_so_in_japanese(signed_in, deck):
    signed_in.cookies["django_language"] = "ja"
    response = signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {"decklist": "Main\n2 NOPE-999\n", "mode": "replace", "version": 1},
        follow=True,
    )
    page = response.content.decode()
    assert "取り込んでいません" in page and "デッキは変更されていません" in page
    assert "Nothing was imported" not in page


@pytest.mark.usefixtures("dbscg_cards")
def test_the_builder_keeps_its_deck_when_a_replace_has_an_unreadable_line(client):
    build = reverse("decks:build", args=["dbscg"])
    first = client.post(build, {"decklist": "Main\n4 TS1-002\n", "mode": "replace"})
    code = first["Location"].split("c=", 1)[1]
    again = client.post(
        build, {"decklist": "Main\n4 TS1-003\n2 NOPE-999\n", "mode": "replace", "code": code}
    )
    assert again["Location"] == first["Location"]
    page = client.get(again["Location"]).content.decode()
    assert "Nothing was imported" in page and "NOPE-999" in page
    empty = client.post(build, {"decklist": "# nothing\n", "mode": "replace", "code": code})
    assert empty["Location"] == first["Location"]


def test_a_too_long_paste_is_refused_with_a_clear_message(signed_in, deck):
    response = signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {"decklist": "1 TS1-002\n" * 7000, "mode": "replace", "version": 1},
        follow=True,
    )
    assert response.status_code == 200
    assert "at most 64 KiB" in response.content.decode()
    assert deck.versions.count() == 1


def test_search_results_offer_only_the_zones_the_rules_allow(signed_in, dbscg_cards):
    response = signed_in.get(reverse("decks:search", args=["dbscg"]), {"q": "Test"})
    html = response.content.decode()
    assert 'value="leader:TS1-001"' in html
    assert 'value="main:TS1-001"' not in html
    assert 'value="main:TS1-002"' in html and 'value="zdeck:TS1-002"' not in html
    assert 'value="zdeck:TS1-090"' in html


def test_history_lists_versions_and_diffs_two_of_them(signed_in, deck):
    change(signed_in, deck, action="add", zone="main", number="TS1-015", count=2, version=1)
    signed_in.post(reverse("decks:save-version", args=[deck.pk]))
    change(signed_in, deck, action="set", zone="main", number="TS1-002", count=0, version=2)
    page = signed_in.get(
        reverse("decks:history", args=[deck.pk]), {"a": 1, "b": 3}
    ).content.decode()
    assert "v3 (current)" in page
    assert "+2 TS1-015" in page and "−4 TS1-002" in page
    # The compare form comes before the list of versions.
    assert page.index('name="a"') < page.index('class="versions')


def test_history_notes_name_their_cards(signed_in, deck):
    """Issue 23: the history's notes read as numbers only ("+2 TS1-015 (main)")."""
    from cards.models import Card

    change(signed_in, deck, action="add", zone="main", number="TS1-015", count=2, version=1)
    name = Card.objects.get(game="dbscg", number="TS1-015").name
    page = signed_in.get(reverse("decks:history", args=[deck.pk])).content.decode()
    assert f"+2 TS1-015 {name} (main)" in page
    japanese = signed_in.get(reverse("decks:history", args=[deck.pk]), HTTP_ACCEPT_LANGUAGE="ja")
    assert f"TS1-015 {name}" in japanese.content.decode()


def test_a_sitting_s_changes_are_one_draft_version_that_save_version_closes(signed_in, deck):
    for number in ("TS1-015", "TS1-016", "TS1-016"):
        change(signed_in, deck, action="add", zone="main", number=number, version=1)
    deck.refresh_from_db()
    draft = selectors.current_version(deck)
    assert (deck.version, draft.draft, draft.changes) == (2, True, 3)
    editor = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert "draft: 3 changes" in editor and "Save version" in editor

    response = signed_in.post(
        reverse("decks:save-version", args=[deck.pk]), {"note": "  more  Fighters "}
    )
    assert response.status_code == 302
    saved = selectors.current_version(deck)
    assert (saved.draft, saved.note) == (False, "more Fighters")
    change(signed_in, deck, action="add", zone="main", number="TS1-015", version=2)
    deck.refresh_from_db()
    assert deck.version == 3 and selectors.version_of(deck, 2).zones["main"]["TS1-016"] == 2


def test_a_change_after_a_pause_longer_than_a_sitting_starts_a_new_version(
    signed_in, deck, settings
):
    change(signed_in, deck, action="add", zone="main", number="TS1-015", version=1)
    settings.DECKLAB_EDIT_SITTING_MINUTES = 0
    change(signed_in, deck, action="add", zone="main", number="TS1-015", version=2)
    deck.refresh_from_db()
    assert deck.version == 3
    assert not selectors.version_of(deck, 2).draft and selectors.version_of(deck, 3).draft


def test_history_is_paginated(signed_in, deck):
    for version in range(1, 26):
        signed_in.post(reverse("decks:revert", args=[deck.pk]), {"number": 1, "version": version})
    deck.refresh_from_db()
    first = signed_in.get(reverse("decks:history", args=[deck.pk])).content.decode()
    assert f"v{deck.version} (current)" in first and ">v1<" not in first
    assert "Page 1 of 2" in first
    last = signed_in.get(reverse("decks:history", args=[deck.pk]), {"page": 2}).content.decode()
    assert ">v1<" in last


def test_revert_through_the_history_page(signed_in, deck):
    change(signed_in, deck, action="set", zone="main", number="TS1-002", count=0, version=1)
    deck.refresh_from_db()
    history = signed_in.get(reverse("decks:history", args=[deck.pk])).content.decode()
    assert f'name="revision" value="{deck.revision}"' in history  # the open draft v2 as shown
    signed_in.post(
        reverse("decks:revert", args=[deck.pk]),
        {"number": 1, "version": 2, "revision": deck.revision},
    )
    deck.refresh_from_db()
    assert deck.version == 3 and selectors.current_zones(deck) == LEGAL_DBSCG


def test_the_statistics_panel_charts_the_cost_curve_and_the_games_own_charts(signed_in, deck):
    html = signed_in.get(reverse("decks:panel", args=[deck.pk, "stats"])).content.decode()
    for title in ("Energy cost", "Colours", "Types", "Specified colours", "Keywords"):
        assert title in html
    assert "<svg" in html


def test_deck_names_are_escaped(signed_in, deck):
    deck.name = "<script>alert(1)</script>"
    deck.save()
    html = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;" in html


def test_a_card_offers_moves_only_to_the_zones_its_format_allows(signed_in, deck):
    html = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    main_row = html.split('data-zone="main" data-number="TS1-002"', 1)[1].split("</li>", 1)[0]
    assert 'value="move:zdeck"' not in main_row  # a Battle card may not stand in the Z-deck
    assert 'value="move:leader"' not in main_row  # nor in the leader zone


def test_a_paste_with_a_byte_order_mark_and_zero_padded_numbers_reads_as_printed(signed_in, deck):
    """Issue 12: the editor reads a list as the command line and the API do (CONTRACT §3)."""
    paste = "\ufeffLeader\n1 TS01-001\nMain\n4 TS1-02\n"
    response = signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {"decklist": paste, "mode": "replace", "version": 1},
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    assert selectors.current_zones(deck) == {"leader": {"TS1-001": 1}, "main": {"TS1-002": 4}}


def test_an_ambiguous_name_comes_back_as_a_choice_that_adds_the_picked_card(signed_in, deck):
    from cards.importers import import_cards

    import_cards(
        "dbscg", b"number,name,type\nTS9-001,Twin Name,Battle\nTS9-002,Twin Name,Battle\n", "t.csv"
    )
    signed_in.post(
        reverse("decks:import", args=[deck.pk]),
        {"decklist": "Main\n3 Twin Name\n", "mode": "add", "version": 1},
    )
    page = signed_in.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert "Which card did you mean?" in page
    assert '<option value="TS9-001">TS9-001 Twin Name</option>' in page
    assert 'name="count" value="3"' in page and "Add 3" in page
    deck.refresh_from_db()
    change(signed_in, deck, action="add", zone="main", number="TS9-002", count=3)
    deck.refresh_from_db()
    assert selectors.current_zones(deck)["main"]["TS9-002"] == 3


def test_an_edit_that_cannot_be_made_says_why_in_japanese_under_ja(signed_in, deck):
    signed_in.cookies["django_language"] = "ja"
    response = change(
        signed_in,
        deck,
        htmx=True,
        action="move",
        zone="zdeck",
        number="TS1-002",
        to_zone="main",
        version=1,
    )
    shown = response.content.decode()
    assert response.status_code == 400
    assert "TS1-002 はZデッキにありません" in shown, shown
    assert "is not in" not in shown


def test_a_deck_just_begun_lists_what_it_needs_not_red_errors(signed_in, owner, dbscg_cards):
    from decklab.decks.services import deck_create

    empty = deck_create(owner=owner, game="dbscg", name="New")
    page = signed_in.get(reverse("decks:editor", args=[empty.pk])).content.decode()
    assert "No cards yet. A ZENKAI deck needs:" in page and 'class="violations to-do"' in page
    assert "notice error legal-status" not in page
    assert 'class="violation" data-code="zone.size"' in page  # listed once, in the legality panel
    assert page.count('data-code="zone.size"') == 2  # leader and main, not again under the deck
    change(signed_in, empty, action="add", zone="main", number="TS1-002")
    begun = signed_in.get(reverse("decks:editor", args=[empty.pk])).content.decode()
    assert "notice error legal-status" in begun and "to-do" not in begun
