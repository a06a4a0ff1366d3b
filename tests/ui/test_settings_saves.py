"""Settings and the autosave on disk: the user folders, atomic writes, damaged files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ra_game.engine import GameState, replay_dict
from ra_game.files.saves import SaveError, SlotWriter, check_document, read_slot, slot_path
from ra_game.files.settings import (
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
    wanted = Settings(animation_speed="max", hide_scores=True, fullscreen=True,
                      effects_volume=40, music_volume=0)
    assert save_settings(wanted) is None
    assert load_settings() == wanted
    assert sorted(p.name for p in (ra_home / "config").iterdir()) == ["settings.json"]


@pytest.mark.parametrize("content", ["", "[1, 2]", '{"sound": "loud"}', '{"music_volume": 101}',
                                     '{"effects_volume": 0.5}', "\xff\xfe"])
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
    path.write_text('{"hide_scores": true, "future_option": 3}')
    assert load_settings_checked() == (Settings(hide_scores=True), None)


@pytest.mark.parametrize(("saved", "effects", "music"), [
    ('{"sound": false}', 0, 0),  # sound was off: both volumes off
    ('{"sound": true}', Settings().effects_volume, Settings().music_volume),
    ('{"sound": false, "music_volume": 20}', 0, 20),  # volumes saved since win over the old switch
    ('{"effects_volume": 50}', 50, Settings().music_volume),
])
def test_the_old_sound_switch_becomes_volumes(ra_home: Path, saved: str, effects: int,
                                              music: int) -> None:
    path = ra_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(saved)
    settings, warning = load_settings_checked()
    assert warning is None
    assert (settings.effects_volume, settings.music_volume) == (effects, music)
    assert save_settings(settings) is None
    assert "sound" not in json.loads(path.read_text())  # the next save writes only volumes


def test_slot_round_trip_backup_and_clear() -> None:
    state = GameState.new(2, seed=5)
    state.apply("draw")
    doc = replay_dict(state, ["draw"], ["human", "random"])
    doc["hide_scores"] = False
    assert read_slot(0).empty
    writer = SlotWriter(0)
    assert writer.write(doc) is None and writer.flush() is None
    assert read_slot(0).doc == doc
    state.apply("draw")
    newer = dict(doc, moves=["draw", "draw"], bag=doc["bag"] + [replay_dict(state, [], ["random"] * state.n)["bag"][1]])
    assert writer.write(newer) is None and writer.flush() is None
    assert read_slot(0).doc == newer
    bak = slot_path(0).with_name("slot-1.ra.json.bak")
    assert json.loads(bak.read_text()) == doc  # the previous save is kept
    assert sorted(p.name for p in slot_path(0).parent.iterdir()) == [
        "slot-1.ra.json", "slot-1.ra.json.bak", "slot-1.ra.json.lock"]
    writer.clear()
    assert read_slot(0).empty and not bak.exists()
    assert not slot_path(0).with_name("slot-1.ra.json.lock").exists()
    writer.clear()  # clearing twice is fine


def test_a_finished_or_impossible_game_is_not_offered() -> None:
    from ra_game.table.headless import play_headless
    from ra_game.table.seats import parse_seats

    _, doc = play_headless(parse_seats("random,random", allow_human=False), seed=2)
    with pytest.raises(SaveError, match="already finished"):
        check_document(doc)
    doc["moves"] = ["bid:13"]
    with pytest.raises(SaveError, match="move 0"):
        check_document(doc)


def test_a_write_failure_is_one_line_not_an_exception(ra_home: Path) -> None:
    ra_home.mkdir(parents=True, exist_ok=True)
    (ra_home / "data").write_text("a file where the folder should be")
    writer = SlotWriter(0)
    writer.write({"format": "ra-replay/1"})
    message = writer.flush()
    assert message and "\n" not in message
