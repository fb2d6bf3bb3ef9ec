"""Invented Gundam War cards with set codes (facts made up here), for the dated-legality tests of
discovery and events: one card of the 1st set, one of the 28th (out 2011-05-31), basic G."""

from __future__ import annotations

from cards.importers import import_cards

CSV = """number,name,type,color,set,g_kind
青/D-1,旧カード,UNIT,青,1st,
青/D-2,新カード,UNIT,青,28th,
青/G-1,青基本G,G,青,,basic
"""
#: 28弾's release (regulations.json `set_release_dates`).
RELEASE_28TH = "2011-05-31"
OLD_ZONES = {"main": {"青/D-1": 3, "青/G-1": 47}}
NEW_ZONES = {"main": {"青/D-1": 3, "青/D-2": 1, "青/G-1": 46}}
NEW_TEXT = "Main\n3 青/D-1\n1 青/D-2\n46 青/G-1\n"


def load_cards() -> None:
    import_cards("gundam_war", CSV.encode(), "dated.csv")
