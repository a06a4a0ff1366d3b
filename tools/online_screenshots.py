"""Online play in real windows: two game processes on one machine, screenshots on the way.

    xvfb-run -a -s "-screen 0 1280x720x24" python3 tools/online_screenshots.py [--out DIR]

A host process (Ana) opens Title > Play online > Host a game, hosts Ana + a friend + Cy (a
second person at Ana's screen) + an AI; a second process (Bo) opens Join a game, types the
address and the room code the host's lobby shows (read from the host's remembered room), and
joins.  They play the first epoch; Bo's process then dies in the second (the connection drops),
Ana's board waits with Bo's clock, and a third process with Bo's user folder (a restarted game)
rejoins through "Rejoin the last game" and plays on.  Writes online_host_setup.png,
online_join.png, online_host_lobby.png (and _es, _pt, _tr), online_play.png, online_away.png
and online_rejoined.png.  Each process has its own temporary user folder.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 180.0
LANGS = ("es", "pt", "tr")


def child_main(role: str, shared: Path, out: Path) -> int:
    """One game window playing ``role`` (host, join or rejoin)."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from ra_game.app import create_app, run_frames
    from ra_game.engine import Move
    from ra_game.table.seat_kinds import PERSON
    from ra_game.text.i18n import set_language

    ctx, _ = create_app()
    ctx.settings.animation_speed = "fast"
    end = time.monotonic() + TIMEOUT

    def frames_until(done: Callable[[], bool]) -> None:
        while not done():
            if time.monotonic() > end:
                raise SystemExit(f"online_screenshots: {role} timed out")
            run_frames(ctx, 1, dt=1 / 60)
            time.sleep(1 / 120)

    def key(code: int, text: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=text))
        run_frames(ctx, 2)

    def typed(text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        run_frames(ctx, 1)

    def shot(name: str) -> None:
        run_frames(ctx, 3)
        surface = pygame.display.get_surface()
        assert surface is not None
        pygame.image.save(surface, str(out / f"{name}.png"))
        print(f"wrote {out / name}.png", flush=True)

    def top() -> object:
        return ctx.scenes.top

    def play_until(done: Callable[[object], bool]) -> None:
        """Play this window's turns (draw, else pass, else the first legal move)."""
        def step() -> bool:
            scene: object = top()
            if type(scene).__name__ == "EpochScoringScene":
                scene.advance()  # type: ignore[attr-defined]
                return done(scene)
            if getattr(scene, "overlay", None) is None:
                return done(scene)
            if scene.human_ready() and scene.overlay.online.sent is None:  # type: ignore[attr-defined]
                legal = {m.text: m for m in scene.state.legal_moves()}  # type: ignore
                move: Move = legal.get("draw") or legal.get("pass") or next(iter(legal.values()))
                scene.offer(move)  # type: ignore[attr-defined]
            return done(scene)
        frames_until(step)

    def moves(scene: object) -> int:
        return len(getattr(scene, "moves", []))

    key(pygame.K_o, "o")  # Title > Play online
    if role == "host":
        key(pygame.K_h, "h")
        setup: object = top()
        setup.names[0].text = "Ana"  # type: ignore[attr-defined]
        setup.set_name(0, "Ana")  # type: ignore[attr-defined]
        setup.set_kind(2, PERSON)  # type: ignore[attr-defined]
        setup.set_name(2, "Cy")  # type: ignore[attr-defined]
        setup.names[2].text = "Cy"  # type: ignore[attr-defined]
        setup.add_seat()  # type: ignore[attr-defined]
        shot("online_host_setup")
        setup.start()  # type: ignore[attr-defined]
        frames_until(lambda: type(top()).__name__ == "LobbyScene")
        lobby: object = top()
        frames_until(lambda: bool(lobby.link.room))  # type: ignore[attr-defined]
        (shared / "room.json").write_text(json.dumps({
            "url": lobby.link.url, "room": lobby.link.room}))  # type: ignore[attr-defined]
        frames_until(lambda: len(lobby.seats) > 2 and lobby.seats[1].taken  # type: ignore
                     and lobby.seats[2].taken)  # type: ignore[attr-defined]
        shot("online_host_lobby")
        for lang in LANGS:
            set_language(lang)
            shot(f"online_host_lobby_{lang}")
        set_language("en")
        lobby.start()  # type: ignore[attr-defined]
        frames_until(lambda: type(top()).__name__ == "PlayScene")
        board: object = top()
        play_until(lambda s: (shared / "dropped").exists())
        link = board.overlay.link  # type: ignore[attr-defined]
        play_until(lambda s: board.state.current == 1  # type: ignore[attr-defined]
                   and (link.away_for(1) or 0) > 3 and not board.queue.busy)  # type: ignore
        shot("online_away")
        (shared / "away_shot").touch()
        play_until(lambda s: (shared / "rejoined").exists())
        return 0
    if role == "join":
        key(pygame.K_j, "j")
        frames_until(lambda: (shared / "room.json").exists())
        room = json.loads((shared / "room.json").read_text())
        join: object = top()
        join.group.focus(join.fields["address"])  # type: ignore[attr-defined]
        join.fields["address"].text = ""  # type: ignore[attr-defined]
        typed(room["url"].removeprefix("ws://"))
        join.group.focus(join.fields["room"])  # type: ignore[attr-defined]
        typed(room["room"][:4] + "-" + room["room"][4:])
        join.group.focus(join.fields["name"])  # type: ignore[attr-defined]
        typed("Bo")
        shot("online_join")
        key(pygame.K_RETURN)
        frames_until(lambda: type(top()).__name__ == "PlayScene")
        board = top()
        play_until(lambda s: moves(s) >= 10 and board.state.current != 1  # type: ignore
                   and not board.queue.busy)  # type: ignore[attr-defined]
        shot("online_play")
        play_until(lambda s: board.state.epoch >= 2)  # type: ignore[attr-defined]
        (shared / "dropped").touch()  # a whole epoch played: now the connection drops
        os._exit(0)  # the window dies: no goodbye to the server
    if role == "rejoin":
        frames_until(lambda: top().buttons["rejoin"].enabled)  # type: ignore[attr-defined]
        key(pygame.K_r, "r")
        frames_until(lambda: type(top()).__name__ == "PlayScene")
        board = top()
        start = moves(board)
        play_until(lambda s: moves(s) >= start + 4 and not board.queue.busy)  # type: ignore
        shot("online_rejoined")
        (shared / "rejoined").touch()
        return 0
    return 2


def spawn(role: str, shared: Path, out: Path, home: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, RA_GAME_HOME=str(home), LANGUAGE="en")
    return subprocess.Popen([sys.executable, __file__, "--role", role, "--shared", str(shared),
                             "--out", str(out)], env=env)


def wait_file(path: Path, *procs: subprocess.Popen[bytes]) -> None:
    end = time.monotonic() + TIMEOUT
    while not path.exists():
        if time.monotonic() > end or any(p.poll() not in (None, 0) for p in procs):
            raise SystemExit(f"online_screenshots: no {path.name}")
        time.sleep(0.1)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots",
                        help="folder (default: build/screenshots, outside the tracked tree)")
    parser.add_argument("--role", choices=("host", "join", "rejoin"))
    parser.add_argument("--shared", type=Path)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.role:
        return child_main(args.role, args.shared, args.out)
    shared = Path(tempfile.mkdtemp(prefix="ra-online-shots-"))
    host_home, friend_home = shared / "ana", shared / "bo"
    host = spawn("host", shared, args.out, host_home)
    friend = spawn("join", shared, args.out, friend_home)
    try:
        wait_file(shared / "dropped", host, friend)
        friend.wait(30)
        wait_file(shared / "away_shot", host)
        again = spawn("rejoin", shared, args.out, friend_home)
        if again.wait(TIMEOUT) != 0 or host.wait(TIMEOUT) != 0:
            print("online_screenshots: a window failed", file=sys.stderr)
            return 1
    finally:
        for proc in (host, friend):
            if proc.poll() is None:
                proc.kill()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
