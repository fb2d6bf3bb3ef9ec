"""The deck as a PNG: a grid of card faces with their counts, readable when shared (OpenGraph).

Faces come from `cards.faces.face_png` (generated from card facts and cached); each is scaled into a
cell, with the count in a badge and the zones as rows of the grid. Text uses the CJK font of the card
faces, so Japanese names render.
"""

from __future__ import annotations

import io
import time
from functools import cache

from django.conf import settings
from django.utils.translation import get_language, gettext, ngettext
from PIL import Image, ImageDraw, ImageFont

from cards.faces import FONT_PATH, face_png
from cards.templatetags.games import game_name
from decklab.decks.workspace import Workspace

CELL_W, CELL_H = 150, 210
GAP = 8
COLUMNS = 8
MARGIN = 24
HEADER = 64
ZONE_TITLE = 36
BACKGROUND = (24, 28, 36)
INK = (240, 240, 240)
BADGE = (200, 40, 40)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


def _thumbnail(png: bytes) -> Image.Image:
    face = Image.open(io.BytesIO(png)).convert("RGB")
    face.thumbnail((CELL_W, CELL_H))
    return face


def deck_png(ws: Workspace, *, title: str) -> bytes:
    """The deck's PNG; its size is bounded by the deck caps (`limits`, checked by the views) and
    its time by `DECKLAB_IMAGE_FACE_SECONDS`: faces still to be drawn after that are plain tiles."""
    deadline = time.monotonic() + settings.DECKLAB_IMAGE_FACE_SECONDS
    zones = [zone for zone in ws.zone_views if zone.rows]
    height = HEADER + MARGIN
    for zone in zones:
        rows = -(-len(zone.rows) // COLUMNS)
        height += ZONE_TITLE + rows * (CELL_H + GAP)
    width = MARGIN * 2 + COLUMNS * (CELL_W + GAP) - GAP
    canvas = Image.new("RGB", (width, max(height, HEADER + MARGIN * 2)), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    draw.text((MARGIN, 16), title[:60], font=_font(30), fill=INK)
    draw.text(
        (width - MARGIN, 24),
        f"{game_name(ws.game_slug)} · {gettext(ws.format.name)} · "
        + ngettext("%(count)d card", "%(count)d cards", ws.size) % {"count": ws.size},
        font=_font(18),
        fill=INK,
        anchor="ra",
    )
    y = HEADER
    for zone in zones:
        label = zone.label_ja if get_language() == "ja" else zone.label
        draw.text((MARGIN, y + 6), f"{label} ({zone.size})", font=_font(20), fill=INK)
        y += ZONE_TITLE
        for index, row in enumerate(zone.rows):
            x = MARGIN + (index % COLUMNS) * (CELL_W + GAP)
            top = y + (index // COLUMNS) * (CELL_H + GAP)
            if row.card is not None and time.monotonic() < deadline:
                face = _thumbnail(face_png(row.card))
                canvas.paste(face, (x, top))
            else:  # out of time (faces not cached yet): a plain tile with the card's number
                draw.rectangle((x, top, x + CELL_W, top + CELL_H), outline=INK, width=2)
                draw.text((x + 8, top + 8), row.number[:16], font=_font(16), fill=INK)
            badge = (x + CELL_W - 44, top + CELL_H - 40, x + CELL_W - 4, top + CELL_H - 4)
            draw.rounded_rectangle(badge, radius=8, fill=BADGE)
            draw.text(
                ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2),
                f"×{row.count}",
                font=_font(20),
                fill=INK,
                anchor="mm",
            )
        y += -(-len(zone.rows) // COLUMNS) * (CELL_H + GAP)
    out = io.BytesIO()
    canvas.save(out, format="PNG")
    return out.getvalue()
