"""A small seeded generator whose whole state is one integer kept in the game state.

SplitMix64: fast in pure Python, JSON-able (one int), identical on every platform,
so a game replays byte for byte from its seed and action log.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from .records import Seeded

_MASK = (1 << 64) - 1
T = TypeVar("T")
#: A state holding ``"rng"`` (a game's own state TypedDict inherits :class:`Seeded`).
Generator = Seeded


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return seed & _MASK


def next_u64(state: Generator) -> int:
    """Advance ``state['rng']`` and return 64 random bits."""
    z = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = z
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(state: Generator, n: int) -> int:
    """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = next_u64(state)
        if r < limit:
            return r % n


def shuffle(state: Generator, items: MutableSequence[T]) -> None:
    """Fisher-Yates shuffle of ``items`` in place, driven by ``state['rng']``."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
