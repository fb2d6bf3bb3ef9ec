"""The pure core's refusals (goal errors, values that are no speed) read in Japanese under `ja`.

They are `messages.Refusal(gettext_noop("... %(name)s ..."), name=value)`: the msgid goes into the
site's catalogue and is translated when shown. These tests read the source of `cards/games`: every
refusal's msgid is a literal marked with `gettext_noop` (not an f-string, which no catalogue can
hold), passes exactly the values its placeholders name, and has a Japanese text in the compiled
catalogue with the same placeholders; then a few goal errors are shown under `ja` end to end.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

from cards.games import goldfish
from cards.games.messages import Refusal, Text, format_names
from cards.languages import translated
from tests.games.decks import deck_of

GAMES = Path(settings.BASE_DIR) / "cards" / "games"
#: The exceptions whose first argument is a msgid: `Explained` and its subclasses in the core.
REFUSALS = {
    "Explained",
    "Refusal",
    "GoalError",
    "UnknownGoal",
    "UnknownGame",
    "UnknownFormat",
    "DeckCodeError",
}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: English words outside placeholders: a msgid of two or more needs Japanese script in Japanese
#: (names such as `ZENKAI` or `HP` may read the same in both).
WORDS = re.compile(r"(?<![%(\w])[A-Za-z]{2,}")
#: The msgids the catalogue translates (some, names, read the same in Japanese).
CATALOGUE = {
    entry.msgid
    for entry in polib.pofile(str(Path(settings.BASE_DIR) / "locale/ja/LC_MESSAGES/django.po"))
    if entry.translated()
}


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _noop(node: ast.AST) -> str | None:
    """The literal of `gettext_noop("...")`, else None."""
    if (
        isinstance(node, ast.Call)
        and _name(node.func) == "gettext_noop"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.args[0].value
    return None


def faults(source: str, where: str = "<source>") -> list[str]:
    """What is wrong with the refusals and texts of one module's source (empty when all is well)."""
    found = []
    msgids = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        kind = _name(node.func)
        if kind in REFUSALS and node.args:
            first = node.args[0]
            msgid = _noop(first)
            if msgid is None and not isinstance(first, ast.Name | ast.Attribute):
                found.append(f"{where}:{node.lineno}: {kind} without a gettext_noop msgid")
                continue
            values = {k.arg for k in node.keywords if k.arg}
            if msgid is not None and format_names(msgid) != values:
                found.append(f"{where}:{node.lineno}: {msgid!r} is given {sorted(values)}")
        elif kind == "Text" and node.args and isinstance(node.args[0], ast.Constant):
            found.append(f"{where}:{node.lineno}: Text of an unmarked literal")
        msgid = _noop(node)
        if msgid is not None:
            msgids.append((node.lineno, msgid))
    with translation.override("ja"):
        for line, msgid in msgids:
            japanese = translation.gettext(msgid)
            if (japanese == msgid and msgid not in CATALOGUE) or (
                len(WORDS.findall(msgid)) > 1 and not JAPANESE.search(japanese)
            ):
                found.append(f"{where}:{line}: no Japanese for {msgid!r}")
            elif format_names(japanese) != format_names(msgid):
                found.append(f"{where}:{line}: the Japanese of {msgid!r} has other placeholders")
    return found


def test_every_refusal_and_label_of_the_core_has_japanese_with_its_placeholders():
    modules = sorted(GAMES.rglob("*.py"))
    refusing = [path for path in modules if "GoalError(" in path.read_text()]
    assert len(refusing) >= 6  # the framework and every game's goals
    found = []
    for path in modules:
        found += faults(path.read_text(), str(path.relative_to(GAMES)))
    assert found == []


@pytest.mark.parametrize(
    ("source", "fault"),
    [
        ('GoalError(f"{turn} is too late")', "without a gettext_noop msgid"),
        ('GoalError("Too late.")', "without a gettext_noop msgid"),
        ('GoalError(gettext_noop("Turn %(turn)d is late."), when=3)', "is given ['when']"),
        ('GoalError(gettext_noop("A text nobody translated."))', "no Japanese"),
        ('Text("A chunk failed.")', "unmarked literal"),
    ],
)
def test_the_check_finds_a_refusal_without_japanese_or_with_a_wrong_placeholder(source, fault):
    found = faults(source)
    assert any(fault in line for line in found), found


def test_a_japanese_text_that_loses_a_placeholder_is_found(monkeypatch):
    monkeypatch.setattr(translation, "gettext", lambda msgid: "ターンが遅すぎます。")
    (found,) = faults('GoalError(gettext_noop("Turn %(turn)d is late."), turn=3)')
    assert "other placeholders" in found


@pytest.mark.parametrize(
    ("goals", "japanese"),
    [
        (
            [{"type": "drawn", "cards": ["T0"], "turn": 0}],
            "「自分のターン（まで）」（turn）は1以上",
        ),
        ([{"type": "drawn", "cards": ["NOPE"], "turn": 3}], "'NOPE' はこのデッキの"),
        (
            [{"type": "drawn", "turn": 3}],
            "この目標には「カード（番号または名前）」（cards）が必要です",
        ),
        ([], "目標を1つ以上指定してください"),
    ],
)
def test_a_goal_error_reads_in_japanese_under_ja_and_in_english_otherwise(goals, japanese):
    with pytest.raises(goldfish.GoalError) as raised:
        goldfish.plan("dbscg", deck_of("dbscg", [4, 26]), goals)
    with translation.override("ja"):
        shown = translated(raised.value.text)
    assert japanese in shown, shown
    assert not re.search(r"[a-z]{4,} [a-z]{4,}", shown.replace("NOPE", "")), shown
    with translation.override("en"):
        assert translated(raised.value.text) == str(raised.value)


def test_a_stored_reason_reads_in_the_reader_s_language():
    error = Refusal(
        "%(error)s", error=Text("Speed mix: %(error)s", {"error": Text("Give at least one goal.")})
    )
    stored = Text.from_json(error.text.to_json())
    assert stored == error.text
    with translation.override("ja"):
        assert translated(stored) == "スピード構成：目標を1つ以上指定してください。"
