"""Writes ``static/sounds/turn.wav``, the chime a player hears when his turn comes
(``static/js/turn-alerts.js``): two soft notes, a fifth apart, 0.36 s in all, 16-bit mono.

    .venv/bin/python scripts/make_turn_sound.py
"""

import math
import struct
import wave
from pathlib import Path

RATE = 22_050
NOTES = ((659.25, 0.0, 0.22), (987.77, 0.12, 0.24))  # E5 then B5: (hertz, start s, length s)
LENGTH = 0.36
VOLUME = 0.35
TARGET = Path(__file__).resolve().parents[1] / "static" / "sounds" / "turn.wav"


def sample(t: float) -> float:
    """The chime at ``t`` seconds: each note starts at once and fades out exponentially."""
    value = 0.0
    for hertz, start, length in NOTES:
        if start <= t < start + length:
            age = t - start
            attack = min(1.0, age / 0.005)
            value += attack * math.exp(-age * 12) * math.sin(2 * math.pi * hertz * age)
    return value * VOLUME


def main() -> None:
    frames = b"".join(
        struct.pack("<h", round(32767 * max(-1.0, min(1.0, sample(n / RATE)))))
        for n in range(round(LENGTH * RATE))
    )
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(TARGET), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


if __name__ == "__main__":
    main()
