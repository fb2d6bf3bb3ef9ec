"""`/healthz`: can this web process serve? One cheap check each of the database and the broker.

For load balancers, container health checks and monitors: 200 when both answer, 503 otherwise, with a
JSON body naming the part that failed. The body names only the kind of error (never a message, which
could hold a host name or a password from a URL). It is a plain Django view, so no API throttle
applies, and it reads no session, so it costs one `SELECT 1` and one broker round trip.
"""

from __future__ import annotations

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from decklab.celery import app

#: Seconds to wait for the broker before calling it down (a refused connection answers at once).
BROKER_TIMEOUT = 2


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        return f"unavailable: {type(error).__name__}"
    return "ok"


def _broker() -> str:
    # A fresh connection, not one from the producer pool: a pooled channel would hide a broker
    # that went away since. Opening a channel makes the transport talk to the broker (Redis: PING).
    try:
        with app.connection_for_write(connect_timeout=BROKER_TIMEOUT) as broker:
            broker.channel().close()
    except Exception as error:  # every transport raises its own errors; all mean "down"
        return f"unavailable: {type(error).__name__}"
    return "ok"


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database(), "broker": _broker()}
    healthy = all(result == "ok" for result in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503
    )
