"""Card faces: generated PNGs in a CJK font, cached on disk, served with cache headers; staff images."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from cards import faces
from cards.models import Card

pytestmark = pytest.mark.django_db


def png(width: int, height: int, colour=(200, 30, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


def test_a_face_is_a_png_of_card_size(dbscg):
    image = Image.open(io.BytesIO(faces.face(Card.objects.get(number="BT1-004")).png))
    assert (image.format, image.size) == ("PNG", faces.FACE_SIZE)


def test_the_font_draws_japanese_glyphs_not_missing_glyph_boxes():
    font = faces.font(40)
    missing = font.getmask("\ue000").getbbox()  # a private-use code point: the font has no glyph
    for char in "ガ剣赤":
        assert font.getmask(char).getbbox() != missing
    assert bytes(font.getmask("ガ")) != bytes(font.getmask("剣"))


def test_a_japanese_name_is_drawn(gundam_war):
    card = Card.objects.get(number="青/U-1")
    with_name = Image.open(io.BytesIO(faces.draw_face(card)))
    card.name = ""
    without_name = Image.open(io.BytesIO(faces.draw_face(card)))
    name_area = (30, 110, 570, 170)
    assert with_name.crop(name_area).tobytes() != without_name.crop(name_area).tobytes()


def test_a_face_is_cached_on_disk_and_redrawn_when_the_card_changes(dbscg, settings, monkeypatch):
    card = Card.objects.get(number="BT1-004")
    first = faces.face(card)
    assert (settings.DECKLAB_FACE_CACHE / "dbscg" / f"{first.etag}.png").read_bytes() == first.png
    monkeypatch.setattr(faces, "draw_face", lambda card, lang: pytest.fail("drew a cached face"))
    assert faces.face(card) == first
    monkeypatch.undo()
    card.data["power"] = 99000
    changed = faces.face(card)
    assert changed.etag != first.etag and changed.png != first.png


def test_the_face_url_serves_png_with_cache_headers_and_answers_304(client, dbscg):
    url = reverse("cards:face", args=["dbscg", "BT1-004"])
    response = client.get(url)
    assert response["Content-Type"] == "image/png"
    assert "max-age" in response["Cache-Control"]
    again = client.get(url, headers={"If-None-Match": response["ETag"]})
    assert (again.status_code, again.content) == (304, b"")


def test_a_japanese_page_asks_for_a_face_labelled_in_japanese(client, dbscg):
    """The card page under ja links `?lang=ja`; that face is its own drawing with its own ETag,
    its labels in Japanese, and the English address answers as before."""
    client.cookies["django_language"] = "ja"
    page = client.get(reverse("cards:detail", args=["dbscg", "BT1-004"])).content.decode()
    url = reverse("cards:face", args=["dbscg", "BT1-004"])
    assert f'src="{url}?lang=ja"' in page
    english, japanese = client.get(url), client.get(url, {"lang": "ja"})
    assert english["ETag"] != japanese["ETag"]
    card = Card.objects.get(number="BT1-004")
    labels = (30, 300, 220, 700)  # the facts' label column
    drawn = {
        lang: Image.open(io.BytesIO(faces.draw_face(card, lang))).crop(labels).tobytes()
        for lang in ("en", "ja")
    }
    assert drawn["en"] != drawn["ja"]
    assert Image.open(io.BytesIO(english.content)).crop(labels).tobytes() == drawn["en"]
    assert Image.open(io.BytesIO(japanese.content)).crop(labels).tobytes() == drawn["ja"]


def test_a_face_of_a_number_with_a_slash_is_served(client, gundam_war):
    assert client.get(reverse("cards:face", args=["gundam_war", "青/U-1"])).status_code == 200


def test_faces_of_unknown_cards_are_not_found(client, dbscg):
    assert client.get(reverse("cards:face", args=["dbscg", "BT99-1"])).status_code == 404


def post_image(client, content: bytes, number: str = "BT1-004", name: str = "card.png"):
    url = reverse("cards:image", args=["dbscg", number])
    return client.post(url, {"image": SimpleUploadedFile(name, content)}, follow=True)


def test_staff_upload_an_image_that_replaces_the_face_shrunk_to_face_size(staff_client, dbscg):
    response = post_image(staff_client, png(1500, 2100))
    assert "Image stored" in response.content.decode()
    card = Card.objects.get(number="BT1-004")
    stored = Image.open(card.image.path)
    assert stored.size == (1197, 1676)  # re-encoded, at most STORED_SIZE
    face = Image.open(
        io.BytesIO(staff_client.get(reverse("cards:face", args=["dbscg", "BT1-004"])).content)
    )
    assert face.size[1] == faces.FACE_SIZE[1] and face.getpixel((100, 100)) == (200, 30, 30)


def test_staff_remove_an_image_and_get_the_generated_face_back(staff_client, dbscg):
    post_image(staff_client, png(60, 84))
    url = reverse("cards:image", args=["dbscg", "BT1-004"])
    staff_client.post(url, {"remove": "1"})
    assert not Card.objects.get(number="BT1-004").image


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"this is not an image", "this file is not a readable image"),
        (png(10, 10)[:40], "this file is not a readable image"),
        (b"x" * (faces.MAX_IMAGE_BYTES + 1), "the image is larger than 8 MiB"),
    ],
)
def test_a_bad_image_is_refused_with_the_reason(staff_client, dbscg, content, reason):
    page = post_image(staff_client, content).content.decode()
    assert f"Image refused: {reason}" in page
    assert not Card.objects.get(number="BT1-004").image


def test_an_image_of_too_many_pixels_is_refused_before_it_is_decoded(dbscg):
    card = Card.objects.get(number="BT1-004")
    out = io.BytesIO()
    Image.new("1", (8000, 6000)).save(out, "PNG")  # small file, 48 megapixels
    with pytest.raises(faces.ImageRejected, match="megapixels"):
        faces.store_image(card, out.getvalue())


def test_only_staff_upload_images(member_client, dbscg):
    assert post_image(member_client, png(60, 84)).status_code == 403
    assert not Card.objects.get(number="BT1-004").image


def test_a_lost_image_file_falls_back_to_the_generated_face(staff_client, dbscg):
    post_image(staff_client, png(60, 84))
    card = Card.objects.get(number="BT1-004")
    card.image.storage.delete(card.image.name)
    response = staff_client.get(reverse("cards:face", args=["dbscg", "BT1-004"]))
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.content)).size == faces.FACE_SIZE
