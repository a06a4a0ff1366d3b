"""Synthesise the Ra edition's original theme into ``assets/sounds/theme.wav``.

A quiet loop of four slow bars: a drone on D and A, a soft frame drum, and a ney-like flute
singing a phrase in D hijaz (phrygian dominant: D Eb F# G A Bb C), the mode that suggests the old
Nile to most ears.  Standard library only, written as 16-bit mono 22.05 kHz WAV (pygame reads WAV
everywhere; it cannot write OGG).  Running it again writes identical bytes.

The loop has no seam: the drone's frequencies are tuned to whole cycles over the loop, and every
note or drum stroke that rings past the end is mixed back in at the start, so the last sample
leads into the first as any two neighbours do.

    python3 tools/make_music.py [--out FILE]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: tools.x
from tools.make_sounds import write_wav

RATE = 22050
BEAT = 0.9  # seconds: 66.7 beats a minute
BARS = 4
LENGTH = int(BARS * 4 * BEAT * RATE)  # samples in the loop
PEAK = 0.24  # the effects peak at 0.45 to 0.9, their RMS is 0.1 or more
ROOT = Path(__file__).resolve().parent.parent
D4 = 293.66

#: The phrase: (semitones above D4, beats); None is a rest.  Four bars of four beats.
PHRASE: list[tuple[int | None, float]] = [
    (7, 2.0), (8, 1.0), (7, 1.0),  # A  Bb A
    (5, 1.5), (4, 0.5), (5, 2.0),  # G  F# G
    (4, 1.0), (1, 1.0), (4, 1.0), (5, 1.0),  # F# Eb F# G
    (1, 1.0), (0, 2.5), (None, 0.5),  # Eb D (long), breath
]
#: Frame drum strokes: (beat in the loop, low "dum" or high "tek").
DRUM = [(b * 4 + off, kind) for b in range(BARS)
        for off, kind in ((0.0, "dum"), (2.5, "tek"), (3.0, "dum"))]


def looped_add(dst: list[float], src: list[float], start: int, gain: float = 1.0) -> None:
    """Mix ``src`` into the circular buffer ``dst`` from ``start``; what overruns the end wraps
    to the beginning (this is what makes the loop seamless)."""
    n = len(dst)
    for i, v in enumerate(src):
        dst[(start + i) % n] += v * gain


def whole_cycles(freq: float) -> float:
    """The nearest frequency that fits a whole number of cycles into the loop."""
    cycles = max(1, round(freq * LENGTH / RATE))
    return cycles * RATE / LENGTH


def drone() -> list[float]:
    """D2 and A2 with a few soft harmonics, breathing slowly (two swells per loop)."""
    voices = [(whole_cycles(73.42 * h), 0.5 / h) for h in (1, 2, 3)]
    voices += [(whole_cycles(110.0 * h), 0.3 / h) for h in (1, 2)]
    out = []
    for i in range(LENGTH):
        t = i / RATE
        swell = 0.8 + 0.2 * math.cos(2 * math.pi * 2 * i / LENGTH)
        out.append(swell * sum(a * math.sin(2 * math.pi * f * t) for f, a in voices))
    return out


def ney(freq: float, seconds: float, rng: random.Random) -> list[float]:
    """A breathy flute note: a slow attack, vibrato that grows in, a little air, a soft end."""
    n = int((seconds + 0.6) * RATE)  # the tail rings on after the written length
    out = []
    phase = 0.0
    air = 0.0
    for i in range(n):
        t = i / RATE
        vibrato = 1 + 0.004 * min(1.0, t / 0.6) * math.sin(2 * math.pi * 5.0 * t)
        phase += 2 * math.pi * freq * vibrato / RATE
        env = min(1.0, t / 0.15) * (1.0 if t < seconds else math.exp(-(t - seconds) / 0.15))
        air += 0.08 * (rng.uniform(-1, 1) - air)
        tone = math.sin(phase) + 0.18 * math.sin(2 * phase) + 0.06 * math.sin(3 * phase)
        out.append(env * (tone + 0.5 * air))
    return out


def drum(kind: str, rng: random.Random) -> list[float]:
    """A soft frame drum: a low falling "dum" or a short, higher "tek"."""
    low = kind == "dum"
    freq, decay, seconds = (95.0, 0.22, 0.8) if low else (330.0, 0.05, 0.25)
    out = []
    phase = 0.0
    hiss = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        phase += 2 * math.pi * freq * (1 - 0.3 * t / seconds) / RATE
        hiss += 0.3 * (rng.uniform(-1, 1) - hiss)
        out.append(min(1.0, t / 0.003) * math.exp(-t / decay)
                   * (math.sin(phase) + (0.1 if low else 0.4) * hiss))
    return out


def theme() -> list[float]:
    """The whole loop, normalised to :data:`PEAK`."""
    rng = random.Random(51)
    mix = [0.0] * LENGTH
    looped_add(mix, drone(), 0, gain=0.35)
    beat = 0.0
    for step, beats in PHRASE:
        if step is not None:
            freq = D4 * 2 ** (step / 12)
            looped_add(mix, ney(freq, beats * BEAT * 0.95, rng), int(beat * BEAT * RATE), 0.5)
        beat += beats
    for at, kind in DRUM:
        looped_add(mix, drum(kind, rng), int(at * BEAT * RATE), 0.35 if kind == "dum" else 0.12)
    top = max(abs(v) for v in mix) or 1.0
    return [v / top * PEAK for v in mix]


def main(argv: list[str] | None = None) -> int:
    """Write the theme to ``--out`` (default: the repository's ``assets/sounds/theme.wav``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds" / "theme.wav")
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    assert sum(beats for _step, beats in PHRASE) == BARS * 4, "the phrase fills the bars"
    write_wav(args.out, theme(), RATE)
    print(f"wrote {LENGTH / RATE:.1f} s of theme to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
