"""The Japanese catalogue is complete, its placeholders match, and the committed .mo is its build.

Also the pure violation catalogue (`cards.games.messages`): every key speaks both languages with
the same placeholders, and every rule a violation cites has a text in both languages.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

from cards.games import messages, ruletext
from cards.games.registry import all_games

PO = Path(settings.BASE_DIR) / "locale" / "ja" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
PERCENT = re.compile(r"%(?:\((\w+)\))?[#0 +-]?\d*(?:\.\d+)?[sdrfx%]")
BRACES = re.compile(r"\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    return set(PERCENT.findall(text)) | set(BRACES.findall(text))


@pytest.fixture(scope="module")
def po() -> polib.POFile:
    return polib.pofile(str(PO))


def test_every_msgid_has_a_japanese_text(po):
    untranslated = [entry.msgid for entry in po if not entry.translated()]
    fuzzy = [entry.msgid for entry in po if "fuzzy" in entry.flags]
    assert untranslated == [] and fuzzy == [], (untranslated, fuzzy)
    assert len(po) > 400


def test_japanese_texts_keep_the_placeholders(po):
    wrong = []
    for entry in po:
        texts = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        for text in texts:
            english = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
            if placeholders(text) != english:
                wrong.append((entry.msgid, text))
    assert wrong == []


def test_japanese_has_one_plural_form(po):
    assert po.metadata["Plural-Forms"].startswith("nplurals=1;")


def test_the_committed_mo_is_the_po_compiled(po):
    """`make messages` rebuilds both; a .po edited without rebuilding the .mo fails here."""
    compiled = {
        (e.msgctxt, e.msgid): (e.msgstr, dict(e.msgstr_plural)) for e in polib.mofile(str(MO))
    }
    source = {
        (e.msgctxt, e.msgid): (e.msgstr, {int(k): v for k, v in e.msgstr_plural.items()})
        for e in po
        if e.translated()
    }
    compiled = {k: (s, {int(i): t for i, t in p.items()}) for k, (s, p) in compiled.items()}
    assert compiled == source


def test_every_violation_message_speaks_both_languages_with_the_same_placeholders():
    assert all_games()  # every game registers its messages on import
    keys = messages.keys()
    assert len(keys) > 10
    for key in keys:
        texts = messages.texts(key)
        assert set(texts) == set(messages.LANGUAGES), key
        assert texts["ja"] != texts["en"], f"{key}: no Japanese in the catalogue"
        fields = {lang: messages.format_names(text) for lang, text in texts.items()}
        assert fields["en"] == fields["ja"], (key, fields)
        # Each value as the violation passes it: plain, or once per language (`zone_en`, `zone_ja`).
        values = dict.fromkeys(
            {f"{name}_{lang}" for name in fields["en"] for lang in messages.LANGUAGES}
            | fields["en"],
            "1",
        )
        for lang in messages.LANGUAGES:  # renders in each language with the violation's values
            assert messages.render(key, lang, values)


def test_a_message_key_keeps_one_text(monkeypatch):
    monkeypatch.setattr(messages, "_CATALOGUE", dict(messages._CATALOGUE))
    messages.register("test.one_text", "Only %(count)s")
    messages.register("test.one_text", "Only %(count)s")
    with pytest.raises(ValueError, match="twice"):
        messages.register("test.one_text", "%(count)s cards")


def _rule_texts(game) -> list[str]:
    """Every text a format's rules hold (the `rule` field of their violations)."""
    found = []
    for fmt in game.formats:
        for rule in fmt.rules:
            values = vars(rule).values() if hasattr(rule, "__dict__") else ()
            slots = [getattr(rule, name) for name in getattr(rule, "__slots__", ())]
            found += [v for v in [*values, *slots] if isinstance(v, str) and "§" in v]
    return found


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_cited_rule_has_a_text_in_both_languages(game):
    sections = game.rules_text
    assert sections, f"{game.slug} has no rules_text"
    for section in sections:
        for text in [section.en, section.note or "", *(rule.en for rule in section.rules)]:
            assert text == "" or messages.in_language(text, "ja") != text, text
        assert section.en
        for rule in section.rules:
            assert rule.en and rule.number.startswith(section.number + ".")
    cited = {number for text in _rule_texts(game) for number in ruletext.cited(text)}
    assert cited, game.slug
    missing = sorted(n for n in cited if game.rule(n) is None)
    assert missing == []


def test_the_policy_help_names_every_policy():
    from cards.games.draws_troidal import goldfish
    from cards.games.draws_troidal.policy import POLICIES

    for name, text in POLICIES.items():
        assert f"{goldfish._POLICY_LABELS[name]}: {text}" in goldfish._POLICY_HELP
    (opponent,) = [f for f in goldfish.MATCH_GOAL.fields if f.name == "opponent_policy"]
    assert set(opponent.choice_labels) == set(opponent.choices)


#: A Japanese letter (kana, kanji): a text holding one is a Japanese sentence.
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: Parentheses players type (the query language's grouping), quoted or in <code>: they stay as typed.
TYPED_PARENTHESES = re.compile(r"「[()]」|<code>[^<]*</code>")
#: A placeholder of any conversion (`%(value)g` too).
ANY_PLACEHOLDER = re.compile(r"%\(\w+\)[#0 +-]?\d*(?:\.\d+)?[a-zA-Z]")


def half_width_parentheses(text: str) -> bool:
    bare = TYPED_PARENTHESES.sub("", ANY_PLACEHOLDER.sub("", text))
    return bool(JAPANESE.search(bare)) and bool(re.search(r"[()]", bare))


def test_japanese_sentences_use_full_width_parentheses(po):
    """「1枚減らしてください（現在5枚、上限4枚）。」, not (…): in the catalogue and the violations."""
    texts = [
        text
        for entry in po
        for text in [entry.msgstr, *entry.msgstr_plural.values()]
        if half_width_parentheses(text)
    ]
    violations = [messages.texts(key)["ja"] for key in messages.keys()]  # noqa: SIM118 (a module)
    texts += [text for text in violations if half_width_parentheses(text)]
    assert texts == []
    assert half_width_parentheses("メモ(任意)") and not half_width_parentheses("メモ（任意）")
    assert not half_width_parentheses("この「(」が閉じられていません")
