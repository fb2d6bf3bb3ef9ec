"""The embedded broker: kombu's SQLAlchemy transport on a SQLite file, polled every 50 ms.

Chosen over kombu's file-system transport, which crashed workers (issue 9, finding 13; the figures
are in docs/operators.md "The embedded broker"). What kombu leaves to its user, done here:
- kombu hands every transport option to SQLAlchemy's `create_engine`, which refuses
  `polling_interval`, so the faster poll (the default 1 s would add up to a second to each task)
  is this subclass's attribute;
- the SQLite file runs in WAL mode with normal syncing: a message is a small commit, and the
  default journal makes each one wait for the disk and block every reader;
- kombu marks a delivered message invisible and keeps its row forever (it never shows it again:
  an unacknowledged message comes back from the worker's memory, not from the row), so every
  hundredth delivery deletes the delivered rows and the file stops growing;
- kombu keeps one engine per URL for the whole process; a prefork child must not reuse the
  parent's SQLite connections, so after a fork the pools are disposed without closing the parent's
  connections (SQLAlchemy's recipe for forked processes).
"""

from __future__ import annotations

import os

from kombu.transport import sqlalchemy
from sqlalchemy import event


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Channel(sqlalchemy.Channel):
    #: Delete the delivered messages' rows every this many deliveries.
    forget_every = 100
    _delivered = 0

    def _engine_from_config(self):
        engine = super()._engine_from_config()
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine

    def _get(self, queue):
        payload = super()._get(queue)
        self._delivered += 1
        if self._delivered % self.forget_every == 0:
            self.session.query(self.message_cls).filter(self.message_cls.visible.is_(False)).delete(
                synchronize_session=False
            )
            self.session.commit()
        return payload


class Transport(sqlalchemy.Transport):
    Channel = Channel
    polling_interval = 0.05


def _dispose_after_fork() -> None:
    for engine, _session in sqlalchemy.Channel._engines.values():
        engine.dispose(close=False)


os.register_at_fork(after_in_child=_dispose_after_fork)
