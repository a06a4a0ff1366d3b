"""The command line in the language of ``--lang``: help and argparse's errors (its own words
"usage:", "options", "error:" included) are built after the language is set, and ``review``
prints the translated error."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ra_game.cli import early_language, main
from ra_game.text import i18n

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "fixtures" / "golden_3p_full.ra.json"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _main_exit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out, err


def test_room_help_is_turkish_with_argparses_own_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main_exit(capsys, "--lang", "tr", "room", "--help")
    assert code == 0 and err == ""
    assert out.startswith("kullanım: ra-game room")
    assert "seçenekler:" in out and "bu yardım iletisini göster ve çık" in out
    assert "ws://HOST:PORT" in out and "the server's address" not in out
    assert "usage" not in out and "show this help" not in out and "options:" not in out


def test_a_bad_seat_in_a_spanish_review_is_one_spanish_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main_exit(capsys, "--lang", "es", "review", str(GOLDEN), "--seat", "9")
    assert (code, out) == (2, "")
    assert err == "ra-game: error: no hay asiento 9: esta partida tiene los asientos del 0 al 2\n"


@pytest.mark.parametrize(("lang", "line"), [
    ("tr", ("ra-game: hata: --port argümanı: port 0 ile 65535 arası bir tam sayıdır, "
           "'99999' değil\n")),
    ("pt", "ra-game: erro: argumento --port: "),
    ("en", ("ra-game: error: argument --port: a port is a whole number from 0 to 65535, "
           "not '99999'\n")),
])
def test_a_bad_port_is_said_in_the_chosen_language(capsys: pytest.CaptureFixture[str], lang: str,
                                                   line: str) -> None:
    code, out, err = _main_exit(capsys, "--lang", lang, "server", "--port", "99999")
    assert (code, out) == (2, "") and err.startswith(line) and err.count("\n") == 1


def test_missing_options_and_an_argparse_error_are_translated_after_the_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _main_exit(capsys, "room", "--lang", "es")
    assert code == 2
    assert err.startswith("ra-game: error: ") and "argumentos" in err and "--server" in err
    code, _out, err = _main_exit(capsys, "review", str(GOLDEN), "--seat", "x", "--lang=pt")
    assert code == 2
    assert err == ("ra-game: erro: argumento --seat: é preciso um número de lugar a partir de 0, "
                   "não 'x'\n")


def test_the_language_is_read_before_parsing_and_a_bad_one_is_left_to_the_parser(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert early_language(["--lang", "tr", "room"]) == "tr"
    assert early_language(["review", "f", "--lang=pt_BR.UTF-8"]) == "pt"
    assert early_language(["replay", "--", "--lang", "es"]) is None
    assert early_language(["--lang", "xx"]) is None
    code, _out, err = _main_exit(capsys, "--lang", "xx", "review", str(GOLDEN), "--seat", "0")
    assert code == 2 and "unknown language 'xx'" in err


def test_the_real_command_prints_turkish_help() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "ra_game", "--lang", "tr", "client", "--help"],
                          cwd=ROOT, env=env, check=False, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("kullanım: ra-game client")
    assert "Traceback" not in done.stderr


def test_a_replay_that_cannot_be_read_is_said_in_the_chosen_language(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.ra.json"
    bad.write_text("{", encoding="utf-8")
    code, _out, english = _main_exit(capsys, "replay", str(bad))
    assert code == 2 and english.startswith("ra-game: error: not a valid replay")
    code, _out, spanish = _main_exit(capsys, "--lang", "es", "replay", str(bad))
    assert code == 2 and spanish.startswith("ra-game: error: no es una repetición válida")


@pytest.mark.parametrize(("lang", "words"), [
    ("tr", ("bir oyun oyna (pencere olmadan", "bir .ra.json tekrarını pencerede izle")),
    ("es", ("jugar una partida (sin ventana", "ver una repetición .ra.json en la ventana")),
    ("pt", ("Rá, o jogo de tabuleiro de leilões", "assistir a lugares de IA jogando na janela")),
])
def test_the_top_level_help_is_in_the_chosen_language(capsys: pytest.CaptureFixture[str],
                                                      lang: str, words: tuple[str, ...]) -> None:
    code, out, _err = _main_exit(capsys, "--lang", lang, "--help")
    assert code == 0
    assert all(word in out for word in words), out
    assert "play a game" not in out and "watch a .ra.json" not in out


def test_a_bad_think_budget_is_said_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _main_exit(capsys, "--lang", "tr", "play", "--headless", "--think-ms", "0")
    assert code == 2
    assert err == ("ra-game: hata: --think-ms argümanı: milisaniye sayısı en az 1 olan bir tam "
                   "sayı olmalı, '0' değil\n")
