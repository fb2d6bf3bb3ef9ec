"""The embedded broker (issue 9, finding 13): why the file-system transport went, and a short soak.

`make soak` runs the full 20,000-task soak (docs/operators.md "The embedded broker").
"""

from __future__ import annotations

import pytest
from django.conf import settings
from kombu import Connection
from kombu.transport.virtual import Empty

from decklab.settings import broker_settings
from decklab.tooling.soak import soak


def test_the_file_system_transport_hands_a_consumer_a_message_its_producer_is_still_writing(
    tmp_path,
):
    """The upstream race that crashed workers: `_put` creates the file, then writes it."""
    folder = str(tmp_path)
    options = {"data_folder_in": folder, "data_folder_out": folder, "control_folder": folder}
    with Connection("filesystem://", transport_options=options) as connection:
        channel = connection.default_channel
        (tmp_path / "1_half-written.soak.msg").write_bytes(b"")  # opened, not yet written
        with pytest.raises(ValueError):  # the worker's consumer dies on this
            channel._get("soak")


def test_the_embedded_broker_shows_a_message_only_once_it_is_whole(tmp_path):
    """A message is a row committed in one transaction: a reader never gets half of one.

    While the producer's transaction is open the reader waits for SQLite's lock; past its wait it
    gets a connection error, which a worker answers by reconnecting, not by dying.
    """
    url = f"sqlite:///{tmp_path / 'broker.sqlite3'}"
    transport = "decklab.broker:Transport"
    quick = {"connect_args": {"timeout": 0.1}}
    with (
        Connection(url, transport=transport) as producer,
        Connection(url, transport=transport, transport_options=quick) as consumer,
    ):
        writer, reader = producer.default_channel, consumer.default_channel
        queue = writer._get_or_create("soak")
        reader._get_or_create("soak")
        writer.session.add(writer.message_cls('{"body": 1}', queue))
        writer.session.flush()  # written, not committed
        with pytest.raises(consumer.connection_errors):
            reader._get("soak")
        reader.session.rollback()
        writer.session.commit()
        assert reader._get("soak") == {"body": 1}
        with pytest.raises(Empty):
            reader._get("soak")


def test_the_embedded_broker_forgets_delivered_messages(tmp_path):
    url = f"sqlite:///{tmp_path / 'broker.sqlite3'}"
    with Connection(url, transport="decklab.broker:Transport") as connection:
        channel = connection.default_channel
        for number in range(150):
            channel._put("soak", {"body": number})
        for number in range(150):
            assert channel._get("soak") == {"body": number}
        rows = channel.session.query(channel.message_cls).count()
    assert rows == 50  # the first 100 delivered rows are gone


def test_the_default_broker_is_the_embedded_one_on_sqlite():
    url, _options, transport = broker_settings("")
    assert url.startswith("sqlite:///") and url.endswith("broker.sqlite3")
    assert transport == "decklab.broker:Transport"


@pytest.mark.services
def test_a_short_soak_runs_every_task_through_a_real_worker_without_a_crash(transactional_db):
    """The shortened soak, on the broker this test run uses (embedded, or Redis in CI)."""
    configured = "" if settings.CELERY_BROKER_TRANSPORT else settings.CELERY_BROKER_URL
    result = soak(configured, 500, stall_seconds=30)
    assert (result.ran, result.crashes) == (500, 0), result.summary()
    assert result.troubles["Unrecoverable error"] == 0
