"""Schemathesis against a live server: every answer is one the OpenAPI document lists.

A bounded run (a fixed seed, a few hundred requests, well under two minutes) of the
`schemathesis` command against the test's live server, signed in with a token, with the response
checks on: no 500, every status code, content type, header and body as documented, 405 for
undocumented methods, and schema-invalid requests refused. It runs on both CI passes (SQLite and
PostgreSQL + Redis). docs/developers.md "Bad input" says how to run a longer one by hand.
"""

from __future__ import annotations

import re
import subprocess
import sys
import uuid

import pytest
from django.conf import settings as django_settings

from decklab.celery import app
from decklab.decks.services import deck_create

#: Per operation of the fuzzing phase: with the stateful phase, about 500 requests. The coverage
#: phase (every boundary case of the schema, ~600 more) is for longer runs by hand
#: (docs/developers.md).
MAX_EXAMPLES = 20
#: Left out: `positive_data_acceptance` wants every schema-valid body accepted, but whether a
#: decklist, deck code or card query reads is decided by the game rules, not by a JSON schema;
#: `negative_data_rejection` wants every schema-invalid one refused, but DRF reads a number where
#: text is expected as that text (`"format": 0` is the format "0") and ignores unknown keys;
#: `ignored_auth` swaps one credential for a bad one while the `-H` token below stays valid
#: (either scheme signs in), so its 200 is right. Tokens are checked in tests/decks.
EXCLUDED_CHECKS = "positive_data_acceptance,negative_data_rejection,ignored_auth"


@pytest.fixture
def private_queue(settings):
    """Runs the fuzzing starts go to a queue no worker reads, emptied afterwards."""
    settings.GOLDFISH_QUEUE = f"decklab-fuzz-{uuid.uuid4().hex[:10]}"
    yield
    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(django_settings.GOLDFISH_QUEUE)


def test_every_answer_conforms_to_the_schema(
    live_server, api_user, api_key, dbscg_cards, private_queue, tmp_path
):
    deck_create(owner=api_user, game="dbscg", name="Fuzzed", zones=None)
    deck_create(owner=api_user, game="dbscg", name="Listed", zones=None, visibility="public")
    command = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "run",
        f"{live_server.url}/api/schema/?format=json",
        f"--header=Authorization: Token {api_key}",
        "--checks=all",
        f"--exclude-checks={EXCLUDED_CHECKS}",
        f"--max-examples={MAX_EXAMPLES}",
        "--seed=15",
        "--workers=1",
        "--request-timeout=30",
        "--no-shrink",
        "--phases=fuzzing,stateful",
    ]
    done = subprocess.run(
        command, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False
    )
    print(done.stdout[-20_000:], done.stderr[-5_000:])
    assert done.returncode == 0, done.stdout[-6_000:]
    generated = re.search(r"(\d+) generated, (\d+) passed", done.stdout)
    assert generated, done.stdout[-2_000:]
    assert int(generated[1]) == int(generated[2]) >= 200
