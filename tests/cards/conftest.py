"""Fixtures of the card tests: small card files imported through the real importer."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model

from cards.importers import ImportFailed, ImportReport, import_cards
from cards.models import Card

#: A few DBSCG cards covering each searchable fact (numbers from the real sets, facts simplified).
DBSCG_CSV = """number,name,name_back,type,colors,set,rarity,power,power_back,energy_cost,specified_cost,combo_cost,combo_power,characters,traits,era,keywords,copy_limit
BT1-001,Champa,God of Destruction Champa,Leader,Red,BT1,R,10000,15000,,,,,Champa // Champa,God // God,Champa Saga // Champa Saga,Awaken,
BT1-004,Destructive Terror Champa,,Battle,Red,BT1,SR,25000,,6,RR,1,10000,Champa,God,Champa Saga,Triple Strike;Evolve,
BT1-006,Scheming Champa,,Battle,Red,BT1,C,10000,,2,R,0,5000,Champa,God,Champa Saga,,
BT20-003,"SSG Son Goku, Rapidfire Response",,Battle,Blue,BT20,SR,15000,,3,B,1,10000,Son Goku,Saiyan,Universe Survival Saga,Super Combo;Barrier,
BT20-004,"Son Gohan, Daring Onslaught",,Battle,Red/Blue,BT20,R,20000,,2,RB,1,10000,Son Gohan,Saiyan/Earthling,Universe Survival Saga,Super Combo,
BT20-050,Commander Red,,Extra,Yellow,BT20,C,,,1,Y,,,Commander Red,Red Ribbon Army,Red Ribbon Army Saga,Dragon Ball,any
BT21-001,Android 17,,Battle,Green,BT21,UC,5000,,X,G,0,5000,Android 17,Android,Universe Survival Saga,,
"""

GUNDAM_WAR_CSV = """number,name,model_number,type,color,set,g_kind,keywords,total_cost,color_cost
青/U-1,ガンダム,RX-78-2,UNIT,青,1st,,,4,2
青/U-2,ガンキャノン,RX-77-2,UNIT,青,1st,,,3,1
黒/C-7,報道された戦争,,COMMAND,黒,15th,,1枚制限/デッキ,2,1
茶/CH-G5,アルゴ・ガルスキー,,CHARACTER,茶,16th,,ユニーク,2,1
緑/G-1,対ガンダム調査隊,,G,緑,22nd,special,,,
"""

DRAWS_TROIDAL_CSV = """number,name,attribute,power,risk,guard
DT-001,水 P7 R4 G1,水,7,4,1
DT-002,水 P3 R1 G0,水,3,1,0
DT-003,火 P5 R2 G1,火,5,2,1
DT-004,陰 - R0 G3,陰,,0,3
"""


@pytest.fixture(autouse=True)
def _media_and_faces(settings, tmp_path) -> None:
    """Uploaded images and cached faces go to a fresh folder per test."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.DECKLAB_FACE_CACHE = tmp_path / "faces"


@pytest.fixture
def load(db) -> Callable[..., ImportReport]:
    def load(game: str, text: str, filename: str = "cards.csv") -> ImportReport:
        return import_cards(game, text.encode(), filename)

    return load


@pytest.fixture
def dbscg(load) -> ImportReport:
    return load("dbscg", DBSCG_CSV)


@pytest.fixture
def gundam_war(load) -> ImportReport:
    return load("gundam_war", GUNDAM_WAR_CSV)


@pytest.fixture
def draws_troidal(load) -> ImportReport:
    return load("draws_troidal", DRAWS_TROIDAL_CSV)


@pytest.fixture
def staff_client(client, db):
    user = get_user_model().objects.create_user("staff", password="pw-staff-1", is_staff=True)
    client.force_login(user)
    return client


@pytest.fixture
def member_client(client, db):
    user = get_user_model().objects.create_user("member", password="pw-member-1")
    client.force_login(user)
    return client


def problems(
    game: str, text: str | bytes, filename: str = "cards.csv"
) -> list[tuple[int, str, str]]:
    content = text.encode() if isinstance(text, str) else text
    with pytest.raises(ImportFailed) as caught:
        import_cards(game, content, filename)
    assert not Card.objects.filter(game=game).exists(), "a rejected file must write nothing"
    return [(p.line, p.column, p.message) for p in caught.value.problems]
