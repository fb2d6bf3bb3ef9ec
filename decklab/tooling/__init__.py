"""The site's tooling, fenced off from the site: benchmarks (`manage.py bench`), the broker soak
(`manage.py broker_soak`), a Celery worker as a child process on a private queue (for the benches,
the soak, the tests and the scale-out test), and the scale-out test itself.

Nothing the site serves imports this package (an import contract says so); each game's pure
benchmark scenarios stay in its folder (`cards/games/<slug>/bench.py`, reached as `GAME.bench`).
"""
