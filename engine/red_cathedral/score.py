"""The score track: one marker per player holds both scores (teaching script §得点トラック).

Recognition (RP) moves the marker one space per point; Prestige (PP) is the number of prestige
spaces at or behind it. The prestige spaces of one lap come from the pack (``track`` ends on the
lap's last space); laps repeat, so a position is any integer >= 0.

>>> LAP = (5, 9, 12, 14, 15, 16)  # a toy lap of 16 spaces holding 6 prestige spaces
>>> pp_at(LAP, 4), pp_at(LAP, 5), pp_at(LAP, 16), pp_at(LAP, 21)
(0, 1, 6, 7)
>>> next_prestige(LAP, 2), next_prestige(LAP, 5), next_prestige(LAP, 16)
(5, 9, 21)
>>> prev_prestige(LAP, 9), prev_prestige(LAP, 5), round_down(LAP, 11)
(5, None, 9)
"""

from __future__ import annotations

from bisect import bisect_right


def _lap(lap: tuple[int, ...]) -> int:
    return lap[-1]


def pp_at(lap: tuple[int, ...], pos: int) -> int:
    """Prestige points of a marker on ``pos``: the prestige spaces at or behind it."""
    turns, rest = divmod(pos, _lap(lap))
    return turns * len(lap) + bisect_right(lap, rest)


def prestige_space(lap: tuple[int, ...], n: int) -> int:
    """The track position of the ``n``-th prestige space (``n`` >= 1)."""
    turns, index = divmod(n - 1, len(lap))
    return turns * _lap(lap) + lap[index]


def next_prestige(lap: tuple[int, ...], pos: int) -> int:
    """The nearest prestige space strictly ahead of ``pos``."""
    return prestige_space(lap, pp_at(lap, pos) + 1)


def prev_prestige(lap: tuple[int, ...], pos: int) -> int | None:
    """The nearest prestige space strictly behind ``pos``; ``None`` when there is none."""
    behind = pp_at(lap, pos - 1) if pos > 0 else 0
    return prestige_space(lap, behind) if behind else None


def behind(lap: tuple[int, ...], pos: int) -> int:
    """How many prestige spaces lie strictly behind ``pos`` (what may be given up)."""
    return pp_at(lap, pos - 1) if pos > 0 else 0


def round_down(lap: tuple[int, ...], pos: int) -> int:
    """The nearest prestige space at or behind ``pos`` (0 when there is none): final scoring's step 1."""
    n = pp_at(lap, pos)
    return prestige_space(lap, n) if n else 0


def gain_pp(lap: tuple[int, ...], pos: int, k: int) -> int:
    """The position after gaining ``k`` prestige: ``k`` jumps to the next prestige space ahead."""
    for _ in range(k):
        pos = next_prestige(lap, pos)
    return pos


def lose_pp(lap: tuple[int, ...], pos: int, k: int) -> int:
    """The position after giving up ``k`` prestige (each step back to the previous prestige space)."""
    for _ in range(k):
        back = prev_prestige(lap, pos)
        if back is None:
            raise ValueError("no prestige space behind the marker")
        pos = back
    return pos


__all__ = ["behind", "gain_pp", "lose_pp", "next_prestige", "pp_at", "prestige_space", "prev_prestige", "round_down"]
