"""The OpenAPI document tells the truth: no generator warnings, every status documented.

What the server actually answers is checked against it by `test_conformance.py`; these tests pin
the parts a client relies on: the page envelope, the error bodies and the unknown addresses.
"""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator

pytestmark = pytest.mark.django_db

AUTHENTICATED = {"decks_list", "decks_create", "simulations_create", "simulations_retrieve"}


@pytest.fixture(scope="module")
def operations() -> dict[str, dict]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        operation["operationId"]: operation
        for path in schema["paths"].values()
        for operation in path.values()
    }


def body_schema(operation: dict, status: str) -> dict:
    return operation["responses"][status]["content"]["application/json"]["schema"]


def test_the_schema_builds_without_a_warning_and_is_valid_openapi(tmp_path):
    # --fail-on-warn raises CommandError on any drf-spectacular warning or error.
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(tmp_path / "s.yml"))
    assert (tmp_path / "s.yml").read_text().startswith("openapi: 3")


def test_every_operation_says_what_it_does(operations):
    """Issue 23: nine operations of the docs page had no summary, only their address."""
    assert [name for name, operation in operations.items() if not operation.get("summary")] == []


def test_the_docs_page_is_a_page_of_the_site(client):
    page = client.get("/api/docs/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert 'class="site-header"' in page and 'id="swagger-ui"' in page
    assert '<html lang="ja">' in page


def test_paginated_lists_are_documented_as_the_page_envelope(operations):
    for name, item in [
        ("decks_list", "DeckSummary"),
        ("simulations_list", "SimulationRun"),
        ("games_cards_list", "Card"),
    ]:
        assert body_schema(operations[name], "200") == {
            "$ref": f"#/components/schemas/Paginated{item}List"
        }


def test_the_public_deck_search_documents_its_notes():
    """A client generated from the schema reads `notes` (`legal_at` for a game without dates is
    answered by today's rules); the page envelope documents it as always present."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/v1/games/{game}/decks"]["get"]
    ref = body_schema(operation, "200")["$ref"].rsplit("/", 1)[1]
    envelope = schema["components"]["schemas"][ref]
    assert envelope["properties"]["notes"]["items"] == {"type": "string"}
    assert envelope["properties"]["notes"]["type"] == "array"
    assert "notes" in envelope["required"]


def test_every_operation_documents_rate_limits_with_retry_after(operations):
    for operation in operations.values():
        too_many = operation["responses"]["429"]
        assert body_schema(operation, "429")["$ref"].startswith("#/components/schemas/")
        assert too_many["headers"]["Retry-After"]["schema"] == {"type": "integer"}


def test_every_error_has_a_json_body(operations):
    for name, operation in operations.items():
        for status in operation["responses"]:
            if status >= "400":
                assert "$ref" in body_schema(operation, status), (name, status)


def test_the_errors_of_each_kind_of_operation_are_documented(operations):
    for name in AUTHENTICATED:
        assert {"401", "403"} <= set(operations[name]["responses"]), name
    assert {"400", "413", "415", "429", "503"} <= set(operations["simulations_create"]["responses"])
    for name in ("decks_partial_update", "decks_update"):
        assert body_schema(operations[name], "409") == {"$ref": "#/components/schemas/Conflict"}
    for name in ("decks_retrieve", "simulations_retrieve", "games_retrieve", "decks_list"):
        assert "404" in operations[name]["responses"], name
    # The legality endpoints read no credentials, so they cannot refuse them.
    assert "403" not in operations["games_validate_create"]["responses"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/nothing-here"),
        ("post", "/api/v1/decks/not-a-number"),
        ("delete", "/api/v1/decks/"),
        ("get", "/api/v1/games/dbscg/cards/\n"),
        ("put", "/api/v1/"),
    ],
)
def test_an_unknown_api_address_is_a_json_404(client, method, path):
    response = getattr(client, method)(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert "No API endpoint at" in response.json()["detail"]


def test_a_method_an_endpoint_lacks_is_a_json_405_naming_the_allowed_ones(client):
    response = client.delete("/api/v1/games")
    assert response.status_code == 405
    assert response.json() == {"detail": 'Method "DELETE" not allowed.'}
    assert "GET" in response["Allow"]


def test_a_form_error_carries_detail_beside_its_fields(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("former"))
    response = client.post("/api/v1/decks", {"game": "dbscg"}, content_type="application/json")
    assert response.status_code == 400
    answer = response.json()
    assert answer["name"] == ["This field is required."]
    assert answer["detail"] == "name: This field is required."


def test_issue_25_the_schema_is_built_once_per_process_and_language(client, monkeypatch):
    """`/api/schema/` took 1.1–1.4 s on every request: it answers from `decklab.schema`'s document."""
    from decklab import schema

    monkeypatch.setattr(schema, "_documents", {})
    built: list[str] = []
    generate = SchemaGenerator.get_schema

    def counting(self, *args, **kwargs):
        from django.utils import translation

        built.append(translation.get_language())
        return generate(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counting)
    answers = [
        client.get("/api/schema/?format=json", HTTP_ACCEPT_LANGUAGE=language)
        for language in ("en", "en", "ja", "ja", "en")
    ]
    assert [answer.status_code for answer in answers] == [200] * 5
    assert built == ["en", "ja"]
    fresh = generate(SchemaGenerator(), request=None, public=True)
    assert answers[-1].json() == json.loads(json.dumps(fresh, default=str))
    assert client.get("/api/schema/").content.startswith(b"openapi: 3")
