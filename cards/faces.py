"""Card faces: a PNG per card, generated from its facts, or a staff upload shrunk to face size.

No card art ships with DeckLab, yet pages, deck images and print sheets need something to show; a
face lays out the facts (number, name, type, colour, stats) legibly, with Japanese names drawn in the
vendored IPAexGothic font. Faces are cached on disk under `settings.DECKLAB_FACE_CACHE`, named by a
hash of everything drawn, so a changed card (or a new upload, or a new layout) gets a new file and
an old one is never served.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.utils import translation
from django.utils.translation import gettext
from PIL import Image, ImageDraw, ImageFont, UnidentifiedImageError

from cards.games.registry import get_game
from cards.models import Card
from cards.search import facts

#: IPAexGothic: Latin and Japanese in one TTF (static/fonts/README.md has its licence); the site
#: CSS serves the same file as the web font for Japanese text.
FONT_PATH = Path(settings.BASE_DIR) / "static" / "fonts" / "ipaexg.ttf"
#: Face size in pixels: the 63 × 88 mm card ratio.
FACE_SIZE = (600, 838)
#: Uploads are stored at most this large (re-encoded), and refused above these limits.
STORED_SIZE = (1200, 1676)
MAX_IMAGE_BYTES = 8 * 1024 * 1024
#: An upload is decoded into at most this many pixels: four times what is stored (issue 22,
#: finding 1: a 132 KB PNG of 6,324² pixels took 430 MB and 2.6 s to decode). A larger JPEG is
#: decoded at a reduced scale (`Image.draft`) and must fit once reduced; other formats are
#: refused from their header's size, before decoding.
MAX_DECODED_PIXELS = 4 * STORED_SIZE[0] * STORED_SIZE[1]
#: A JPEG's own size may be this large: the eighth scale `draft` decodes it at still fits above.
MAX_JPEG_PIXELS = 40_000_000
UPLOAD_FORMATS = ("PNG", "JPEG", "WEBP", "GIF")
#: Bump when the drawing changes, so cached faces are redrawn.
LAYOUT_VERSION = 3

#: Band colours by folded colour word, in any of the games' spellings.
_COLOURS = {
    "red": (196, 48, 43),
    "赤": (196, 48, 43),
    "blue": (36, 86, 199),
    "青": (36, 86, 199),
    "green": (34, 139, 74),
    "緑": (34, 139, 74),
    "yellow": (214, 165, 0),
    "黄": (214, 165, 0),
    "black": (45, 45, 52),
    "黒": (45, 45, 52),
    "white": (150, 150, 160),
    "白": (150, 150, 160),
    "茶": (133, 89, 48),
    "紫": (120, 64, 160),
    "水": (36, 120, 199),
    "火": (214, 72, 30),
    "金": (190, 150, 40),
    "木": (34, 139, 74),
    "土": (150, 105, 60),
    "陽": (230, 170, 20),
    "陰": (80, 60, 110),
}
_NEUTRAL = (92, 100, 116)
_INK = (29, 35, 48)
_PAPER = (250, 250, 247)


class ImageRejected(ValueError):
    """An uploaded image that cannot be used; the message says why, for the uploader."""


@dataclass(frozen=True)
class Face:
    """A face ready to serve: PNG bytes and the hash that names them (the HTTP ETag)."""

    png: bytes
    etag: str


def face_key(card: Card, lang: str = "en") -> str:
    """The hash of everything a face shows: it changes exactly when the face must change."""
    drawn = {
        "layout": LAYOUT_VERSION,
        "lang": lang,
        "game": card.game,
        "number": card.number,
        "name": card.name,
        "type": card.type,
        "data": card.data,
        "image": card.image.name if card.image else "",
    }
    text = json.dumps(drawn, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def face(card: Card, lang: str = "en") -> Face:
    """The card's face from the disk cache, drawing (or shrinking the upload) on a miss; a drawn
    face labels its facts in `lang` (values in Japanese where the data has them)."""
    key = face_key(card, lang)
    path = Path(settings.DECKLAB_FACE_CACHE) / card.game / f"{key}.png"
    try:
        return Face(path.read_bytes(), key)
    except FileNotFoundError:
        pass
    png = _uploaded_face(card) if card.image else None
    png = png or draw_face(card, lang)
    _write_atomically(path, png)
    return Face(png, key)


def _write_atomically(path: Path, content: bytes) -> None:
    # Two workers drawing the same face both write whole files; rename makes either one win.
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(handle, "wb") as file:
        file.write(content)
    os.replace(temporary, path)


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


def _wrap(text: str, size: int, width: int) -> list[str]:
    """Lines of `text` no wider than `width`: break at spaces, or anywhere in Japanese text."""
    typeface = font(size)
    lines: list[str] = []
    line = ""
    for char in text:
        candidate = line + char
        if typeface.getlength(candidate) <= width or not line:
            line = candidate
            continue
        space = line.rfind(" ")
        if space > 0 and char != " ":
            lines.append(line[:space])
            line = line[space + 1 :] + char
        else:
            lines.append(line.rstrip())
            line = char.lstrip()
    if line:
        lines.append(line)
    return lines


def _band_colour(card: Card) -> tuple[int, int, int]:
    for label, value in facts(card.game, card.to_game_card()):
        del label
        for word in value.replace("/", " ").split():
            if word.casefold() in _COLOURS:
                return _COLOURS[word.casefold()]
            if word[:1] in _COLOURS:  # Dreadnought clusters: 青青, 赤青
                return _COLOURS[word[:1]]
    return _NEUTRAL


def draw_face(card: Card, lang: str = "en") -> bytes:
    """A generated face: a colour band with number and game, the name, then one line per fact,
    the facts' labels and the footer in `lang`."""
    width, height = FACE_SIZE
    margin = 36
    image = Image.new("RGB", FACE_SIZE, _PAPER)
    draw = ImageDraw.Draw(image)
    band = _band_colour(card)
    draw.rounded_rectangle((6, 6, width - 7, height - 7), radius=28, outline=band, width=10)
    draw.rectangle((16, 16, width - 17, 96), fill=band)
    draw.text((margin, 34), card.number, font=font(34), fill=(255, 255, 255))
    game_name = get_game(card.game).name_ja
    draw.text((width - margin, 42), game_name, font=font(20), fill=(255, 255, 255), anchor="ra")
    y = 120
    for line in _wrap(card.name, 44, width - 2 * margin)[:4]:
        draw.text((margin, y), line, font=font(44), fill=_INK)
        y += 54
    y += 6
    draw.line((margin, y, width - margin, y), fill=band, width=3)
    y += 18
    label_font, value_font = font(20), font(26)
    with translation.override(lang):
        shown = [
            (gettext(label), value) for label, value in facts(card.game, card.to_game_card(), lang)
        ]
        footer = gettext("DeckLab — generated face, no card art")
    for label, value in shown:
        # Long labels wrap in their own column instead of running under the value.
        labels = _wrap(label, 20, 180)
        lines = _wrap(value, 26, width - 2 * margin - 190)
        rows = max(34 * len(lines), 26 * len(labels))
        if y + rows > height - 70:
            break
        for index, text in enumerate(labels):
            draw.text((margin, y + 3 + 26 * index), text, font=label_font, fill=_NEUTRAL)
        for index, line in enumerate(lines):
            draw.text((margin + 190, y + 34 * index), line, font=value_font, fill=_INK)
        y += rows + 6
    draw.text(
        (width // 2, height - 44),
        footer,
        font=font(18),
        fill=_NEUTRAL,
        anchor="ma",
    )
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _uploaded_face(card: Card) -> bytes | None:
    """The stored upload shrunk to face size; None when its file is gone or unreadable."""
    try:
        with card.image.open("rb") as file, Image.open(file) as image:
            shrunk = image.convert("RGB")
    except (OSError, UnidentifiedImageError):
        return None
    shrunk.thumbnail(FACE_SIZE)
    out = io.BytesIO()
    shrunk.save(out, "PNG", optimize=True)
    return out.getvalue()


def too_large_message() -> str:
    return f"the image is larger than {MAX_IMAGE_BYTES // (1024 * 1024)} MiB"


def checked_png(content: bytes) -> bytes:
    """An uploaded image checked and re-encoded as PNG, at most `STORED_SIZE`; `ImageRejected`
    says why not. The one check of every image upload (staff, proposals, `import_card_images`),
    and its one decode.

    Re-encoding drops anything but pixels (metadata, trailing data). The size in the file's header
    is checked before anything is decoded, so a small file that would decompress into a huge image
    costs nothing (`MAX_DECODED_PIXELS`).
    """
    if len(content) > MAX_IMAGE_BYTES:
        raise ImageRejected(too_large_message())
    try:
        with Image.open(io.BytesIO(content)) as image:
            _check_header(image)
            if image.format == "JPEG":
                image.draft("RGB", STORED_SIZE)
            w, h = image.size
            if w * h > MAX_DECODED_PIXELS:
                raise ImageRejected(f"the image is {w}×{h} pixels; at most {_megapixels()}")
            image.load()
            stored = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
    except ImageRejected:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise ImageRejected("this file is not a readable image") from None
    stored.thumbnail(STORED_SIZE)
    out = io.BytesIO()
    stored.save(out, "PNG", optimize=True)
    return out.getvalue()


def _check_header(image: Image.Image) -> None:
    kind, (w, h) = image.format, image.size
    if kind not in UPLOAD_FORMATS:
        raise ImageRejected(f"{kind} images are not accepted: use PNG, JPEG, WebP or GIF")
    if kind == "JPEG" and w * h > MAX_JPEG_PIXELS:
        raise ImageRejected(f"the image is {w}×{h} pixels; at most 40 megapixels")


def _megapixels() -> str:
    return f"{MAX_DECODED_PIXELS / 1_000_000:.0f} megapixels"


def store_image(card: Card, content: bytes, keep_old: bool = False) -> None:
    """Keep an upload as the card's image (`checked_png`). `keep_old`: an earlier revision still
    names the previous file, so it stays in storage for a revert."""
    png = checked_png(content)
    old = card.image.name if card.image else ""
    card.image.save(f"{card.game}/{safe_name(card.number)}.png", ContentFile(png), save=True)
    if old and old != card.image.name and not keep_old:
        card.image.storage.delete(old)


def safe_name(number: str) -> str:
    """A file name for a card number (Gundam War numbers hold `/`)."""
    digest = hashlib.sha256(number.encode()).hexdigest()[:8]
    readable = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in number)
    return f"{readable}-{digest}"
