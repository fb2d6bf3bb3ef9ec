"""The event's registration sheet (デッキ登録用紙): an A4 PDF of a player's locked list.

Japanese and English on one sheet (a judge of either language reads it): the player, the event,
its date, the list's hash, a QR code of the event page, then the blocks the game names
(`Game.event_sheet`: Gundam War's main deck by type with its G count, Dreadnought's 50 by cluster…;
a game that names none gets one block per zone). Drawn with reportlab in the site's CJK font
(`decklab.decks.sheets`), the QR code with segno (modules drawn as squares, no image library).
"""

from __future__ import annotations

import io
from collections.abc import Mapping

import segno
from django.utils.formats import date_format
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from cards.games.game import Game, SheetPart
from cards.games.registry import get_game
from cards.models import Card
from decklab.decks.selectors import cards_by_number
from decklab.decks.sheets import LINE, register_font
from decklab.events.models import Event, Registration

QR_SIZE = 30 * mm
#: The sheet's fixed wording, both languages side by side (not translated: the sheet carries both).
TITLE = "デッキ登録用紙 / Deck registration sheet"
FIELDS = (
    "プレイヤー / Player",
    "大会 / Event",
    "日付 / Date",
    "場所 / Place",
    "フォーマット / Format",
)
HASH = "ハッシュ / Hash"
TOTAL = "合計 / Total"
NOT_LOCKED = "未ロック / not locked"


def parts(game: Game) -> tuple[SheetPart, ...]:
    return game.event_sheet or tuple(SheetPart(zone.slug) for zone in game.zones)


def _qr(pdf: canvas.Canvas, url: str, right: float, top: float) -> None:
    code = segno.make(url, error="m")
    rows = list(code.matrix_iter(border=2))
    cell = QR_SIZE / len(rows)
    left = right - QR_SIZE
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                pdf.rect(left + x * cell, top - (y + 1) * cell, cell, cell, stroke=0, fill=1)


def _groups(
    part: SheetPart, counts: Mapping[str, int], cards: Mapping[str, Card]
) -> list[tuple[str, list[tuple[int, str, str]]]]:
    """(heading, rows of count, number, name) of one block, grouped by the part's column."""
    groups: dict[str, list[tuple[int, str, str]]] = {}
    for number, count in counts.items():
        card = cards.get(number)
        key = str((card.data.get(part.group_by) if card else "") or "—") if part.group_by else ""
        groups.setdefault(key, []).append((count, number, card.name if card else ""))
    return [(key, sorted(rows, key=lambda r: r[1])) for key, rows in sorted(groups.items())]


def registration_sheet(*, event: Event, registration: Registration, url: str) -> bytes:
    game = get_game(event.game)
    locked = getattr(registration, "locked", None)
    zones = locked.zones if locked else registration.zones
    cards = cards_by_number(game.slug, {n for z in zones.values() for n in z})
    font = register_font()
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=A4, pageCompression=1)
    pdf.setTitle(f"{TITLE}: {event.name} — {registration.player.get_username()}")
    width, height = A4
    left, top = 15 * mm, height - 15 * mm

    def header() -> float:
        pdf.setFont(font, 15)
        pdf.drawString(left, top - 4 * mm, TITLE)
        pdf.setFont(font, 10)
        pdf.drawString(left, top - 10 * mm, f"{game.name_ja} / {game.name}")
        _qr(pdf, url, width - left, top)
        values = (
            registration.player.get_username(),
            event.name,
            date_format(event.date, "Y-m-d"),
            event.place,
            event.format,
        )
        y = top - 18 * mm
        for label, value in zip(FIELDS, values, strict=True):
            pdf.drawString(left, y, label)
            pdf.line(left + 38 * mm, y - 1, width - left - QR_SIZE - 4 * mm, y - 1)
            pdf.drawString(left + 40 * mm, y + 0.5, value[:48])
            y -= 6.5 * mm
        pdf.setFont(font, 8)
        pdf.drawString(left, y, f"{HASH}: {locked.hash if locked else NOT_LOCKED}")
        return y - 8 * mm

    y = header()
    labels = {zone.slug: zone for zone in game.zones}
    for part in parts(game):
        counts = zones.get(part.zone) or {}
        zone = labels[part.zone]
        if y < 40 * mm:
            pdf.showPage()
            y = header()
        pdf.setFont(font, 12)
        pdf.drawString(left, y, f"{zone.label_ja} / {zone.label}: {sum(counts.values())}")
        y -= LINE + 1 * mm
        for heading, rows in _groups(part, counts, cards):
            if heading:
                pdf.setFont(font, 10)
                pdf.drawString(left + 4 * mm, y, f"{heading} ({sum(r[0] for r in rows)})")
                y -= LINE
            pdf.setFont(font, 9)
            for count, number, name in rows:
                if y < 20 * mm:
                    pdf.showPage()
                    y = header()
                    pdf.setFont(font, 9)
                pdf.drawRightString(left + 14 * mm, y, str(count))
                pdf.drawString(left + 17 * mm, y, number)
                pdf.drawString(left + 50 * mm, y, name[:56])
                y -= LINE
        if part.tally:
            column, value, label, label_ja = part.tally
            tally = sum(
                c for n, c in counts.items() if n in cards and cards[n].data.get(column) == value
            )
            pdf.setFont(font, 10)
            pdf.drawString(left + 4 * mm, y, f"{label_ja} / {label}: {tally}")
            y -= LINE
        y -= 3 * mm
    pdf.setFont(font, 9)
    total = sum(c for z in zones.values() for c in z.values())
    pdf.drawString(left, 12 * mm, f"{TOTAL}: {total} · DeckLab")
    pdf.showPage()
    pdf.save()
    return out.getvalue()
