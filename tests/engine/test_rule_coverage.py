"""Every rule id of RULES.md has at least one test named after it in tests/engine."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES_MD = HERE.parents[2] / "shared" / "RULES.md"  # next to the repository, when present
DOCS_RULES = HERE.parents[1] / "docs" / "rules.md"  # the project's own rules document

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


def test_the_rule_id_list_matches_rules_md() -> None:
    # The list above is the contract; when RULES.md sits beside the repository, they agree.
    if RULES_MD.exists():
        assert _ids_in(RULES_MD) == set(RULE_IDS)
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 44


def test_the_projects_own_rules_document_names_every_rule_id() -> None:
    assert _ids_in(DOCS_RULES) == set(RULE_IDS)


def test_the_projects_replay_format_document_keeps_the_notation_contract() -> None:
    doc = (HERE.parents[1] / "docs" / "replay-format.md").read_text(encoding="utf-8")
    for heading in ("## Moves", "## Replay file (`*.ra.json`)", "## State summary"):
        assert heading in doc
    for move in ("`draw`", "`ra`", "`god:gold`", "`bid:13`", "`pass`", "`discard:temple,pyramid`"):
        assert move in doc
    notation = RULES_MD.with_name("NOTATION.md")
    if notation.exists():  # beside the repository: the examples and field rules are the same
        text = notation.read_text(encoding="utf-8")
        blocks = re.findall(r"```json\n(.*?)```", text, re.DOTALL)
        assert blocks and all(block in doc for block in blocks)
        for line in text.splitlines():
            if line.startswith("- `") and "R-SETUP-4" not in line:
                assert line in doc, line
