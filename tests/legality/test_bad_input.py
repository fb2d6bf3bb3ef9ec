"""The legality API reads odd headers and bodies as a client's mistake, never a 500.

A `Content-Length` of `²` passed `str.isdigit` and then made `int` raise inside the size check;
JSON nested 100,000 deep (in a body, or inflated from a short deck code) made Python's parser raise
`RecursionError`.
"""

from __future__ import annotations

import pytest

from tests.legality.conftest import DEEP_JSON, dbscg_deck, deep_deck_code

pytestmark = pytest.mark.usefixtures("cards")


@pytest.mark.parametrize("length", ["²", "١٢", "12x", "9" * 5000])
@pytest.mark.parametrize("endpoint", ["validate", "matrix"])
def test_a_content_length_that_is_not_a_number_is_not_a_500(client, endpoint, length):
    response = client.post(
        f"/api/v1/games/dbscg/{endpoint}",
        data=dbscg_deck().encode(),
        content_type="text/plain",
        CONTENT_LENGTH=length,
    )
    assert response.status_code < 500


@pytest.mark.parametrize(
    "url", ["/api/v1/games/dbscg/validate", "/api/v1/games/dbscg/matrix", "/api/v1/deck-codes"]
)
def test_a_json_body_nested_too_deeply_is_400(client, url):
    response = client.post(url, data=DEEP_JSON, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]


def test_a_deck_code_that_inflates_to_deep_nesting_is_a_broken_code(client):
    code = deep_deck_code()
    for response in (
        client.get(f"/api/v1/deck-codes/{code}"),
        client.get("/api/v1/games/dbscg/matrix", {"code": code}),
    ):
        assert response.status_code == 400
        assert "damaged" in response.json()["detail"]
