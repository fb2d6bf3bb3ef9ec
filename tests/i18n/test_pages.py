"""Every page under `ja`: no msgid without a Japanese text, and most of what a person reads is
Japanese; under `en` the pages read as before.

What counts as read: the text of the page (title included) outside `code`, `pre`, `kbd`, scripts and
styles. Card data that exists only in English is set aside: the Latin letters of elements marked
`translate="no"` (card names, numbers and facts), and card numbers and English-only card names
where messages quote them; so are the user's name and a few words kept as they are (`KEPT`).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from urllib import parse

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real

from cards import search
from cards.games import deckcode
from cards.games.registry import all_games, get_game
from cards.games.text import JAPANESE
from cards.models import Card
from decklab.decks.selectors import current_zones

LATIN = re.compile(r"[A-Za-z]")
SKIPPED_TAGS = {"script", "style", "code", "pre", "kbd", "svg"}
#: Words that stay as they are in Japanese text: the brand, and the names of the switcher's languages.
KEPT = ("DeckLab", "English", "API", "PDF", "PNG", "JSON", "UTC", "ZENKAI", "MiB")


class Reader(HTMLParser):
    """The page's readable text; of `translate="no"` data only the Japanese letters."""

    VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr", "col", "area", "base"}

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, bool, bool]] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        skipped = tag in SKIPPED_TAGS or any(s for _, s, _ in self.stack)
        data = ("translate", "no") in attrs or any(d for _, _, d in self.stack)
        self.stack.append((tag, skipped, data))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        skipped = any(s for _, s, _ in self.stack)
        in_data = any(d for _, _, d in self.stack)
        if skipped:
            return
        self.parts.append("".join(JAPANESE.findall(data)) if in_data else data)


def read_text(html: str) -> str:
    reader = Reader()
    reader.feed(html)
    return " ".join(reader.parts)


def english_only_data() -> list[str]:
    """Card numbers, and names of cards with no Japanese in them: data, not DeckLab's words."""
    words = set()
    for number, name in Card.objects.values_list("number", "name"):
        words.add(number)
        if not JAPANESE.search(name):
            words.add(name)
    return sorted(words, key=len, reverse=True)


def japanese_share(html: str, aside: list[str]) -> tuple[float, str]:
    text = read_text(html)
    for word in [*aside, *KEPT]:
        text = text.replace(word, " ")
    japanese = len(JAPANESE.findall(text))
    latin = len(LATIN.findall(text))
    return japanese / max(1, japanese + latin), text


class Misses:
    """Records every msgid looked up under `ja` that neither catalogue (ours, Django's) holds."""

    def __init__(self, monkeypatch):
        self.found: set[str] = set()
        catalog = trans_real.translation("ja")._catalog
        real_gettext, real_ngettext = trans_real.gettext, trans_real.ngettext

        def needs(message: str) -> bool:
            return bool(LATIN.search(message)) and not JAPANESE.search(message)

        def gettext(message):
            if translation.get_language() == "ja" and needs(message) and message not in catalog:
                self.found.add(message.split("\x04")[-1])
            return real_gettext(message)

        def ngettext(singular, plural, number):
            if translation.get_language() == "ja" and (singular, 0) not in catalog:
                self.found.add(singular)
            return real_ngettext(singular, plural, number)

        for target in (trans_real, translation._trans):
            assert callable(target.gettext)  # `_trans` binds its functions on first use
            monkeypatch.setattr(target, "gettext", gettext)
            monkeypatch.setattr(target, "ngettext", ngettext)


def builder_code(deck) -> str:
    return deckcode.encode(deck.game, deck.format, current_zones(deck))


def pages(site) -> list[tuple[str, str, bool]]:
    """(name, url, signed in) of every page."""
    found = [("home", reverse("home"), False)]
    for game in all_games():
        slug = game.slug
        deck = site.decks[slug]
        card = Card.objects.filter(game=slug).order_by("number").first()
        found += [
            (f"{slug} list", reverse("cards:list", args=[slug]), False),
            (
                f"{slug} search",
                reverse("cards:list", args=[slug]) + "?q=" + game.japanese_examples[0],
                False,
            ),
            (f"{slug} help", reverse("cards:help", args=[slug]), False),
            (f"{slug} card", reverse("cards:detail", args=[slug, card.number]), False),
            (f"{slug} rules", reverse("rules", args=[slug]), False),
            (
                f"{slug} builder",
                reverse("decks:build", args=[slug]) + f"?c={builder_code(deck)}",
                False,
            ),
            (f"{slug} public decks", reverse("decks:public", args=[slug]), False),
            (f"{slug} meta", reverse("discovery:meta", args=[slug]), False),
            (f"{slug} shared deck", reverse("decks:shared", args=[deck.code]), False),
            (f"{slug} editor", reverse("decks:editor", args=[deck.pk]), True),
            (f"{slug} history", reverse("decks:history", args=[deck.pk]) + "?a=1&b=2", True),
            (f"{slug} goldfish form", reverse("goldfish:new") + f"?game={slug}", True),
        ]
    found += [
        ("goldfish run", reverse("goldfish:run", args=[site.run.pk]), True),
        ("events", reverse("events:list"), False),
        ("new event", reverse("events:new"), True),
        ("event", reverse("events:detail", args=[site.event.pk]), True),
        ("event as a visitor", reverse("events:detail", args=[site.event.pk]), False),
        ("running the event", reverse("events:manage", args=[site.event.pk]), True),
        ("event round", reverse("events:round", args=[site.event.pk, 1]), False),
        ("event standings", reverse("events:standings", args=[site.event.pk]), False),
        ("event list", reverse("events:list-detail", args=[site.event.pk, "rival"]), False),
        ("deck check", reverse("events:check", args=[site.event.pk, "rival"]), True),
        ("new deck", reverse("decks:new"), True),
        ("player profile", reverse("discovery:player", args=[site.decks["dbscg"].owner]), False),
        ("profile", reverse("profile"), True),
        ("password change", reverse("password_change"), True),
        ("password change done", reverse("password_change_done"), True),
        ("sign in", reverse("login"), False),
        ("sign up", reverse("signup"), False),
        ("password reset", reverse("password_reset"), False),
        ("password reset done", reverse("password_reset_done"), False),
        ("password reset link", reverse("password_reset_confirm", args=["MQ", "bad-token"]), False),
        ("password reset complete", reverse("password_reset_complete"), False),
    ]
    return found


def client_for(site, signed_in: bool, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if signed_in:
        client.force_login(site.user)
    return client


def test_every_page_reads_in_japanese(site, monkeypatch):
    misses = Misses(monkeypatch)
    aside = [*english_only_data(), site.user.get_username()]
    thin, broken = {}, {}
    checked = 0
    for name, url, signed_in in pages(site):
        response = client_for(site, signed_in, "ja").get(url)
        if response.status_code != 200:
            broken[name] = response.status_code
            continue
        html = response.content.decode()
        assert '<html lang="ja">' in html, name
        assert 'id="site-language"' in html, f"{name}: no language switcher"
        share, text = japanese_share(html, aside)
        if share < 0.5:
            thin[name] = (round(share, 2), " ".join(text.split())[:400])
        checked += 1
    assert broken == {}
    assert thin == {}, thin
    assert not misses.found, "|".join(sorted(misses.found))
    assert checked > 60


def test_the_password_mail_is_japanese(site, mailoutbox):
    client = Client(HTTP_ACCEPT_LANGUAGE="ja")
    client.post(reverse("password_reset"), {"email": "tester@example.com"})
    (mail,) = mailoutbox
    assert mail.subject == "DeckLab パスワードの再設定"
    assert "パスワード再設定が申し込まれました" in mail.body


def test_english_stays_as_it_was(site, monkeypatch):
    """No English catalogue rewrites a text: under `en` every msgid is shown as written."""
    changed = set()
    real = trans_real.gettext

    def gettext(message):
        shown = real(message)
        if shown != message:
            changed.add(message)
        return shown

    for target in (trans_real, translation._trans):
        assert callable(target.gettext)
        monkeypatch.setattr(target, "gettext", gettext)
    for name, url, signed_in in pages(site):
        response = client_for(site, signed_in, "en").get(url)
        assert response.status_code == 200, name
        html = response.content.decode()
        assert '<html lang="en">' in html, name
        assert "Skip to content" in html and "fan-made deck tools" in html, name
    assert changed == set()
    home = client_for(site, False, "en").get("/").content.decode()
    for text in ("Card lists, deck building, tournament legality", "Build a deck", "Sign in"):
        assert text in home


@pytest.mark.parametrize("game", [g.slug for g in all_games()])
def test_japanese_search_examples_find_cards(site, game):
    for example in get_game(game).japanese_examples:
        assert JAPANESE.search(example)
        assert search.search(game, example).exists(), example


HINT = re.compile(r'<p id="search-help".*?</p>', re.S)


def hint_examples(client: Client, game: str) -> list[str]:
    """The examples the hint under the game's search box shows, as its links run them."""
    page = client.get(reverse("cards:list", args=[game])).content.decode()
    hint = HINT.search(page)
    assert hint, game
    shown = re.findall(r"<code>(.*?)</code>", hint[0])
    examples = [html.unescape(e) for e in shown if e not in ("-", "or")]
    linked = [html.unescape(q) for q in re.findall(r'href="[^"]*\?q=([^"]*)"', hint[0])]
    assert [parse.unquote_plus(q) for q in linked] == examples
    return examples


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", [g.slug for g in all_games()])
def test_the_search_hint_shows_the_game_s_own_examples(site, game, language):
    """The hint under every game's search box once gave DBSCG's `type:battle`, `cost<=3`: errors on
    DRAWS◎TROIDAL (no such fields) and nothing found on Blade Rondo. Each example it shows now
    parses and finds cards; Japanese pages write fields by their Japanese names."""
    examples = hint_examples(Client(HTTP_ACCEPT_LANGUAGE=language), game)
    assert len(examples) == search.HINT_EXAMPLES
    for example in examples:
        assert search.search(game, example).exists(), example
    if language == "ja":
        assert all(JAPANESE.search(example) for example in examples), examples


@pytest.mark.parametrize("game", [g.slug for g in all_games()])
def test_a_game_without_cards_still_hints_examples_that_parse(db, game):
    for language in ("en", "ja"):
        examples = hint_examples(Client(HTTP_ACCEPT_LANGUAGE=language), game)
        assert examples
        for example in examples:
            search.parse(game, example)


def test_a_violation_links_its_rule(site):
    deck = site.decks["gundam_war"]
    html = client_for(site, False, "ja").get(reverse("decks:shared", args=[deck.code])).content
    html = html.decode()
    assert f'href="{reverse("rules", args=["gundam_war"])}#r3-1-1"' in html
    assert "メインデッキはちょうど50枚" in html
    english = client_for(site, False, "en").get(reverse("decks:shared", args=[deck.code]))
    text = english.content.decode()
    assert '#r3-1-1">§3.1.1</a>' in text and "RULES.md" not in text


def test_rules_pages_have_an_anchor_per_rule(site):
    html = client_for(site, False, "ja").get(reverse("rules", args=["dbscg"])).content.decode()
    for number in ("2-1", "2-1-1", "2-1-10", "2-2"):
        assert f'id="r{number}"' in html
    assert "［ドラゴンボール］を持つカードは合計7枚まで" in html
    english = client_for(site, False, "en").get(reverse("rules", args=["dbscg"])).content.decode()
    assert "Up to 7 cards with [Dragon Ball] in total" in english


def test_recipe_export_is_in_japanese(site):
    deck = site.decks["gundam_war"]
    response = Client().get(reverse("decks:text", args=[deck.code]) + "?style=recipe")
    text = response.content.decode()
    lines = text.splitlines()
    assert lines[0].startswith("【メイン】") and lines[0].endswith("枚")
    assert all(re.fullmatch(r".+ ×\d+", line) for line in lines[1:] if line)
    assert sum(int(line.rsplit("×", 1)[1]) for line in lines[1:] if line) == 5


def test_types_and_colours_read_in_japanese_where_the_data_is_english(site):
    card = Card.objects.filter(game="gundam_war", type="UNIT").first()
    url = reverse("cards:detail", args=["gundam_war", card.number])
    assert (
        '<dd translate="no">ユニット</dd>'
        in client_for(site, False, "ja").get(url).content.decode()
    )
    assert '<dd translate="no">UNIT</dd>' in client_for(site, False, "en").get(url).content.decode()
    listing = client_for(site, False, "ja").get(reverse("cards:list", args=["dbscg"])).content
    assert '<td translate="no">リーダー</td>' in listing.decode()
    assert '<td translate="no">赤</td>' in listing.decode()


def test_help_values_image_and_sheet_in_japanese(site):
    ja = client_for(site, False, "ja")
    help_page = ja.get(reverse("cards:help", args=["dbscg"])).content.decode()
    assert "リーダー、バトル" in help_page
    assert (
        "Leader, Battle"
        in client_for(site, False, "en").get(reverse("cards:help", args=["dbscg"])).content.decode()
    )
    deck = site.decks["gundam_war"]
    image = ja.get(reverse("decks:image", args=[deck.code]))
    assert image.status_code == 200 and image.content.startswith(b"\x89PNG")
    sheet = ja.get(reverse("decks:sheet", args=[deck.code]) + "?player=山田")
    assert sheet.status_code == 200 and sheet.content.startswith(b"%PDF")


def test_the_run_page_names_goals_in_the_readers_language(site):
    url = reverse("goldfish:run", args=[site.run.pk])
    ja = client_for(site, True, "ja").get(url).content.decode()
    assert "ターンごとに引くカード：カード（番号または名前） ガンダム、この枚数以上 1" in ja
    en = client_for(site, True, "en").get(url).content.decode()
    assert "drawn: cards ガンダム, at least 1, turn 1" in en
