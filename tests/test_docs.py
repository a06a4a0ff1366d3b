"""The README is a short front door to the manual in ``docs/``: every page reachable from it,
every link and image leading somewhere, every screenshot in the tree shown by a page and
compressed, and every command and option of ``ra-game`` documented."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from ra_game.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
SCREENSHOTS = DOCS / "screenshots"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
#: A Markdown link or image: ``[text](target)`` / ``![text](target)``.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
#: The README's size limit (about 12 KB) and a compressed screenshot's.
README_BYTES = 12 * 1024
SCREENSHOT_BYTES = 300 * 1024


def _links(page: Path) -> list[str]:
    return LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8")))


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces to -."""
    headings = re.findall(r"^#+ (.+)$", FENCE.sub("", page.read_text(encoding="utf-8")),
                          re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def _broken(page: Path) -> list[str]:
    broken = []
    for target in _links(page):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path_part, _, anchor = target.partition("#")
        path = (page.parent / path_part).resolve() if path_part else page
        if not path.exists() or (anchor and path.suffix == ".md" and anchor not in _anchors(path)):
            broken.append(target)
    return broken


def test_the_readme_is_a_short_front_door() -> None:
    assert README.stat().st_size <= README_BYTES
    text = README.read_text(encoding="utf-8")
    assert "## Quick start" in text and "## How to play" in text
    assert "![" in text  # a screenshot
    linked = {(README.parent / t.partition("#")[0]).resolve() for t in _links(README)}
    assert [p.name for p in DOCS.glob("*.md") if p.resolve() not in linked] == []


def test_every_link_and_image_leads_somewhere() -> None:
    assert {page.name: _broken(page) for page in PAGES if _broken(page)} == {}


def test_the_link_check_finds_a_broken_link_and_anchor(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Top\n\n## Saved games\n")
    page = tmp_path / "b.md"
    page.write_text("[ok](a.md#saved-games) [gone](missing.md) [no](a.md#nowhere) "
                    "![img](x.png) [web](https://example.org)\n```\n[code](not-a-link.md)\n```\n")
    assert _broken(page) == ["missing.md", "a.md#nowhere", "x.png"]


def test_every_screenshot_in_the_tree_is_shown_and_compressed() -> None:
    shown = {(page.parent / t).resolve() for page in PAGES for t in _links(page)}
    files = sorted(SCREENSHOTS.glob("*"))
    assert files
    assert [f.name for f in files if f.resolve() not in shown] == []
    assert [f.name for f in files if f.stat().st_size > SCREENSHOT_BYTES] == []


def _commands_and_options() -> list[str]:
    """``ra-game``'s subcommands and every option of each (and of the command itself)."""
    parser = build_parser()
    found = [o for a in parser._actions for o in a.option_strings if o.startswith("--")]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append(f"ra-game {name}")
                found += [o for a in sub._actions for o in a.option_strings if o.startswith("--")]
    return sorted(set(found) - {"--help"})


def test_every_command_and_option_is_documented() -> None:
    manual = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
    assert "ra-game server" in _commands_and_options()  # the online commands are read too
    assert [w for w in _commands_and_options() if w not in manual] == []
