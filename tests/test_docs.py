"""The README and docs/ link to each other: every relative link must reach a file and a heading."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the headings of `page`: lower case, punctuation dropped."""
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    out = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        out.add(slug)
    return out


def links(page: Path) -> list[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return [t for t in _LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def test_the_readme_points_to_every_page_of_docs():
    linked = {(REPO / t.partition("#")[0]).resolve() for t in links(REPO / "README.md")}
    assert set(PAGES[1:]) <= linked
    assert len(PAGES) > 1


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_relative_link_reaches_a_file_and_a_heading(page: Path):
    found = links(page)
    assert found or page.name != "README.md"
    for target in found:
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        assert where.is_file(), f"{page.name}: {target} names no file"
        if anchor:
            assert anchor in anchors(where), f"{page.name}: {target} names no heading"


def test_anchors_are_made_as_github_makes_them(tmp_path: Path):
    page = tmp_path / "p.md"
    page.write_text(
        "# Extraction: `omp extract`, `omp review`\n## Quality, measured\n"
        "```\n# not a heading\n```\n",
        encoding="utf-8",
    )
    assert anchors(page) == {"extraction-omp-extract-omp-review", "quality-measured"}
