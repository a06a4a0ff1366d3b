"""The generated theme: small 22 kHz mono WAV, quieter than every effect, looping without a seam,
and the committed file is the generator's current output."""

from __future__ import annotations

import importlib.util
import math
import wave
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "assets" / "sounds"
THEME = SOUNDS / "theme.wav"


def samples(path: Path) -> list[float]:
    with wave.open(str(path), "rb") as wf:
        assert (wf.getnchannels(), wf.getsampwidth()) == (1, 2)
        data = wf.readframes(wf.getnframes())
    return [s / 32767 for s in memoryview(data).cast("h")]


def peak_and_rms(signal: list[float]) -> tuple[float, float]:
    return max(map(abs, signal)), math.sqrt(sum(v * v for v in signal) / len(signal))


def seam_jump(signal: list[float]) -> float:
    """How far the loop point (last sample -> first) stands out from the signal's own motion:
    its step and its bend (second difference) over the 99.9th percentile of the file's."""
    n = len(signal)
    steps = sorted(abs(signal[i + 1] - signal[i]) for i in range(n - 1))
    bends = sorted(abs(signal[i + 1] - 2 * signal[i] + signal[i - 1]) for i in range(1, n - 1))
    step = abs(signal[0] - signal[-1])
    bend = abs(signal[0] - 2 * signal[-1] + signal[-2])
    top = int(0.999 * len(steps))
    return max(step / steps[top], bend / bends[top])


def test_the_theme_is_a_short_22khz_mono_wav_under_a_megabyte() -> None:
    assert THEME.stat().st_size < 1_000_000
    with wave.open(str(THEME), "rb") as wf:
        assert (wf.getnchannels(), wf.getsampwidth(), wf.getframerate()) == (1, 2, 22050)
        assert 8 <= wf.getnframes() / 22050 <= 22


def test_the_theme_is_quieter_than_every_effect() -> None:
    peak, rms = peak_and_rms(samples(THEME))
    for effect in sorted(SOUNDS.glob("*.wav")):
        if effect != THEME:
            effect_peak, effect_rms = peak_and_rms(samples(effect))
            assert peak < effect_peak and rms < effect_rms, effect.name
    assert rms > 0.02, "still audible"


def test_the_loop_point_has_no_discontinuity() -> None:
    theme = samples(THEME)
    assert seam_jump(theme) < 1.0
    cut = theme[: len(theme) - 1234]  # a loop cut anywhere else clicks: the check can fail
    assert seam_jump(cut) > 1.0


@pytest.mark.slow
def test_committed_theme_matches_the_generator(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("_tool_make_music", ROOT / "tools" /
                                                  "make_music.py")
    assert spec is not None and spec.loader is not None
    make_music: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_music)
    assert make_music.main(["--out", str(tmp_path / "theme.wav")]) == 0
    assert (tmp_path / "theme.wav").read_bytes() == THEME.read_bytes()
