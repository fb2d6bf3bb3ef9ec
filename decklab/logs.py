"""Logging that a log collector can read: one line per record on standard output.

`DECKLAB_LOG_FORMAT=text` (the default) writes `time level logger message`; `json` writes one JSON
object per record (python-json-logger), a traceback inside it as the `exc_info` field. Django's
settings, the gunicorn config (`deploy/gunicorn.conf.py`) and Celery workers (`decklab.celery`) all
use `logging_config`, so the site, the server's access log and the workers log alike.
"""

from __future__ import annotations

import logging
import os

FORMATS = ("text", "json")
_FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s"


class OneLineFormatter(logging.Formatter):
    """The text format with a multi-line message or traceback kept on its record's one line.

    Written here because the standard formatter has no such option: a collector splits records at
    line ends, so an escaped newline keeps a traceback in the record it belongs to.
    """

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace("\n", "\\n")


#: The levels `DECKLAB_LOG_LEVEL` takes (Python's logging names them so).
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def log_environment() -> tuple[str, str]:
    """(format, level) from `DECKLAB_LOG_FORMAT` and `DECKLAB_LOG_LEVEL`; ValueError names a bad one."""
    log_format = os.environ.get("DECKLAB_LOG_FORMAT", "").strip().lower() or "text"
    if log_format not in FORMATS:
        raise ValueError(f"DECKLAB_LOG_FORMAT={log_format!r}: use text or json")
    level = os.environ.get("DECKLAB_LOG_LEVEL", "").strip().upper() or "WARNING"
    if level not in LEVELS:
        raise ValueError(f"DECKLAB_LOG_LEVEL={level!r}: use one of {', '.join(LEVELS)}")
    return log_format, level


def logging_config(log_format: str, level: str, *, loggers: dict | None = None) -> dict:
    """A `logging.config.dictConfig` dictionary: every record to stdout in `log_format`."""
    formatter: dict[str, object]
    if log_format == "json":
        formatter = {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": _FIELDS,
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        }
    else:
        formatter = {"()": OneLineFormatter, "format": _FIELDS}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"decklab": formatter},
        "handlers": {
            "stdout": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stdout",
                "formatter": "decklab",
            }
        },
        "root": {"handlers": ["stdout"], "level": level},
        # Django's own console handler (DEBUG) printed its records a second time, unformatted
        # ("Watching for file changes" twice under `make run`): one handler, this one.
        "loggers": {"django": {"handlers": ["stdout"], "propagate": False}, **(loggers or {})},
    }
