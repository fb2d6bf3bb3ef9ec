"""The test tree's layout: test modules share helpers through helper modules and conftests, never
by importing each other (a helper in a test module drags that module's tests and fixtures along,
and moves with it)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imported_modules(tree: ast.Module) -> set[str]:
    """Every module an import statement names (`from a import b` names `a` and `a.b`)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names.add(base)
            names.update(f"{base}.{alias.name}".replace("..", ".") for alias in node.names)
    return names


def is_test_module(name: str) -> bool:
    return any(part.startswith("test_") for part in name.split("."))


def test_no_test_module_imports_another_test_module():
    found = [
        f"{path.relative_to(TESTS.parent)}: {name}"
        for path in sorted(TESTS.rglob("*.py"))
        for name in sorted(imported_modules(ast.parse(path.read_text(encoding="utf-8"))))
        if is_test_module(name) and (name.startswith(("tests.", ".")))
    ]
    assert found == []


def test_the_layout_check_sees_a_test_module_imported_each_way():
    tree = ast.parse(
        "from tests.goldfish.test_pages import form\n"
        "from tests.goldfish import test_runs\n"
        "from .test_command import refused\n"
        "import tests.test_production\n"
    )
    assert sorted(filter(is_test_module, imported_modules(tree))) == [
        ".test_command",
        ".test_command.refused",
        "tests.goldfish.test_pages",
        "tests.goldfish.test_pages.form",
        "tests.goldfish.test_runs",
        "tests.test_production",
    ]
