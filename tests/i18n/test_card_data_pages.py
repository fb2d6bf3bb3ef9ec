"""What a Japanese reader sees of DeckLab's own shipped data: the fact sheets' notes on their
sources fold away under 「データの出典」 with Japanese labels (a file's own extra columns stay as they
were), Gundam War sets read as the printings number them (15弾), and a deck's zone headings speak
the page's language only."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from cards import search
from cards.importers import import_cards
from cards.models import Card


def page(url: str, language: str = "ja", user=None) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def sections(html: str) -> tuple[str, str]:
    """(the card page's facts and extra columns, its "Data source" box)."""
    main, _, box = html.partition('<details class="provenance">')
    return main, box.partition("</details>")[0]


def test_source_notes_of_a_dreadnought_card_fold_away_under_data_source(site):
    html = page(reverse("cards:detail", args=["dreadnought", "DN-K001"]))
    shown, box = sections(html)
    assert box, "no Data source box"
    assert "<summary>データの出典</summary>" in box
    for label in ("確度", "出典", "メモ"):
        assert f">{label}</dt>" in box
    assert "HP not found" in box and "HP not found" not in shown
    for key in ("certainty", "source_ids", "notes"):
        assert f">{key}</dt>" not in html
    # The sheet's other columns are facts, shown under their Japanese names.
    assert '<dt title="product">収録商品</dt>' in shown
    assert '<details class="provenance" open' not in html


def test_gundam_war_printed_number_and_sources_fold_away_and_the_set_reads_in_japanese(site):
    html = page(reverse("cards:detail", args=["gundam_war", "黒/U-129"]))
    shown, box = sections(html)
    assert ">印刷された番号</dt>" in box and "U-129" in box
    assert ">printed_number</dt>" not in html and ">certainty</dt>" not in html
    assert re.search(r"<dt>弾</dt><dd translate=\"no\">15弾</dd>", shown)
    assert "15th" not in shown
    english = page(reverse("cards:detail", args=["gundam_war", "黒/U-129"]), "en")
    assert re.search(r"<dt>Set</dt><dd translate=\"no\">15th</dd>", english)
    assert "<summary>Data source</summary>" in english


def test_the_gundam_war_card_list_shows_japanese_set_numbers(site):
    html = page(reverse("cards:list", args=["gundam_war"]) + "?q=set:3rd")
    assert "3弾" in html and ">3rd<" not in html
    several = page(reverse("cards:list", args=["gundam_war"]) + "?q=set:22nd")
    assert "22弾 / ウィナーズブースター01" in several
    # Both spellings search the same cards.
    numbers = lambda q: sorted(search.search("gundam_war", q).values_list("number", flat=True))  # noqa: E731
    assert numbers("弾:15弾") == numbers("set:15th") != []


def test_a_card_file_s_own_extra_columns_show_as_they_are(site):
    """CONTRACT §2: unknown columns are kept as extra data, and shown under their names, also
    where their name is one the shipped sheets use for their sources."""
    import_cards(
        "dbscg",
        b"number,name,type,colors,notes,my_column\nTS9-001,Extra Test,Battle,Red,hand note,42\n",
        "mine.csv",
    )
    html = page(reverse("cards:detail", args=["dbscg", "TS9-001"]))
    shown, box = sections(html)
    assert box == ""
    assert '<dt translate="no">notes</dt><dd translate="no">hand note</dd>' in shown
    assert '<dt translate="no">my_column</dt><dd translate="no">42</dd>' in shown
    card = Card.objects.get(game="gundam_war", number="黒/U-129")
    card.extra = {**card.extra, "my_column": "mine"}
    card.save()
    html = page(reverse("cards:detail", args=["gundam_war", "黒/U-129"]))
    assert '<dt translate="no">my_column</dt><dd translate="no">mine</dd>' in sections(html)[0]


def test_zone_headings_speak_the_page_s_language_only(site):
    deck = site.decks["dbscg"]
    editor = page(reverse("decks:editor", args=[deck.pk]), user=site.user)
    shared = page(reverse("decks:shared", args=[deck.code]))
    for html in (editor, shared):
        headings = re.findall(r"<h3>(.*?)</h3>", html)
        assert headings
        assert all("Main" not in h and "Leader" not in h for h in headings), headings
        assert any(h.startswith("メイン") for h in headings), headings
    english = page(reverse("decks:shared", args=[deck.code]), "en")
    headings = re.findall(r"<h3>(.*?)</h3>", english)
    assert all("メイン" not in h and "リーダー" not in h for h in headings), headings
    # The accessible names stay as they were.
    assert 'aria-label="One copy more of' in page(
        reverse("decks:editor", args=[deck.pk]), "en", site.user
    )
