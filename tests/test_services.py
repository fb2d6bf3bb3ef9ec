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
