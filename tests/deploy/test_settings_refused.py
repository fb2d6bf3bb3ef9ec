"""Issue 21, step 9: a bad setting stops the start with a message naming it, for every kind of
variable; none is left to fail later on every request (a bad `DECKLAB_API_*_RATE` once passed the
start and then answered every API call with a 500)."""

from __future__ import annotations

import pytest

from tests.deploy.test_settings import in_fresh_process

REFUSED = [
    # kind: yes/no
    ("DECKLAB_DEBUG", "maybe", "not a yes/no value"),
    # kind: whole number, and at least its minimum
    ("DECKLAB_MAX_REQUEST_BYTES", "lots", "not a whole number"),
    ("DECKLAB_PROPOSALS_PER_HOUR", "0", "at least 1"),
    ("DECKLAB_LOGIN_FAILURES_PER_ACCOUNT", "-5", "at least 1"),
    ("DECKLAB_TRUSTED_PROXIES", "-1", "at least 0"),
    ("DECKLAB_TRUSTED_PROXIES", "two", "not a whole number"),
    # kind: throttle rate
    ("DECKLAB_API_ANON_RATE", "lots", "not a rate"),
    ("DECKLAB_API_USER_RATE", "60/fortnight", "not a rate"),
    ("DECKLAB_API_LEGALITY_RATE", "0/min", "not a rate"),
    ("DECKLAB_API_SIMULATIONS_RATE", "x/min", "not a rate"),
    ("DECKLAB_API_TOKEN_RATE", "10", "not a rate"),
    # kind: URL
    ("DATABASE_URL", "mysql://db/decklab", "supports postgres://"),
    ("DECKLAB_CACHE_URL", "memcached://cache:11211", "expected a redis:// URL"),
    ("CELERY_BROKER_URL", "kafka://broker", "expected a redis://"),
    ("DECKLAB_SITE_URL", "ftp://decklab.example", "not an http(s):// address"),
    # kind: a word from a list
    ("DECKLAB_LOG_FORMAT", "xml", "use text or json"),
    ("DECKLAB_LOG_LEVEL", "LOUD", "use one of"),
]


@pytest.mark.parametrize(("variable", "value", "words"), REFUSED)
def test_a_bad_value_stops_the_start_naming_the_setting(variable, value, words):
    done = in_fresh_process("django.setup()", **{variable: value})
    assert done.returncode != 0
    assert f"{variable}=" in done.stderr
    assert words in done.stderr


def test_good_rates_in_every_spelling_start():
    rates = {
        "DECKLAB_API_ANON_RATE": "5/s",
        "DECKLAB_API_USER_RATE": "300/minute",
        "DECKLAB_API_LEGALITY_RATE": "100/hour",
        "DECKLAB_API_SIMULATIONS_RATE": "1000/day",
    }
    code = (
        "django.setup()\nfrom django.conf import settings\n"
        "print(sorted(settings.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES'].values()))"
    )
    done = in_fresh_process(code, **rates)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['10/min', '100/hour', '1000/day', '300/minute', '5/s']"
