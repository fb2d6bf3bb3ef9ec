"""`cards.games` stays free of Django, Celery and PIL, so it runs anywhere (DESIGN.md)."""

import subprocess
import sys


def test_importing_every_game_loads_no_django_celery_or_pil():
    code = (
        "import sys\n"
        "from cards.games.registry import all_games\n"
        "from cards.games import decklist\n"
        "all_games()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'celery', 'PIL'})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
