"""Synthesise the original sound effects of the Ra edition into ``assets/sounds/``.

Standard library only: every effect is a sum of enveloped sines and filtered noise, written as
16-bit mono 44.1 kHz WAV. Noise uses ``random.Random`` with fixed seeds, so running the script
again writes identical files.

    python3 tools/make_sounds.py [--out DIR]
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

RATE = 44100
ROOT = Path(__file__).resolve().parent.parent
Signal = list[float]


def silence(seconds: float) -> Signal:
    """A buffer of zeros ``seconds`` long."""
    return [0.0] * int(seconds * RATE)


def add(dst: Signal, src: Signal, at: float = 0.0, gain: float = 1.0) -> None:
    """Mix ``src`` into ``dst`` starting at ``at`` seconds (clipped to ``dst``)."""
    start = int(at * RATE)
    for i, v in enumerate(src[: max(0, len(dst) - start)]):
        dst[start + i] += v * gain


def tone(freq: float, seconds: float, decay: float, attack: float = 0.004,
         glide: float = 0.0) -> Signal:
    """A sine with a short linear attack and exponential decay (``decay`` = time constant, s).

    ``glide`` bends the pitch by that fraction over the sound (negative: downwards).
    """
    out = []
    phase = 0.0
    n = int(seconds * RATE)
    for i in range(n):
        t = i / RATE
        f = freq * (1 + glide * t / seconds)
        phase += 2 * math.pi * f / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(math.sin(phase) * env)
    return out


def partials(freq: float, seconds: float, spec: list[tuple[float, float, float]],
             attack: float = 0.004) -> Signal:
    """Sum of partials ``(ratio, amplitude, decay)`` over a base frequency."""
    out = silence(seconds)
    for ratio, amp, decay in spec:
        add(out, tone(freq * ratio, seconds, decay, attack), gain=amp)
    return out


def noise(rng: random.Random, seconds: float, cutoff: float, decay: float,
          attack: float = 0.002) -> Signal:
    """White noise through a one-pole low-pass at ``cutoff`` Hz, enveloped."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        y += a * (rng.uniform(-1, 1) - y)
        out.append(y * min(1.0, t / attack) * math.exp(-t / decay))
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    """A one-pole high-pass filter."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    low = 0.0
    out = []
    for v in sig:
        low += a * (v - low)
        out.append(v - low)
    return out


def finish(sig: Signal, peak: float = 0.8, fade: float = 0.01) -> Signal:
    """Normalise to ``peak`` and fade the last ``fade`` seconds out (no click at the end)."""
    top = max(abs(v) for v in sig) or 1.0
    n = len(sig)
    k = int(fade * RATE)
    out = []
    for i, v in enumerate(sig):
        g = min(1.0, (n - i) / k) if k else 1.0
        out.append(v / top * peak * g)
    return out


# The effects -------------------------------------------------------------------------------
def snd_draw(rng: random.Random) -> Signal:
    """A tile lifted and clacked down: a woody knock."""
    out = silence(0.16)
    add(out, partials(620, 0.16, [(1, 1.0, 0.025), (2.7, 0.5, 0.012), (4.1, 0.25, 0.008)]))
    add(out, highpass(noise(rng, 0.05, 5000, 0.008), 800), gain=0.9)
    return finish(out, 0.75)


def snd_click(rng: random.Random) -> Signal:
    """A button press: a short soft click."""
    out = silence(0.07)
    add(out, tone(1400, 0.07, 0.012), gain=0.6)
    add(out, highpass(noise(rng, 0.03, 6000, 0.004), 1500), gain=0.5)
    return finish(out, 0.5)


def snd_ra(rng: random.Random) -> Signal:
    """Ra is called: a gong with inharmonic partials and a slow swell."""
    out = silence(1.1)
    spec = [(1.0, 1.0, 0.9), (1.52, 0.55, 0.6), (2.03, 0.45, 0.5), (2.74, 0.35, 0.35),
            (3.41, 0.25, 0.25), (4.47, 0.15, 0.18)]
    for ratio, amp, decay in spec:
        add(out, tone(98 * ratio, 1.1, decay, attack=0.012, glide=-0.02), gain=amp)
    add(out, noise(rng, 0.3, 1800, 0.06), gain=0.4)
    return finish(out, 0.85, fade=0.15)


def snd_bid(rng: random.Random) -> Signal:
    """A sun is bid: two bright coin-like chimes."""
    out = silence(0.5)
    coin = partials(1760, 0.42, [(1, 1.0, 0.12), (1.5, 0.5, 0.08), (2.41, 0.35, 0.05),
                                 (3.3, 0.2, 0.03)], attack=0.002)
    add(out, coin)
    add(out, coin, at=0.07, gain=0.6)
    add(out, highpass(noise(rng, 0.02, 8000, 0.004), 3000), gain=0.3)
    return finish(out, 0.7, fade=0.05)


def snd_pass(rng: random.Random) -> Signal:
    """A player passes: a soft, low tick."""
    out = silence(0.1)
    add(out, tone(440, 0.1, 0.02, glide=-0.3))
    add(out, noise(rng, 0.03, 2000, 0.006), gain=0.3)
    return finish(out, 0.45)


def snd_score(rng: random.Random) -> Signal:
    """One point counted: a very short high tick."""
    out = silence(0.05)
    add(out, tone(2500, 0.05, 0.008, attack=0.001))
    add(out, highpass(noise(rng, 0.02, 9000, 0.003), 4000), gain=0.3)
    return finish(out, 0.5, fade=0.005)


def bell(freq: float, seconds: float, decay: float) -> Signal:
    """A bell-like note used by the melodic effects."""
    return partials(freq, seconds, [(1, 1.0, decay), (2, 0.35, decay * 0.5),
                                    (3.01, 0.15, decay * 0.3), (4.2, 0.08, decay * 0.2)])


def snd_win(rng: random.Random) -> Signal:
    """An auction is won: a rising arpeggio (C E G C)."""
    out = silence(1.1)
    for i, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        add(out, bell(f, 1.1 - i * 0.12, 0.5 if i == 3 else 0.25), at=i * 0.12, gain=0.7)
    return finish(out, 0.75, fade=0.1)


def snd_god(rng: random.Random) -> Signal:
    """God tiles are spent: a shimmering rising glissando."""
    out = silence(0.8)
    for j, base in enumerate((880.0, 1318.5)):
        sig = []
        phase = 0.0
        n = int(0.8 * RATE)
        for i in range(n):
            t = i / RATE
            f = base * (1 + 0.5 * t / 0.8) * (1 + 0.006 * math.sin(2 * math.pi * 7 * t))
            phase += 2 * math.pi * f / RATE
            env = math.sin(math.pi * t / 0.8) ** 2
            sig.append(math.sin(phase) * env)
        add(out, sig, gain=1.0 if j == 0 else 0.5)
    return finish(out, 0.6, fade=0.05)


def snd_disaster(rng: random.Random) -> Signal:
    """A disaster strikes: a low rumble with a falling tone."""
    seconds = 1.1
    out = silence(seconds)
    rumble = noise(rng, seconds, 140, 0.5, attack=0.06)
    add(out, rumble, gain=3.0)
    n = int(seconds * RATE)
    phase = 0.0
    low = []
    for i in range(n):
        t = i / RATE
        f = 70 - 30 * t / seconds
        phase += 2 * math.pi * f / RATE
        trem = 0.75 + 0.25 * math.sin(2 * math.pi * 9 * t)
        low.append(math.sin(phase) * trem * min(1.0, t / 0.05) * math.exp(-t / 0.5))
    add(out, low, gain=0.8)
    return finish(out, 0.9, fade=0.2)


def brass(freq: float, seconds: float) -> Signal:
    """A brassy note: odd and even harmonics with a swelling attack."""
    out = []
    n = int(seconds * RATE)
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / 0.03) * (1 - 0.3 * t / seconds) * min(1.0, (seconds - t) / 0.04)
        v = sum(math.sin(2 * math.pi * freq * h * t) / h ** 1.3 for h in range(1, 7))
        out.append(v * env)
    return out


def snd_epoch(rng: random.Random) -> Signal:
    """An epoch ends: a short fanfare (G G C E)."""
    out = silence(1.1)
    notes = ((392.0, 0.0, 0.14), (392.0, 0.16, 0.14), (523.25, 0.32, 0.22), (659.25, 0.56, 0.52))
    for f, at, length in notes:
        add(out, brass(f, length), at=at, gain=0.6)
        add(out, brass(f * 1.5, length), at=at, gain=0.15)
    return finish(out, 0.8, fade=0.08)


def snd_fanfare(rng: random.Random) -> Signal:
    """The game is won: a rising brass call ending on a full chord."""
    out = silence(1.15)
    for f, at, length in ((392.0, 0.0, 0.12), (523.25, 0.13, 0.12), (659.25, 0.26, 0.12)):
        add(out, brass(f, length), at=at, gain=0.6)
    for f in (523.25, 659.25, 783.99, 1046.5):
        add(out, brass(f, 0.75), at=0.4, gain=0.35)
    add(out, bell(1046.5, 0.75, 0.3), at=0.4, gain=0.3)
    return finish(out, 0.8, fade=0.1)


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "draw": snd_draw, "click": snd_click, "ra": snd_ra, "bid": snd_bid, "pass": snd_pass,
    "score": snd_score, "win": snd_win, "god": snd_god, "disaster": snd_disaster,
    "epoch": snd_epoch, "fanfare": snd_fanfare,
}


def write_wav(path: Path, sig: Signal, rate: int = RATE) -> None:
    """Write 16-bit mono PCM (44.1 kHz unless told)."""
    frames = struct.pack(f"<{len(sig)}h", *(max(-32767, min(32767, round(v * 32767)))
                                             for v in sig))
    with wave.open(str(path), "wb") as wf:
        wf.setnchannels(1)
        wf.setsampwidth(2)
        wf.setframerate(rate)
        wf.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    """Write every effect below ``--out`` (default: the repository's ``assets/sounds``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(args.out / f"{name}.wav", make(random.Random(zlib.crc32(name.encode()))))
    print(f"wrote {len(SOUNDS)} sounds to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
