"""A finished game's typed result: every seat's total, breakdown, rank and tie-break values.

Each game turns the result it keeps in its state into an :class:`Outcome` (``Game.outcome``), so
front ends read one shape whatever the game. Outcomes are plain JSON through
:meth:`Outcome.to_dict` and :meth:`Outcome.from_dict`.

>>> ann = SeatResult(0, "Ann", 26, 1, {"vp chips": 14, "buildings": 12}, {"goods": 5}, winner=True)
>>> bob = SeatResult(1, "Bob", 26, 1, {"vp chips": 10, "buildings": 16}, {"goods": 5}, winner=True)
>>> cy = SeatResult(2, "Cy", 3, 3, {"vp chips": 1, "buildings": 2}, {"goods": 0})
>>> outcome = Outcome((ann, bob, cy), "goods")
>>> outcome.winners, outcome.shared, outcome.seat(2).rank
((0, 1), True, 3)
>>> Outcome.from_dict(outcome.to_dict()) == outcome
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .json import JsonDict

Number = int | float


def _numbers(table: Mapping[str, Number], what: str) -> dict[str, Number]:
    """A fresh ordered copy of a label → number table, checked."""
    out: dict[str, Number] = {}
    for label, value in table.items():
        if not isinstance(label, str) or isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{what}: {label!r} → {value!r} is not a label and a number")
        out[label] = value
    return out


@dataclass(frozen=True)
class SeatResult:
    """One seat's final result.

    ``breakdown`` lists the parts of the total (label → number, in the game's order);
    ``tie_break`` the values that order equal totals (label → number, most important first);
    ``rank`` is 1 for the best place, shared places share a rank and skip the next ones (1, 1, 3).
    """

    seat: int
    name: str
    total: Number
    rank: int
    breakdown: Mapping[str, Number] = field(default_factory=dict)
    tie_break: Mapping[str, Number] = field(default_factory=dict)
    winner: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or self.seat < 0:
            raise ValueError(f"seat {self.seat!r} is not a seat number")
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or self.rank < 1:
            raise ValueError(f"seat {self.seat}: rank {self.rank!r} is not 1 or more")
        if isinstance(self.total, bool) or not isinstance(self.total, int | float):
            raise ValueError(f"seat {self.seat}: total {self.total!r} is not a number")
        object.__setattr__(self, "breakdown", _numbers(self.breakdown, f"seat {self.seat} breakdown"))
        object.__setattr__(self, "tie_break", _numbers(self.tie_break, f"seat {self.seat} tie-break"))

    def __hash__(self) -> int:
        return hash(
            (
                self.seat,
                self.name,
                self.total,
                self.rank,
                tuple(self.breakdown.items()),
                tuple(self.tie_break.items()),
                self.winner,
            )
        )

    def to_dict(self) -> JsonDict:
        """Plain JSON; the tables keep their order."""
        return {
            "seat": self.seat,
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "breakdown": dict(self.breakdown),
            "tie_break": dict(self.tie_break),
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatResult:
        """The inverse of :meth:`to_dict`; :class:`ValueError` for anything else."""
        try:
            return cls(
                data["seat"],
                str(data["name"]),
                data["total"],
                data["rank"],
                dict(data["breakdown"]),
                dict(data["tie_break"]),
                bool(data["winner"]),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a seat result: {data!r}") from exc


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``results`` best first (a shared place in the game's order) and a short
    description of the tie-break (``""`` when the game gives none)."""

    results: tuple[SeatResult, ...]
    tie_break: str = ""

    def __post_init__(self) -> None:
        results = tuple(self.results)
        object.__setattr__(self, "results", results)
        if not results:
            raise ValueError("an outcome needs at least one seat")
        seats = [r.seat for r in results]
        if len(set(seats)) != len(seats):
            raise ValueError(f"seats repeat: {seats}")
        for place, now in enumerate(results, start=1):
            if now.rank != place and (place == 1 or now.rank != results[place - 2].rank):
                raise ValueError(f"seat {now.seat}: rank {now.rank} in place {place} (ranks go 1, 1, 3...)")

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats, best first (several for a shared win, none if nobody won)."""
        return tuple(r.seat for r in self.results if r.winner)

    @property
    def shared(self) -> bool:
        """True when several seats share the win."""
        return len(self.winners) > 1

    def seat(self, seat: int) -> SeatResult:
        """The result of ``seat``; :class:`KeyError` if it did not play."""
        for result in self.results:
            if result.seat == seat:
                return result
        raise KeyError(seat)

    def to_dict(self) -> JsonDict:
        """Plain JSON: ``{"results": [seat result, ...] best first, "tie_break": text}``."""
        return {"results": [r.to_dict() for r in self.results], "tie_break": self.tie_break}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """The inverse of :meth:`to_dict`; :class:`ValueError` for anything else."""
        rows = data.get("results") if isinstance(data, Mapping) else None
        if not isinstance(rows, list) or not all(isinstance(r, Mapping) for r in rows):
            raise ValueError(f"not an outcome: {data!r}")
        return cls(tuple(SeatResult.from_dict(r) for r in rows), str(data.get("tie_break") or ""))


def place_ranks(places: Iterable[Sequence[int]]) -> dict[int, int]:
    """Seat → rank for seats grouped by place, best first; a shared place skips the next ranks.

    >>> place_ranks([[2], [0, 1], [3]])
    {2: 1, 0: 2, 1: 2, 3: 4}
    """
    ranks: dict[int, int] = {}
    for group in places:
        rank = len(ranks) + 1
        ranks.update((seat, rank) for seat in group)
    return ranks
