"""The deck as a PNG a person reads at a glance: a visual decklist at link-preview size (OpenGraph).

1200 × 630 whatever the deck holds: the title and the deck's game, format, size and legality on
top, then each zone's cards grouped by the game's type column (`Game.row_columns`: type, kind or
attribute), one line a card — count, name, cost — flowing down columns. A deck too long for the
biggest readable type size ends with "… N more cards", so a huge deck costs no more than a small
one. Text uses the CJK font of the card faces, so Japanese names render.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache

from django.utils.translation import get_language, gettext, ngettext, pgettext
from PIL import Image, ImageDraw, ImageFont

from cards.faces import FONT_PATH
from cards.templatetags.games import game_name
from decklab.decks.workspace import Workspace

WIDTH, HEIGHT = 1200, 630
MARGIN = 28
HEADER = 92
#: (font size, columns): the biggest that fits the deck is used; the last one cuts the list.
LAYOUTS = ((24, 3), (20, 4), (17, 5))
#: The row column a zone's cards are grouped by, the first the game has.
GROUP_COLUMNS = ("type", "kind", "attr")
BACKGROUND = (22, 26, 34)
INK = (242, 242, 242)
MUTED = (160, 170, 190)
ACCENT = (255, 196, 70)
OK, BAD = (90, 190, 110), (235, 90, 90)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


@dataclass(frozen=True)
class _Line:
    kind: str  # "zone", "group" or "card"
    text: str
    count: int = 0
    cost: str = ""


def _lines(ws: Workspace) -> list[_Line]:
    group_by = next((c for c in GROUP_COLUMNS if c in ws.game.row_columns), None)
    lines: list[_Line] = []
    japanese = get_language() == "ja"
    for zone in ws.zone_views:
        if not zone.rows:
            continue
        label = zone.label_ja if japanese else zone.label
        lines.append(_Line("zone", f"{label} ({zone.size})"))
        groups: dict[str, list] = {}
        for row in zone.rows:
            values = {item.name: value for item, value in row.columns}
            groups.setdefault(values.get(group_by, "") if group_by else "", []).append(
                (row, values.get("cost", ""))
            )
        for group, rows in groups.items():
            if group and len(groups) > 1:
                lines.append(_Line("group", f"{group} ({sum(r.count for r, _ in rows)})"))
            lines += [_Line("card", row.name, row.count, cost) for row, cost in rows]
    return lines


def _no_lone_headings(lines: list[_Line], per_column: int) -> list[_Line]:
    """A zone or group heading never ends a column: it moves to the top of the next, with its cards."""
    placed: list[_Line] = []
    for line in lines:
        if line.kind != "card" and len(placed) % per_column == per_column - 1:
            placed.append(_Line("blank", ""))
        placed.append(line)
    return placed


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def deck_png(ws: Workspace, *, title: str) -> bytes:
    canvas = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    draw.text(
        (MARGIN, 20), _fit(draw, title, _font(36), WIDTH - 2 * MARGIN), font=_font(36), fill=INK
    )
    legal = ws.report["legal"]
    summary = f"{game_name(ws.game_slug)} · {gettext(ws.format.name)} · " + ngettext(
        "%(count)d card", "%(count)d cards", ws.size
    ) % {"count": ws.size}
    draw.text((MARGIN, 64), summary, font=_font(20), fill=MUTED)
    status = pgettext("verdict", "Legal") if legal else gettext("Not legal")
    draw.text((WIDTH - MARGIN, 64), status, font=_font(20), fill=OK if legal else BAD, anchor="ra")

    lines = _lines(ws)
    for size, columns in LAYOUTS:
        per_column = (HEIGHT - HEADER - MARGIN) // int(size * 1.3)
        if len(lines) <= per_column * columns:
            break
    step = int(size * 1.3)
    capacity = per_column * columns
    lines = _no_lone_headings(lines, per_column)
    if len(lines) > capacity:  # the smallest layout, cut: the last line says what is left out
        hidden = sum(line.count for line in lines[capacity - 1 :])
        lines = [
            *lines[: capacity - 1],
            _Line(
                "group",
                ngettext("… %(n)d more card", "… %(n)d more cards", hidden) % {"n": hidden},
            ),
        ]
    # Only the columns the lines fill share the width: a short deck's names get the whole canvas
    # instead of being cut in a third of it beside empty columns.
    used = max(1, min(columns, -(-len(lines) // per_column)))
    column_width = (WIDTH - 2 * MARGIN) / used
    font = _font(size)
    for index, line in enumerate(lines):
        x = MARGIN + (index // per_column) * column_width
        y = HEADER + (index % per_column) * step
        right = x + column_width - 16
        if line.kind == "blank":
            continue
        if line.kind == "zone":
            draw.text((x, y), _fit(draw, line.text, font, right - x), font=font, fill=ACCENT)
        elif line.kind == "group":
            draw.text((x + 4, y), _fit(draw, line.text, font, right - x), font=font, fill=MUTED)
        else:
            count = f"{line.count}×"
            draw.text((x + size * 1.6, y), count, font=font, fill=ACCENT, anchor="ra")
            cost_width = draw.textlength(line.cost, font=font) + 8 if line.cost else 0
            name_left = x + size * 1.9
            draw.text(
                (name_left, y),
                _fit(draw, line.text, font, right - name_left - cost_width),
                font=font,
                fill=INK,
            )
            if line.cost:
                draw.text((right, y), line.cost, font=font, fill=MUTED, anchor="ra")
    out = io.BytesIO()
    canvas.save(out, format="PNG")
    return out.getvalue()
