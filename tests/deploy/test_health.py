"""`/healthz`: 200 when the database and the broker answer, 503 naming the part that failed."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.db import OperationalError, connection

pytestmark = pytest.mark.django_db


def test_healthy_site_answers_200_with_each_part(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}
    assert "no-store" in response["Cache-Control"]


def test_broker_down_is_503_naming_the_broker_and_no_secret(client, broker_down):
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["database"] == "ok"
    assert body["broker"].startswith("unavailable: ")
    assert "hunter2" not in response.content.decode()
    assert "127.0.0.1" not in response.content.decode()


def test_database_down_is_503_naming_the_database_and_no_secret(client):
    failure = OperationalError('connection to "db.internal" failed: password "hunter2" refused')
    with mock.patch.object(connection, "cursor", side_effect=failure):
        response = client.get("/healthz")
    assert response.status_code == 503
    body = json.loads(response.content)
    assert body == {
        "status": "unavailable",
        "database": "unavailable: OperationalError",
        "broker": "ok",
    }
    assert "hunter2" not in response.content.decode()


def test_health_reads_only(client):
    assert client.post("/healthz").status_code == 405
    assert client.head("/healthz").status_code == 200


def test_health_is_never_throttled(client):
    # Monitors poll it often and from one address; it must not share the API's limits.
    answers = {client.get("/healthz").status_code for _ in range(200)}
    assert answers == {200}
