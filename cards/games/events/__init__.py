"""Events (RULES.md §6) in pure Python: points, tie-breakers, Swiss pairing and the top cut.

No Django here (the import-linter contract of `cards.games`): the site's `decklab.events` keeps the
rows and hands this package players (their usernames) and matches; the same code runs in the tests,
the benchmark and the views.
"""
