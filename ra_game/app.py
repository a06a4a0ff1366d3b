"""The window: creation, the one async main loop, global keys, and crash handling.

``run_app`` opens the title screen (or a game straight away); ``run_demo`` watches AI seats play
through the real scenes.  One ``async def main_loop`` awaits ``asyncio.sleep(0)`` once per frame
(no threads), so the same loop can later run in a browser.  An unexpected error never shows a
traceback to the player: it is logged in the user data folder and replaced by a one-line message.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from .files.settings import data_dir, load_settings_checked, save_settings
from .text.i18n import _, catalog_notices, set_catalog_logger, start_language
from .text.words import shown_path
from .ui import frames, theme
from .ui.app_context import AppContext, DemoOptions
from .ui.assets import Assets
from .ui.front import scene_front
from .ui.scene import Scene, SceneManager
from .ui.sound import Music, Sounds, effects_level, music_level
from .ui.widgets import Button

if TYPE_CHECKING:
    from .engine import Replay
    from .table.seats import Seat

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (640, 360)
FPS = 60
#: A still screen wakes this often (seconds) to run timers, and redraws at least this often.
IDLE_WAKE = 0.25
IDLE_REDRAW = 1.0
#: How often a resting loop looks for input (seconds): one 60 Hz frame, so input feels instant.
REST_POLL = 1 / FPS
LOG_FILE = "error.log"
MAX_CRASHES = 3


# --- window ---------------------------------------------------------------------------------


def _icon(assets: Assets) -> pygame.Surface:
    """The window icon: the packaged one if the art has it, else a drawn sun disc."""
    if assets.has("ui/icon.png"):
        return assets.image("ui/icon.png")
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    theme.sun_disc(icon, (32, 32), 19)
    return icon


def open_window(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """Open (or re-open) the display: resizable, or fullscreen at the desktop's size."""
    if fullscreen:
        try:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            pass
    window = pygame.display.set_mode(clamp_size(size), pygame.RESIZABLE)
    _set_minimum_size()
    return window


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to at least :data:`MIN_SIZE` (every scene is tested at that size)."""
    return (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))


def _set_minimum_size() -> None:
    """Ask the window manager not to shrink the window below MIN_SIZE (where supported)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (AttributeError, pygame.error, ValueError):
        pass


def set_fullscreen(ctx: AppContext, on: bool) -> None:
    """Switch fullscreen on/off (F11 or the settings), remember it, and relayout the scenes."""
    if on and not ctx.settings.fullscreen:
        ctx.run.windowed_size = ctx.window_size
    window = open_window(ctx.run.windowed_size or DEFAULT_SIZE, on)
    ctx.settings.fullscreen = on
    warning = save_settings(ctx.settings)
    if warning:
        ctx.notices.append(warning)
    _resized(ctx, window.get_size())


def _resized(ctx: AppContext, size: tuple[int, int]) -> None:
    if size != ctx.window_size:
        ctx.window_size = size
        ctx.assets.clear_scaled()


def handle_global(ctx: AppContext, event: pygame.event.Event) -> bool:
    """Quit, F11 and window resizes, handled for every scene; True when consumed."""
    if event.type == pygame.QUIT:
        ctx.quit_requested = True
        return True
    if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
        ctx.set_fullscreen(not ctx.settings.fullscreen)
        return True
    if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        surface = pygame.display.get_surface()
        if surface is not None:
            size = surface.get_size()
            if size != clamp_size(size):  # a window manager ignored the minimum
                surface = open_window(size, False)
                size = surface.get_size()
            _resized(ctx, size)
        return event.type == pygame.VIDEORESIZE
    return False


# --- building the app -----------------------------------------------------------------------


def first_scene(
    ctx: AppContext, players: Sequence[Seat] | None, seed: int | None
) -> Scene:
    """The title, or a game straight away when seats were given (``ra-game play``, demo)."""
    return scene_front().first_scene(ctx, players, seed)


def create_app(
    size: tuple[int, int] = DEFAULT_SIZE,
    demo: DemoOptions | None = None,
    players: Sequence[Seat] | None = None,
    seed: int | None = None,
    ai_workers: int | None = None,
    watch: tuple[Replay, str] | None = None,
) -> tuple[AppContext, pygame.Surface]:
    """Open the window and put the first scene on the stack; returns (context, window)."""
    pygame.display.init()
    pygame.font.init()
    settings, warning = load_settings_checked()
    set_catalog_logger(log_line)
    start_language(settings.language)
    pygame.display.set_caption("Ra")
    assets = Assets()
    pygame.display.set_icon(_icon(assets))
    window = open_window(size, settings.fullscreen and demo is None)
    pygame.key.set_repeat(400, 40)
    ctx = AppContext(SceneManager(), settings, assets, window.get_size(), demo)
    ctx.routes = scene_front().route_table()
    ctx.run.windowed_size = size
    ctx.fullscreen_switch = partial(set_fullscreen, ctx)
    if ai_workers is not None:
        ctx.run.ai_workers = ai_workers
    ctx.sounds = Sounds(lambda: effects_level(ctx.settings))
    ctx.music = Music(lambda: music_level(ctx.settings))
    Button.click_sound = lambda: ctx.play_sound("click")
    if warning:
        ctx.notices.append(warning)
    ctx.notices.extend(catalog_notices())
    ctx.scenes.push(first_scene(ctx, players, seed))
    if watch is not None:  # ``ra-game watch FILE``: the viewer on top; closing it exits
        viewer = scene_front().replay_scene(ctx, *watch)
        ctx.scenes.push(viewer)
        ctx.run.closes_with = viewer
    return ctx, window


# --- frames ---------------------------------------------------------------------------------


def _note_opener(ctx: AppContext, event: pygame.event.Event, handled_by: Scene) -> None:
    """A key press that opened another scene (J opens Join a game): its character, which
    SDL sends after it as text, is not typed into the new scene's form."""
    if event.type == pygame.KEYDOWN:
        opened = ctx.scenes.top is not handled_by
        ctx.run.opener_text = getattr(event, "unicode", "") if opened else ""


def _typed_by_opener(ctx: AppContext, event: pygame.event.Event) -> bool:
    """True for the text event of the key that opened the scene now on top (dropped)."""
    if event.type != pygame.TEXTINPUT or not ctx.run.opener_text:
        return False
    opener, ctx.run.opener_text = ctx.run.opener_text, ""
    return bool(opener == event.text)


def step_frame(ctx: AppContext, dt: float, events: Sequence[pygame.event.Event] | None = None,
               always_draw: bool = True) -> bool:
    """One frame: global keys, the top scene's events and update, then draw and flip (unless
    nothing changed: no event, no animation, no redraw asked and ``always_draw`` False).
    Returns True when it drew."""
    if events is None:
        events = pygame.event.get()
    for event in events:
        if ctx.run.held.repeated(event) or handle_global(ctx, event) or \
                _typed_by_opener(ctx, event):
            continue
        top = ctx.scenes.top
        if top is not None:
            top.handle_event(event)
            _note_opener(ctx, event, top)
    closes_with = ctx.run.closes_with  # ``watch``: the run ends with its viewer
    if closes_with is not None and closes_with not in ctx.scenes.stack:
        ctx.quit_requested = True
        return False
    before = ctx.scenes.top
    if before is None:
        return False
    ctx.notices.extend(catalog_notices())  # a damaged translation met while drawing
    before.update(dt)
    for covered in ctx.scenes.stack[:-1]:
        covered.update_covered(dt)
    top = ctx.scenes.top
    window = pygame.display.get_surface()
    if top is None or window is None:
        return False
    drawn = ctx.run.drawn
    if not (always_draw or events or top is not before or top is not drawn
            or top.is_animating() or frames.wanted()):
        return False
    frames.taken()
    ctx.run.drawn = top
    ctx.run.frames_drawn += 1
    top.draw(window)
    pygame.display.flip()
    return True


def _append_log(text: str) -> Path | None:
    """Append ``text`` under a dated line to ``error.log``; its path, or None."""
    try:
        path = data_dir() / LOG_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as fh:
            fh.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}")
        return path
    except OSError:
        return None


def log_exception(exc: BaseException) -> Path | None:
    """Append the traceback to ``error.log`` in the user data folder; its path, or None."""
    return _append_log("".join(traceback.format_exception(exc)))


def log_line(text: str) -> None:
    """Append one line to ``error.log`` (nothing if the folder cannot be written)."""
    _append_log(text + "\n")


def crash_message(exc: BaseException, log: Path | None) -> str:
    """One line for the player about an unexpected error."""
    if log:
        return _("Something went wrong ({error}); details in {path}.").format(
            error=exc.__class__.__name__, path=shown_path(log))
    return _("Something went wrong ({error}).").format(error=exc.__class__.__name__)


def report_crash(ctx: AppContext, exc: Exception) -> None:
    """Log ``exc``; show the error scene, or quit with status 1 if that cannot help."""
    log = log_exception(exc)
    message = crash_message(exc, log)
    ctx.run.crashes += 1
    crashes = ctx.run.crashes
    from .ui.error_scene import ErrorScene

    if (ctx.demo is not None and ctx.demo.exit_on_end) or crashes > MAX_CRASHES or isinstance(
        ctx.scenes.top, ErrorScene
    ):
        print(f"ra-game: error: {message}", file=sys.stderr)
        ctx.exit_code = 1
        ctx.quit_requested = True
        return
    try:
        ctx.scenes.clear_to(ErrorScene(ctx, message))
    except Exception:  # noqa: BLE001 - the exit hooks failed too: replace the stack
        for scene in ctx.scenes.stack:
            try:
                scene.close()
            except Exception:  # noqa: BLE001, S110 - best effort: the workers are daemons
                pass
        ctx.scenes.stack = [ErrorScene(ctx, message)]


def guarded_step(ctx: AppContext, dt: float, events: Sequence[pygame.event.Event] | None = None,
                 always_draw: bool = True) -> bool:
    """:func:`step_frame`, turning any unexpected exception into :func:`report_crash`."""
    try:
        return step_frame(ctx, dt, events, always_draw)
    except Exception as exc:  # noqa: BLE001 - the top level: never a traceback
        report_crash(ctx, exc)
        return True


def wants_frames(ctx: AppContext) -> bool:
    """True when the next frame must come at the full frame rate (something moves)."""
    top = ctx.scenes.top
    return top is not None and (top.is_animating() or frames.wanted())


async def main_loop(ctx: AppContext, max_frames: int | None = None, fps: int = FPS) -> int:
    """Run frames until a scene asks to quit (or ``max_frames``); returns the frame count.
    A still screen rests: the loop only polls for events (``REST_POLL``, which costs far less
    than SDL's own event wait), runs the scene's timers every ``IDLE_WAKE`` s and redraws at
    least every ``IDLE_REDRAW`` s, instead of redrawing at ``fps``.  ``fps=0`` (tests) never
    rests and draws every frame."""
    clock = pygame.time.Clock()
    frames_run = 0
    last_draw = next_wake = time.perf_counter()
    moving = True
    while not ctx.quit_requested and ctx.scenes.top is not None:
        events: list[pygame.event.Event] | None = None
        resting = bool(fps) and not moving and not wants_frames(ctx)
        if resting:
            events = pygame.event.get()
            now = time.perf_counter()
            if not events and now < next_wake:
                await asyncio.sleep(REST_POLL)
                continue
            next_wake = now + IDLE_WAKE
        elapsed = (clock.tick(fps) if fps else clock.tick()) / 1000
        dt = min(1.0 if resting else 0.1, elapsed)
        heartbeat = time.perf_counter() - last_draw >= IDLE_REDRAW
        if guarded_step(ctx, dt, events, always_draw=not fps or heartbeat):
            last_draw = time.perf_counter()
        moving = wants_frames(ctx)
        frames_run += 1
        if max_frames is not None and frames_run >= max_frames:
            break
        await asyncio.sleep(0)
    return frames_run


def run_frames(
    ctx: AppContext,
    frames: int = 1,
    until: Callable[[AppContext], bool] | None = None,
    dt: float = 1 / FPS,
    guard: bool = False,
) -> int:
    """Test helper: run up to ``frames`` frames with a fixed ``dt`` (no waiting), stopping early
    once ``until(ctx)`` holds or the app quits; returns the frames run.  Errors propagate unless
    ``guard`` (then they go through the same crash handling as the real loop)."""
    for n in range(frames):
        if ctx.quit_requested or ctx.scenes.top is None or (until is not None and until(ctx)):
            return n
        if guard:
            guarded_step(ctx, dt)
        else:
            step_frame(ctx, dt)
    return frames


# --- entry points ---------------------------------------------------------------------------


def _start(
    demo: DemoOptions | None, players: Sequence[Seat] | None, seed: int | None,
    ai_workers: int | None = None,
    watch: tuple[Replay, str] | None = None,
) -> AppContext | None:
    try:
        return create_app(demo=demo, players=players, seed=seed, ai_workers=ai_workers,
                          watch=watch)[0]
    except pygame.error as exc:
        print(f"ra-game: error: cannot open the window ({exc})", file=sys.stderr)
    except Exception as exc:  # noqa: BLE001 - the top level: never a traceback
        print(f"ra-game: error: {crash_message(exc, log_exception(exc))}", file=sys.stderr)
    return None


def release_saves(ctx: AppContext) -> None:
    """Let go of the save slots held by the scenes (the saves stay for the next start)."""
    for scene in ctx.scenes.stack:
        release = getattr(scene, "release_save", None)
        if release is not None:
            try:
                release()
            except OSError:
                pass


def close_scenes(ctx: AppContext) -> None:
    """The window is closing: close every scene (their AI workers stop now)."""
    try:
        ctx.scenes.close_all()
    except Exception as exc:  # noqa: BLE001 - closing must never raise at exit
        log_exception(exc)


def run_app(players: list[Seat] | None = None, seed: int | None = None,
            ai_workers: int | None = None, watch: tuple[Replay, str] | None = None) -> int:
    """Open the window on the title (or straight into a game, or on a replay to watch);
    returns the exit status.  ``ai_workers``: processes for the AI's search (default: the
    setting, else all cores but one)."""
    ctx = _start(None, players, seed, ai_workers, watch)
    if ctx is None:
        return 1
    if ctx.music is not None:  # the theme plays in the window (never in the demo or tests)
        ctx.music.start()
    try:
        asyncio.run(main_loop(ctx))
    except KeyboardInterrupt:
        return 130
    finally:
        release_saves(ctx)
        close_scenes(ctx)
        pygame.quit()
    return ctx.exit_code


def run_demo(
    players: Sequence[Seat],
    seed: int | None,
    speed: str = "normal",
    exit_on_end: bool = False,
    max_frames: int | None = None,
    fps: int = FPS,
    ai_workers: int | None = None,
) -> int:
    """Watch AI seats play through the real scenes; with ``exit_on_end`` print the summary JSON
    on stdout after the final results.  ``max_frames`` and ``fps=0`` (no frame cap) are for
    tests."""
    ctx = _start(DemoOptions(speed=speed, exit_on_end=exit_on_end), players, seed, ai_workers)
    if ctx is None:
        return 1
    try:
        asyncio.run(main_loop(ctx, max_frames=max_frames, fps=fps))
    except KeyboardInterrupt:
        return 130
    finally:
        close_scenes(ctx)
        pygame.quit()
    if exit_on_end and ctx.exit_code == 0:
        if ctx.final_summary is None:
            print("ra-game: error: the demo stopped before the game ended", file=sys.stderr)
            return 1
        from .cli import emit_line

        return emit_line(json.dumps(ctx.final_summary)) or ctx.exit_code
    return ctx.exit_code


def run_title_check() -> int:
    """``ra-game --exit-after-title``: open the window through the real start-up path, run the
    main loop for one frame (the title, drawn with the packaged art and fonts), play one sound,
    look for the compiled catalogs, and quit.  Prints one JSON line on stdout,
    ``{"scene": "TitleScene", "sound": true, "fonts": [...], "catalogs": ["es", ...]}``;
    status 1 (and the usual ``error.log``) when any of it failed."""
    ctx = _start(None, None, None)
    if ctx is None:
        return 1
    try:
        asyncio.run(main_loop(ctx, max_frames=1))
        sound = ctx.sounds.play("click", gain=0.0) if ctx.sounds is not None else False
        scene = type(ctx.scenes.top).__name__ if ctx.scenes.top is not None else None
        fonts = sorted({name.rsplit("/", 1)[-1] for name in ctx.assets.fonts_loaded()})
        catalogs = _catalogs_found()
    finally:
        pygame.quit()
    if ctx.run.crashes or scene != "TitleScene":
        message = getattr(ctx.scenes.top, "message", "the title screen was not drawn")
        print(f"ra-game: error: {message}", file=sys.stderr)
        return 1
    print(json.dumps({"scene": scene, "sound": sound, "fonts": fonts, "catalogs": catalogs}),
          flush=True)
    return ctx.exit_code


def _catalogs_found() -> list[str]:
    """The languages whose compiled catalog gettext finds where ``ra_game.text.i18n`` looks."""
    import gettext

    from .text.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

    return sorted(lang for lang in LANGUAGES if gettext.find(DOMAIN, str(LOCALE_DIR), [lang]))
