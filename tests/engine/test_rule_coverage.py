"""Every rule id of the project's rules (``docs/rules.md``) has at least one test named after it
in tests/engine, and the documents in ``docs/`` keep the contract.  Only files of the repository
are read, so a clone checks the same as the development machine."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ra_game.engine import GameState

HERE = Path(__file__).resolve().parent
DOCS = HERE.parents[1] / "docs"
DOCS_RULES = DOCS / "rules.md"  # the project's own rules document

RULE_IDS = (
    ["R-COMP"]
    + [f"R-SETUP-{i}" for i in range(1, 6)]
    + [f"R-TURN-{i}" for i in range(1, 7)]
    + [f"R-AUC-{i}" for i in range(1, 9)]
    + [f"R-DIS-{i}" for i in range(1, 8)]
    + [f"R-EPOCH-{i}" for i in range(1, 7)]
    + [f"R-SCORE-{k}" for k in ("GOD", "GOLD", "PHARAOH", "NILE", "CIV")]
    + ["R-FINAL-MON", "R-FINAL-SUN", "R-FLOOR-1", "R-WIN-1", "R-WIN-2", "R-LAST-1"]
)


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        names.update(re.findall(r"^def (test_\w+)\(", text, re.MULTILINE))
    return names


def test_every_rule_id_has_a_test_named_after_it() -> None:
    names = _test_names()
    missing = [rid for rid in RULE_IDS
               if not any(n.startswith("test_" + rid.replace("-", "_") + "_") for n in names)]
    assert missing == []


def _ids_in(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    ids = set(re.findall(r"^- (R-[A-Z]+(?:-[A-Z0-9]+)?) ", text, re.MULTILINE))
    return ids | set(re.findall(r"^## (R-[A-Z]+) ", text, re.MULTILINE)) & {"R-COMP"}


def test_the_rule_id_list_matches_the_projects_rules_document() -> None:
    # The list above is the contract; docs/rules.md names each id once, as a list item.
    assert _ids_in(DOCS_RULES) == set(RULE_IDS)
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 44


def test_the_projects_replay_format_document_keeps_the_notation_contract() -> None:
    doc = (DOCS / "replay-format.md").read_text(encoding="utf-8")
    for heading in ("## Moves", "## Replay file (`*.ra.json`)", "## State summary"):
        assert heading in doc
    for move in ("`draw`", "`ra`", "`god:gold`", "`bid:13`", "`pass`", "`discard:temple,pyramid`"):
        assert move in doc
    replay, summary = (json.loads(block) for block in re.findall(r"```json\n(.*?)```", doc,
                                                                   re.DOTALL))
    assert replay["format"] == "ra-replay/1"
    assert set(replay) == {"format", "players", "suns", "bag", "seed", "moves"}
    real = GameState.new(2, seed=1).summary()  # the example shows every field of a summary
    assert set(summary) == set(real)
    assert all(set(p) == set(real["players"][0]) for p in summary["players"])
