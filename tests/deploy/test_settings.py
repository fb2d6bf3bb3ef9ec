"""Production settings read from the environment: media storage and log format.

Settings are read once per process, so each case imports them in a fresh Python process.
"""

from __future__ import annotations

import json

from tests.processes import in_fresh_process

S3 = {
    "DECKLAB_MEDIA_S3_BUCKET": "decklab-media",
    "DECKLAB_MEDIA_S3_ENDPOINT_URL": "http://127.0.0.1:9",
    "DECKLAB_MEDIA_S3_REGION": "eu-west-1",
    "DECKLAB_MEDIA_S3_ACCESS_KEY": "test-access-key",
    "DECKLAB_MEDIA_S3_SECRET_KEY": "test-secret-key",
}


STORAGE = """
django.setup()
from django.core.files.storage import storages
default_storage = storages["default"]
print(type(default_storage).__module__, type(default_storage).__name__)
print(default_storage.url("cards/dbscg/BT1-004.png"))
"""


def test_media_is_on_local_disk_by_default():
    done = in_fresh_process(STORAGE)
    assert done.returncode == 0, done.stderr
    backend, url = done.stdout.splitlines()
    assert backend == "django.core.files.storage.filesystem FileSystemStorage"
    assert url == "/media/cards/dbscg/BT1-004.png"


def test_media_goes_to_an_s3_compatible_store_when_a_bucket_is_set():
    done = in_fresh_process(STORAGE, **S3)
    assert done.returncode == 0, done.stderr
    backend, url = done.stdout.splitlines()
    assert backend == "storages.backends.s3 S3Storage"
    # A signed URL of the object in the bucket at the given endpoint (made locally, no request).
    assert url.startswith("http://127.0.0.1:9/decklab-media/media/cards/dbscg/BT1-004.png?")
    assert "Signature=" in url or "X-Amz-Signature=" in url


def test_a_public_media_domain_gives_plain_urls():
    done = in_fresh_process(STORAGE, **S3, DECKLAB_MEDIA_S3_CUSTOM_DOMAIN="media.example.org")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "https://media.example.org/media/cards/dbscg/BT1-004.png"


LOG = """
django.setup()
import logging
logging.getLogger("decklab.test").warning("first line\\nsecond line")
try:
    1 / 0
except ZeroDivisionError:
    logging.getLogger("decklab.test").exception("it failed")
"""


def test_json_logs_are_one_object_per_line_on_stdout():
    done = in_fresh_process(LOG, DECKLAB_LOG_FORMAT="json")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["level"], r["logger"], r["message"]) for r in records] == [
        ("WARNING", "decklab.test", "first line\nsecond line"),
        ("ERROR", "decklab.test", "it failed"),
    ]
    assert "ZeroDivisionError" in records[1]["exc_info"]
    assert all("time" in record for record in records)


def test_text_logs_keep_each_record_on_one_line():
    done = in_fresh_process(LOG)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].endswith("WARNING decklab.test first line\\nsecond line")
    assert " ERROR decklab.test it failed\\nTraceback" in lines[1]


def test_an_unknown_log_format_stops_the_start_naming_it():
    done = in_fresh_process("django.setup()", DECKLAB_LOG_FORMAT="xml")
    assert done.returncode != 0
    assert "DECKLAB_LOG_FORMAT='xml'" in done.stderr


def test_a_celery_worker_logs_json_from_its_first_warning():
    # The worker warns (running as root, say) before it sets up logging: still one JSON record.
    code = "import warnings, decklab.celery\nwarnings.warn('worker warning')\n"
    done = in_fresh_process(code, DECKLAB_LOG_FORMAT="json")
    assert done.returncode == 0, done.stderr
    (record,) = [json.loads(line) for line in done.stdout.splitlines()]
    assert record["logger"] == "py.warnings"
    assert "worker warning" in record["message"]
