"""Settings and the autosave on disk: the user folders, atomic writes, damaged files."""

from __future__ import annotations

from pathlib import Path

import pytest

from ra_game.engine import GameState, replay_dict
from ra_game.saves import SaveError, autosave, autosave_path, clear_autosave, load_autosave
from ra_game.settings import (
    Settings,
    config_dir,
    data_dir,
    load_settings,
    load_settings_checked,
    save_settings,
)


def test_ra_game_home_redirects_both_folders(ra_home: Path) -> None:
    assert config_dir() == ra_home / "config"
    assert data_dir() == ra_home / "data"


def test_settings_round_trip_without_leftover_files(ra_home: Path) -> None:
    assert load_settings_checked() == (Settings(), None)  # no file: defaults, no warning
    wanted = Settings(animation_speed="max", hide_scores=True, fullscreen=True, sound=False)
    assert save_settings(wanted) is None
    assert load_settings() == wanted
    assert sorted(p.name for p in (ra_home / "config").iterdir()) == ["settings.json"]


@pytest.mark.parametrize("content", ["", "[1, 2]", '{"sound": "loud"}', "\xff\xfe"])
def test_damaged_settings_give_defaults_and_one_line(ra_home: Path, content: str) -> None:
    path = ra_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content.encode("latin-1"))
    settings, warning = load_settings_checked()
    assert settings == Settings()
    assert warning and "\n" not in warning and "defaults" in warning


def test_unknown_setting_keys_are_ignored(ra_home: Path) -> None:
    path = ra_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"sound": false, "future_option": 3}')
    assert load_settings_checked() == (Settings(sound=False), None)


def test_autosave_round_trip_and_clear() -> None:
    state = GameState.new(2, seed=5)
    state.apply("draw")
    doc = replay_dict(state, ["draw"], ["human", "random"], seed=5)
    doc["hide_scores"] = False
    assert load_autosave() is None
    assert autosave(doc) is None
    assert load_autosave() == doc
    assert not autosave_path().with_name("autosave.ra.json.tmp").exists()
    clear_autosave()
    assert load_autosave() is None
    clear_autosave()  # clearing twice is fine


def test_a_finished_or_impossible_game_is_not_offered() -> None:
    from ra_game.headless import play_headless
    from ra_game.seats import parse_seats

    _, doc = play_headless(parse_seats("random,random", allow_human=False), seed=2)
    autosave(doc)
    with pytest.raises(SaveError, match="already finished"):
        load_autosave()
    doc["moves"] = ["bid:13"]
    autosave(doc)
    with pytest.raises(SaveError, match="move 0"):
        load_autosave()


def test_a_write_failure_is_one_line_not_an_exception(ra_home: Path) -> None:
    ra_home.mkdir(parents=True, exist_ok=True)
    (ra_home / "data").write_text("a file where the folder should be")
    message = autosave({"format": "ra-replay/1"})
    assert message and "\n" not in message
