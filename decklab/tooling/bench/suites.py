"""Every suite `manage.py bench` runs, in this order, by name.

A new suite: a module with `run(report)` in this package, imported below and named in `SUITES`.
"""

from __future__ import annotations

from collections.abc import Callable

from decklab.tooling.bench import (
    collections,
    discovery,
    discovery_goldfish,
    editor,
    engines,
    events,
    legality,
    runs,
    search,
    startup,
)

SUITES: dict[str, Callable] = {
    "search": search.run,
    "legality": legality.run,
    "engines": engines.run,
    "runs": runs.run,
    "editor": editor.run,
    "events": events.run,
    "collections": collections.run,
    "similar": discovery_goldfish.run,
    "discovery": discovery.run,
    "startup": startup.run,
}
