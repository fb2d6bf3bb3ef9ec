"""In CI's services run, the suite really talks to PostgreSQL and Redis."""

import pytest
from django.conf import settings
from django.db import connection


@pytest.mark.django_db
def test_the_database_answers():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone()[0] == 1
    if settings.DECKLAB_REQUIRE_SERVICES:
        assert connection.vendor == "postgresql"


def test_the_broker_is_redis_when_services_are_required():
    if not settings.DECKLAB_REQUIRE_SERVICES:
        assert settings.CELERY_BROKER_URL
        return
    import redis

    assert settings.CELERY_BROKER_URL.startswith("redis://")
    assert redis.Redis.from_url(settings.CELERY_BROKER_URL).ping() is True


@pytest.mark.django_db
def test_postgresql_plans_with_the_costs_of_a_cached_table():
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL session setting")
    with connection.cursor() as cursor:
        cursor.execute("SHOW random_page_cost")
        assert cursor.fetchone()[0] == "1.1"


def test_a_database_url_s_own_session_options_replace_decklab_s(monkeypatch):
    from decklab import config

    monkeypatch.setenv("DATABASE_URL", "postgres://u@db:5432/decklab")
    default = config.database_settings()["OPTIONS"]["options"]
    assert default == config.POSTGRESQL_SESSION
    monkeypatch.setenv("DATABASE_URL", "postgres://u@db/decklab?options=-c%20work_mem%3D64MB")
    assert config.database_settings()["OPTIONS"]["options"] == "-c work_mem=64MB"
