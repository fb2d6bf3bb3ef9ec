"""The legality API reads odd request headers as a client's mistake, never a 500.

A `Content-Length` of `²` passed `str.isdigit` and then made `int` raise inside the size check.
"""

from __future__ import annotations

import pytest

from tests.legality.conftest import dbscg_deck

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
