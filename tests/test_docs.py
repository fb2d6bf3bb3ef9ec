"""The documentation stays a front door with rooms: every link leads somewhere, no page grows long.

The README links into `docs/` and CONTRIBUTING.md, and those link to each other's sections; a
renamed heading or a moved file would leave a link to nothing without a complaint from anyone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
#: Every Markdown file of the project, the card data's source notes included.
MARKDOWN = [
    *PAGES,
    *sorted((ROOT / "cards").rglob("*.md")),
    *sorted((ROOT / "static").rglob("*.md")),
]
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+)$")


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the page's headings: lower case, punctuation dropped, `-` for spaces."""
    found, in_code = set(), False
    for line in page.read_text().splitlines():
        if line.startswith("```"):
            in_code = not in_code
        heading = None if in_code else HEADING.match(line)
        if heading:
            found.add(re.sub(r"[^\w\- ]", "", heading[1].strip().lower()).replace(" ", "-"))
    return found


def local_links(page: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(page.read_text())
        if not target.startswith(("http://", "https://", "mailto:"))
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_of_a_page_leads_to_a_file_and_heading_that_exist(page):
    broken = []
    for target in local_links(page):
        path, _, anchor = target.partition("#")
        destination = (page.parent / path) if path else page
        if not destination.exists() or (anchor and anchor not in anchors(destination)):
            broken.append(target)
    assert broken == []


@pytest.mark.parametrize("page", MARKDOWN, ids=lambda page: str(page.relative_to(ROOT)))
def test_no_markdown_file_passes_about_400_lines(page):
    assert len(page.read_text().splitlines()) <= 420
