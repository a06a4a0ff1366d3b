"""The ``ra-game`` command line: open the window, play headless, replay files, watch a replay
or a demo.

Errors a user can cause (bad options, bad files, illegal moves) print one line on stderr and exit
with status 2; stdout carries only machine-readable output (the summary JSON).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import BUILD, __version__
from .build_info import describe
from .engine import RaError, load_replay
from .table.seat_kinds import DEFAULT_AI, PERSON
from .table.seats import SeatSpecError, parse_seats, seat_kinds
from .text.argparse_words import install as install_argparse_words
from .text.argparse_words import whole_number
from .text.i18n import LANGUAGES, N_, _, normalize_language, override_language, set_language
from .text.words import error_text


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        _fail(message)


def _fail(message: str) -> NoReturn:
    # Translators: the start of every error line of the command line ("ra-game: error: ...")
    _say(_("error: {message}").format(message=message))
    raise SystemExit(2)


def _say(message: str) -> None:
    """One line on stderr (a newline in a file name is shown as ``\\n``); a stderr that cannot
    be written (``2>/dev/full``) changes nothing else."""
    line = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
    try:
        print(f"ra-game: {line}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        try:
            sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - lives until the process ends
        except OSError:
            pass


class _Version(argparse.Action):
    """``--version``: the version, then which build of the engine and the AI runs (compiled or
    interpreted, and why)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> NoReturn:
        print(f"ra-game {__version__}\n{describe(BUILD)}", flush=True)
        parser.exit()


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("seed must be an integer, not {text}").format(text=repr(text))) from None


_workers = whole_number(1, N_("needs a whole number of processes, at least 1, not {text}"))
_milliseconds = whole_number(1, N_("needs a whole number of milliseconds, at least 1, not "
                                   "{text}"))


def _language(text: str) -> str:
    lang = normalize_language(text)
    if lang is None:
        raise argparse.ArgumentTypeError(
            _("unknown language {text}; use one of: {languages}").format(
                text=repr(text), languages=", ".join(LANGUAGES)))
    return lang


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ra-game", description=_("Ra, the auction board game for 2-5 players."))
    parser.add_argument("--version", action=_Version,
                        help=_("show program's version number and exit"))
    parser.add_argument("--lang", type=_language, default=None, metavar="CODE",
                        help=_("language for this run only: {languages} (default: the Settings "
                               "choice, else the system's)").format(
                                   languages=", ".join(LANGUAGES)))
    parser.add_argument("--exit-after-title", action="store_true",
                        help=_("open the window, draw the first title frame, print one JSON "
                               "line and quit (a smoke test of the window, art, fonts and "
                               "sound)"))
    parser.add_argument("--ai-workers", type=_workers, default=None, metavar="N",
                        help=_("processes for the AI's search in this session (default: the "
                               "Settings choice, else all cores but one)"))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help=_("play a game (headless among AI or random seats)"))
    play.add_argument("--headless", action="store_true", help=_("no window: print the final summary"))
    play.add_argument("--players", default=",".join([PERSON.code, *[DEFAULT_AI] * 3]),
                      help=_seats_help())
    play.add_argument("--seed", type=_seed, default=None, help=_seed_help())
    play.add_argument("--save-replay", metavar="FILE", help=_("write the game's replay here"))
    play.add_argument("--think-ms", type=_milliseconds, default=None,
                      help=_("the hard AI's budget per decision, in milliseconds"))
    play.add_argument("--ai-workers", type=_workers, default=argparse.SUPPRESS, metavar="N",
                      help=_("processes for the AI's search (default: all cores headless, "
                             "all but one in the window)"))

    _lang_option(play)

    replay = sub.add_parser("replay", help=_("replay a .ra.json file"))
    replay.add_argument("file", help=_("a .ra.json replay"))
    replay.add_argument("--summary", action="store_true", help=_("print the state summary JSON"))

    watch = sub.add_parser("watch", help=_("watch a .ra.json replay in the window"))
    watch.add_argument("file", help=_("a .ra.json replay"))

    demo = sub.add_parser("demo", help=_("watch AI seats play in the window"))
    demo.add_argument("--players", default=",".join([DEFAULT_AI] * 4),
                      help=_seats_help())
    demo.add_argument("--seed", type=_seed, default=None, help=_seed_help())
    demo.add_argument("--speed", choices=["normal", "fast", "max"], default="normal",
                      help=_("how fast the moves are shown"))
    demo.add_argument("--exit-on-end", action="store_true",
                      help=_("quit after the final results and print the summary JSON"))
    demo.add_argument("--ai-workers", type=_workers, default=argparse.SUPPRESS, metavar="N",
                      help=_("processes for the AI's search (default: all cores but one)"))
    _lang_option(demo)
    from .net.commands import add_commands

    add_commands(sub, _seed)

    review = sub.add_parser("review", help=_("review one seat's decisions in a .ra.json replay"))
    review.add_argument("file", help=_("a .ra.json replay"))
    review.add_argument("--seat", type=_seat_or_all, required=True, metavar="N",
                        help=_("the seat to review, counted from 0 as in the replay's players "
                               "(0 is the first player), or all: the whole game"))
    review.add_argument("--json", action="store_true",
                        help=_("print one JSON object: seat, decisions, mistakes, seconds"))
    review.add_argument("--ai-workers", type=_workers, default=argparse.SUPPRESS, metavar="K",
                        help=_("processes for the review's search (default: all cores)"))
    _lang_option(review)
    return parser


def _seats_help() -> str:
    return _("comma list of seats: {kinds}").format(kinds=", ".join(seat_kinds()))


def _seed_help() -> str:
    return _("integer seed for the bag and suns")


def _seat(text: str) -> int:
    """An argument type: a seat number, counted from 0."""
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(
            _("needs a seat number from 0, not {text}").format(text=repr(text)))
    return int(text)


def _seat_or_all(text: str) -> int | None:
    """An argument type: a seat number, or ``all`` (None: every seat)."""
    return None if text == "all" else _seat(text)


def _lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang`` after a command too (``ra-game play --lang tr``); the top level's otherwise."""
    parser.add_argument("--lang", type=_language, default=argparse.SUPPRESS, metavar="CODE",
                        help=_("language for this run only: {languages}").format(
                            languages=", ".join(LANGUAGES)))


def _quiet_stdout() -> None:
    """Point stdout at the null device so interpreter shutdown does not trip over it again."""
    try:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives until the process ends
    except OSError:
        pass


def emit_line(text: str) -> int:
    """Print one line on stdout; the exit status: 0 (also when the reader closed the pipe
    early, which is not an error), or 2 with one line on stderr when the output cannot be
    written (a full disk, ``> /dev/full``)."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        _quiet_stdout()
    except OSError as exc:
        _quiet_stdout()
        print(f"ra-game: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


def _print_json(data: object) -> int:
    """Print one JSON line (see :func:`emit_line`)."""
    return emit_line(json.dumps(data))


def cmd_play(args: argparse.Namespace) -> int:
    try:
        seats = parse_seats(args.players, allow_human=not args.headless)
    except SeatSpecError as exc:
        _fail(str(exc))
    if not args.headless:
        from .app import run_app

        return run_app(players=seats, seed=args.seed, ai_workers=args.ai_workers)
    from .ai import workers
    from .table.headless import play_headless, terminal

    if args.save_replay is not None:
        from .files.replays import check_replay_target

        try:  # before the game, so a bad target costs no time and is never replaced
            check_replay_target(args.save_replay)
        except RaError as exc:
            _fail(error_text(exc))
    count = args.ai_workers or workers.default_workers(window=False)
    pool = workers.Workers(count if count > 1 else 0, window=False)
    try:
        state, doc = play_headless(seats, args.seed, think_ms=args.think_ms, workers=pool,
                                   progress=terminal(sys.stderr))
    finally:
        pool.close()
    if args.save_replay is not None:
        from .files.replays import save_replay

        try:
            save_replay(args.save_replay, doc)
        except RaError as exc:
            _fail(error_text(exc))
        except OSError as exc:
            _fail(f"cannot write {args.save_replay}: {exc.strerror or exc}")
    return _print_json(state.summary())


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        replay = load_replay(args.file)
        state = replay.play()
    except RaError as exc:
        _fail(error_text(exc))
    if args.summary:
        return _print_json(state.summary())
    return emit_line(f"{args.file}: {len(replay.moves)} moves replayed; "
                     f"{'game over' if state.over else 'game in progress'}")


def cmd_watch(args: argparse.Namespace) -> int:
    """Open the window on the replay viewer; a file that cannot be watched is one line, exit 2."""
    from .files.replays import name_problem

    try:
        replay = load_replay(args.file)
        replay.play()
        name_problem(replay)  # as the replay list checks them
    except RaError as exc:
        _fail(error_text(exc))
    from .app import run_app

    return run_app(watch=(replay, os.path.basename(args.file)))


def cmd_demo(args: argparse.Namespace) -> int:
    try:
        seats = parse_seats(args.players, allow_human=False)
    except SeatSpecError as exc:
        _fail(str(exc))
    from .app import run_demo

    return run_demo(players=seats, seed=args.seed, speed=args.speed, exit_on_end=args.exit_on_end,
                    ai_workers=args.ai_workers)


def cmd_net(args: argparse.Namespace) -> int:
    """``server``, ``room`` and ``client`` (:mod:`ra_game.net.commands`)."""
    from .net.commands import CommandError, run

    try:
        return run(args, emit_line)
    except CommandError as exc:
        _fail(str(exc))


def cmd_review(args: argparse.Namespace) -> int:
    """Review one seat of a replay file: readable lines, or one JSON object with ``--json``."""
    from .review import review_game
    from .review.game import GameReview, game_lines, seat_and_game_json
    from .review.game_job import review_whole_game

    try:
        replay = load_replay(args.file)
        replay.play()
        if args.seat is None:
            game = review_whole_game(replay, args.ai_workers)
        else:
            game = GameReview.of(replay, {args.seat: review_game(replay, args.seat,
                                                                args.ai_workers, most=None)})
    except RaError as exc:
        _fail(error_text(exc))
    if args.json:
        return _print_json(game.to_json() if args.seat is None else
                           seat_and_game_json(game, args.seat))
    return emit_line("\n".join(game_lines(game, args.seat)))


def early_language(words: Sequence[str]) -> str | None:
    """The language a ``--lang CODE`` (or ``--lang=CODE``) anywhere in ``words`` names, read
    before parsing; None when there is none or it names no language (the parser then says so)."""
    for index, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(words):
            return normalize_language(words[index + 1])
        if word.startswith("--lang="):
            return normalize_language(word.partition("=")[2])
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ra-game`` script."""
    multiprocessing.freeze_support()  # first: a frozen program's AI workers start here
    words = sys.argv[1:] if argv is None else list(argv)
    early = early_language(words)
    if early:  # before the parser: its help and its errors are then in this language
        set_language(early)
    install_argparse_words()
    args = build_parser().parse_args(words)
    override_language(args.lang)
    if args.lang:
        set_language(args.lang)
    cores = os.cpu_count() or 1
    if (args.ai_workers or 0) > cores:
        _say(_("warning: --ai-workers {asked} is more than the {cores} cores of this computer; "
               "{cores} are used.").format(asked=args.ai_workers, cores=cores))
        args.ai_workers = cores
    if args.command == "play":
        return cmd_play(args)
    if args.command == "replay":
        return cmd_replay(args)
    if args.command == "demo":
        return cmd_demo(args)
    if args.command == "watch":
        return cmd_watch(args)
    if args.command in ("server", "room", "client"):
        return cmd_net(args)
    if args.command == "review":
        return cmd_review(args)
    if args.exit_after_title:
        from .app import run_title_check

        return run_title_check()
    from .app import run_app

    return run_app(ai_workers=args.ai_workers)


if __name__ == "__main__":
    raise SystemExit(main())
