"""Bad documents and scene builders shared by ``tests/reliability`` and ``tools/fault_run.py``.

Each generator yields ``(class name, bytes)``: the ways a save, a settings file or a replay can
be damaged on disk.  Nothing here is used by the game itself.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ra_game.engine import GameState, replay_dict
from ra_game.table.seat_kinds import kind_of

if TYPE_CHECKING:
    from ra_game.ui.app_context import AppContext


def sample_save(moves: int = 12, seed: int = 11, players: int = 3,
                kinds: list[str] | None = None) -> dict[str, Any]:
    """The save document of a running game after ``moves`` moves (no seed, as the game saves)."""
    state = GameState.new(players, seed=seed, names=["Ana", "Bo", "Cy", "Di", "Ed"][:players])
    played: list[str] = []
    rng = random.Random(seed)
    while len(played) < moves and not state.over:
        legal = [m.text for m in state.legal_moves()]
        move = "draw" if "draw" in legal and rng.random() < 0.7 else rng.choice(legal)
        state.apply(move)
        played.append(move)
    kinds = kinds or ["human", "human"] + ["ai:easy"] * (players - 2)
    doc = replay_dict(state, played, kinds)
    doc["hide_scores"] = False
    return doc


#: The hostile things a small file of the game can be (see :func:`make_special`).
SPECIAL_KINDS = ("fifo", "device", "folder", "deep", "long_number", "oversized", "not_utf8")


def make_special(path: Path, kind: str) -> None:
    """Make ``path`` (absent) a FIFO, a link to /dev/zero, a folder, JSON nested 100,000 deep,
    a 5,000-digit number, a 100 MB sparse file or bytes that are not UTF-8."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "long_number":
        path.write_text('{"version": 1, "games": ' + "9" * 5000 + "}")
    elif kind == "oversized":
        with path.open("wb") as fh:
            fh.truncate(100_000_000)
    else:
        path.write_bytes(b"\xff\xfe not text")


def null_device(path: Path) -> Path:
    """A character device like /dev/null made at ``path`` (root may make one), else the real
    /dev/null, which only root could replace: never the system's own device while root."""
    try:
        os.mknod(path, 0o20666, os.makedev(1, 3))
    except PermissionError:
        return Path("/dev/null")
    return path


def damaged_catalogs(data: bytes) -> Iterator[tuple[str, bytes | None]]:
    """Ways the compiled Spanish catalog ``data`` can be damaged (None: a folder in its place):
    empty, cut, random, a bad magic number, a Plural-Forms that does not parse or divides by
    zero, and one entry with a renamed or a stray placeholder."""
    plural = b"plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);"
    yield "empty", b""
    yield "truncated", data[: len(data) // 2]
    yield "random", random.Random(3).randbytes(len(data))
    yield "bad magic", b"\0\0\0\0" + data[4:]
    yield "folder", None
    # same lengths, so every offset in the file stays right
    yield "plural forms", data.replace(plural, plural.replace(b"==", b"=<", 1))
    yield "plural that divides by zero", data.replace(plural, b"plural=(n / 0);".ljust(len(plural)))
    yield "renamed placeholder", _with_entry(data, "{player} draws {tile}.",
                                             "{jugador} roba {tile}.")
    yield "stray placeholder", _with_entry(data, "{player} draws {tile}.",
                                           "{player} roba {ficha} {tile}.")


def _with_entry(data: bytes, msgid: str, msgstr: str) -> bytes:
    """The catalog ``data`` with ``msgid`` translated as ``msgstr`` (needs Babel)."""
    from io import BytesIO

    from babel.messages.mofile import read_mo, write_mo

    catalog = read_mo(BytesIO(data))
    catalog[msgid].string = msgstr
    out = BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def encode(doc: Any) -> bytes:
    return (json.dumps(doc, indent=1) + "\n").encode("utf-8")


def truncations(data: bytes, step: int = 1) -> Iterator[tuple[str, bytes]]:
    """The document cut after every ``step``-th byte (never the whole document)."""
    for n in range(0, len(data), step):
        yield "truncated", data[:n]


def byte_flips(data: bytes, count: int, rng: random.Random) -> Iterator[tuple[str, bytes]]:
    """``count`` copies with one to three random bytes replaced by random values."""
    for _ in range(count):
        buf = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            buf[rng.randrange(len(buf))] = rng.randrange(256)
        yield "byte_flip", bytes(buf)


def malformed_json() -> Iterator[tuple[str, bytes]]:
    """Every class of JSON that breaks a naive reader."""
    yield "deep_nesting", b"[" * 100_000 + b"]" * 100_000
    yield "deep_object", b'{"a":' * 50_000 + b"1" + b"}" * 50_000
    yield "huge_int", b'{"format": "ra-replay/1", "seed": ' + b"9" * 5000 + b"}"
    yield "huge_float_exp", b'{"seed": 1e999999}'
    yield "not_utf8", b'{"format": "\xff\xfe"}'
    yield "empty", b""
    yield "nul_bytes", b"\x00" * 64
    yield "bom", b'\xef\xbb\xbf{"format": "ra-replay/1"}'
    yield "trailing_garbage", b'{"format": "ra-replay/1"} trailing'
    yield "nan", b'{"seed": NaN, "moves": []}'
    yield "lone_surrogate", b'{"players": [{"name": "\\ud800"}, {"name": "b"}], "moves": []}'


def wrong_shapes(doc: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
    """A good save with one field of the wrong shape or type, or a hostile value."""
    huge_bid = "bid:" + "1" * 5000
    variants: dict[str, Any] = {
        "top_list": [doc],
        "top_string": "ra",
        "top_null": None,
        "players_string": dict(doc, players="Ana"),
        "players_one": dict(doc, players=doc["players"][:1]),
        "players_nine": dict(doc, players=doc["players"] * 3),
        "player_not_object": dict(doc, players=[1, 2, 3]),
        "name_number": dict(doc, players=[{"name": 5}] + doc["players"][1:]),
        "name_nul": dict(doc, players=[{"name": "A\x00na"}] + doc["players"][1:]),
        "name_control": dict(doc, players=[{"name": "A\x1b[2Jna"}] + doc["players"][1:]),
        "name_newline": dict(doc, players=[{"name": "A\nna"}] + doc["players"][1:]),
        "name_huge": dict(doc, players=[{"name": "A" * 100_000}] + doc["players"][1:]),
        "suns_wrong": dict(doc, suns=[[1, 2, 3]]),
        "suns_strings": dict(doc, suns=[["a"]]),
        "bag_unknown": dict(doc, bag=["unicorn"]),
        "bag_too_many": dict(doc, bag=["gold"] * 30),
        "bag_number": dict(doc, bag=7),
        "seed_string": dict(doc, seed="7"),
        "seed_bool": dict(doc, seed=True),
        "moves_missing": {k: v for k, v in doc.items() if k != "moves"},
        "moves_string": dict(doc, moves="draw"),
        "moves_numbers": dict(doc, moves=[1, 2]),
        "move_illegal": dict(doc, moves=[*doc["moves"], "bid:16"]),
        "move_huge_bid": dict(doc, moves=[*doc["moves"], huge_bid]),
        "format_wrong": dict(doc, format="ra-replay/9"),
        "hide_scores_string": dict(doc, hide_scores="yes"),
    }
    for name, value in variants.items():
        yield name, encode(value)


def bad_settings() -> Iterator[tuple[str, bytes]]:
    """Settings documents with a wrong shape or value."""
    for name, value in {
        "list": [1, 2], "speed_unknown": {"animation_speed": "warp"},
        "speed_number": {"animation_speed": 3}, "bool_string": {"sound": "loud"},
        "bool_number": {"fullscreen": 1}, "volume_high": {"music_volume": 150}, "text_control": {"animation_speed": "fa\x00st"},
        "text_huge": {"animation_speed": "x" * 10_000}, "null": None,
    }.items():
        yield f"settings_{name}", encode(value)


# --- a random-input run of the real app loop ---------------------------------------------------

_JUNK_KEYS = ("a", "d", "r", "g", "p", "n", "c", "l", "s", "x", "y", "1", "5", "9", "return",
              "space", "escape", "tab", "backspace", "delete", "up", "down", "left", "right")
_JUNK_TEXT = ("a", "Zé", "\x00", "\x1b", "\n", "ğ", "名", "  ", "\u202e")


@dataclass
class ChaosStats:
    """What a random-input run did (all counts)."""

    frames: int = 0
    events: int = 0
    resizes: int = 0
    games_started: int = 0
    games_finished: int = 0
    resumed: int = 0
    quits_refused: int = 0
    crashes: int = 0
    sizes: set[tuple[int, int]] = field(default_factory=set)


class ChaosMonkey:
    """Drives the real app (``step_frame``) with random mouse, key, text and resize events,
    mixed with a purposeful player (the board's :class:`Autopilot`) so that whole games get
    played: New game from the title (the seats set to a person and two random AIs, for speed),
    junk input everywhere, Save & quit and Continue when the junk finds them, results back to
    the title, again."""

    def __init__(self, ctx: AppContext, rng: random.Random, junk: float = 0.25,
                 resize: float = 0.01) -> None:
        self.ctx, self.rng, self.junk, self.resize_p = ctx, rng, junk, resize
        self.stats = ChaosStats()
        self.pilot: Any = None
        self._seen: set[int] = set()
        self._leave_in: int | None = None  # purposeful frames until this game is saved & left
        self._left = False  # the last game was saved and left: come back to it

    def _post(self, events: list[Any]) -> None:
        import pygame

        for event in events:
            pygame.event.post(event)
        self.stats.events += len(events)

    def junk_events(self) -> list[Any]:
        import pygame

        from tooling.autopilot import click_events, key_events

        w, h = self.ctx.window_size
        pos = (self.rng.randrange(-5, w + 5), self.rng.randrange(-5, h + 5))
        roll = self.rng.random()
        if roll < 0.35:
            return click_events(pos)
        if roll < 0.5:
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                       buttons=(0, 0, 0))]
        if roll < 0.6:
            return [pygame.event.Event(pygame.TEXTINPUT, text=self.rng.choice(_JUNK_TEXT))]
        if roll < 0.65:
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3),
                    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-1, 1)))]
        return key_events(pygame.key.key_code(self.rng.choice(_JUNK_KEYS)))

    def resize(self) -> None:
        import pygame

        size = self.rng.choice([(self.rng.randrange(1, 200), self.rng.randrange(1, 120)),
                                (self.rng.randrange(200, 2000), self.rng.randrange(120, 1200))])
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self._post([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        self.stats.resizes += 1

    def purposeful(self) -> list[Any]:
        """What a player would do on the current scene."""
        import pygame

        if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
            from scenes.play import PlayScene
            from scenes.results import FinalResultsScene
            from scenes.setup import SetupScene
            from scenes.slots import SlotsScene
            from scenes.title import TitleScene
        else:
            from ra_game.scenes.play import PlayScene
            from ra_game.scenes.results import FinalResultsScene
            from ra_game.scenes.setup import SetupScene
            from ra_game.scenes.slots import SlotsScene
            from ra_game.scenes.title import TitleScene

        from tooling.autopilot import Autopilot, key_events

        top = self.ctx.scenes.top
        if isinstance(top, PlayScene):
            if id(top) not in self._seen:
                self._seen.add(id(top))
                self.stats.games_started += 1
                self.pilot = Autopilot(self.ctx, top, self.rng, by=self.rng.choice(
                    ("mouse", "keyboard")))
                # the first game is always saved and left part way (so Continue gets tried),
                # later ones now and then
                leave = self.stats.games_started == 1 or self.rng.random() < 0.15
                self._leave_in = self.rng.randrange(20, 120) if leave else None
            if self._leave_in is not None:
                self._leave_in -= 1
            if top.pause is not None:  # leave the pause menu, or save & quit now and then
                quit_now = (self._leave_in is not None and self._leave_in <= 0) \
                    or self.rng.random() < 0.5
                if quit_now:
                    self._leave_in, self._left = None, True
                return key_events(pygame.K_q if quit_now else pygame.K_ESCAPE)
            if (self._leave_in is not None and self._leave_in <= 0) or self.rng.random() < 0.004:
                return key_events(pygame.K_ESCAPE)
            return self.pilot.events() if self.pilot is not None else []
        if isinstance(top, TitleScene):
            if top.buttons["continue"].enabled and (self._left or self.rng.random() < 0.7):
                self._left = False
                self.stats.resumed += 1
                return key_events(pygame.K_c)
            return key_events(pygame.K_n)
        if isinstance(top, SetupScene):
            for row in top.rows[1:]:  # fast seats: the test is about input, not AI strength
                row.kind = kind_of("random")
            top.rows = top.rows[:3]
            return key_events(pygame.K_RETURN) if top.group.focused is top.buttons["start"] \
                else [*key_events(pygame.K_TAB)]
        if isinstance(top, FinalResultsScene) and id(top) not in self._seen:
            self._seen.add(id(top))
            self.stats.games_finished += 1
        if isinstance(top, SlotsScene) and top.on_yes is not None:
            return key_events(pygame.K_y)
        return key_events(pygame.K_RETURN)

    def run(self, frames: int, step: Any) -> ChaosStats:
        """Run ``frames`` frames through ``step(ctx, dt)`` (the app's frame function)."""
        for _ in range(frames):
            if self.ctx.quit_requested:
                self.ctx.quit_requested = False  # the junk found Quit: keep going
                self.stats.quits_refused += 1
            if self.ctx.scenes.top is None:
                break
            if self.rng.random() < self.resize_p:
                self.resize()
            elif self.rng.random() < self.junk:
                self._post(self.junk_events())
            else:
                self._post(self.purposeful())
            step(self.ctx, 1 / 60)
            self.stats.frames += 1
            self.stats.sizes.add(self.ctx.window_size)
        return self.stats
