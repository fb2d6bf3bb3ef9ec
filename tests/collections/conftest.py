"""Fixtures of the collection tests: small invented card files through the real importer."""

from __future__ import annotations

import pytest

from cards.importers import import_cards
from decklab.collections.services import collection_get_or_create
from tests.decks import factories

#: Invented DBSCG cards: a leader, battle cards (one printed with an alternate print `PR`), and
#: a card printed as "any number" (`copy_limit` any).
DBSCG_CSV = """number,name,type,colors,energy_cost,specified_cost,variants,copy_limit
CL1-001,Collector Leader,Leader,Red,,,,
CL1-002,Collector Fighter,Battle,Red,1,R,PR,
CL1-003,Collector Guard,Battle,Red,2,R,,
CL1-004,Collector Swarm,Battle,Red,1,R,,any
CL1-005,Collector Trio,Battle,Red,3,R,,3
"""

#: Invented Gundam War cards: one unit reprinted under a second number (same name and model).
GUNDAM_WAR_CSV = """number,name,model_number,type,color,set,total_cost,color_cost
青/U-901,テスト機,TST-01,UNIT,青,1st,3,1
青/U-951,テスト機,TST-01,UNIT,青,5th,3,1
青/U-902,別のテスト機,TST-02,UNIT,青,1st,2,1
"""


@pytest.fixture
def cards(db) -> None:
    import_cards("dbscg", DBSCG_CSV.encode(), "cards.csv")
    import_cards("gundam_war", GUNDAM_WAR_CSV.encode(), "cards.csv")


@pytest.fixture
def other(db):
    return factories.make_user("other")


@pytest.fixture
def mine(cards, player):
    return collection_get_or_create(owner=player, game="dbscg")


@pytest.fixture
def gw(cards, player):
    return collection_get_or_create(owner=player, game="gundam_war")
