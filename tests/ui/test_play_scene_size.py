"""The play scene stays a small hub: its parts (the input, the turns, the status line, the
painter, the keeper, the pausing) do the work and return values; the scene keeps at most 25
public methods and properties, not a relay for each of its parts' members."""

from __future__ import annotations

import inspect

from ra_game.scenes.play import PlayScene

MOST = 25


def public_members(cls: type) -> list[str]:
    """The methods, properties and class methods ``cls`` itself defines whose names are not
    private."""
    return sorted(name for name, value in vars(cls).items()
                  if not name.startswith("_") and (
                      inspect.isfunction(value) or isinstance(value, (property, classmethod,
                                                                      staticmethod))))


def test_the_play_scene_has_at_most_25_public_methods() -> None:
    members = public_members(PlayScene)
    assert "handle_event" in members and "state" in members  # the count sees both kinds
    assert len(members) <= MOST, members
