"""`cards.games` stays free of Django, Celery and PIL, so it runs anywhere (DESIGN.md)."""

import ast
import subprocess
import sys
from pathlib import Path

from cards import games
from cards.games.registry import GAMES


def test_importing_every_game_loads_no_django_celery_or_pil():
    code = (
        "import sys\n"
        "from cards.games.registry import all_games\n"
        "from cards.games import decklist, query\n"
        "all_games()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'celery', 'PIL'})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def _imported_modules(path: Path, package: str) -> set[str]:
    """The modules a file imports, relative imports resolved against `package`."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def test_games_import_no_other_game_and_shared_modules_import_no_game():
    """Each game's folder is self-contained, and the shared game library names no game (it asks
    the registry): what lets a folder be copied into a new game. Driven by the registry, so a new
    game is held to it without a line anywhere."""
    root = Path(games.__file__).parent
    packages = {slug: GAMES[slug] for slug in GAMES}
    for path in root.rglob("*.py"):
        relative = path.relative_to(root).with_suffix("")
        parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
        own = next((slug for slug in GAMES if parts and parts[0] == slug), None)
        package = ".".join(["cards.games", *relative.parts[:-1]])
        imported = _imported_modules(path, package)
        for slug, game_package in packages.items():
            if slug == own:
                continue
            reached = {m for m in imported if m == game_package or m.startswith(game_package + ".")}
            assert not reached, f"{path.relative_to(root)} imports {sorted(reached)}"
