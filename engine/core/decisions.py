"""Pending decisions and events: the data the engine hands to any front end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic

from .records import A
from .shapes import Shape

SINGLE = "single"  # one active player
PARALLEL = "parallel"  # several players, any order (Mayor layout, Vatican report)
CHAIN = "chain"  # out-of-turn reactions offered one seat after another (Lisboa follow)


@dataclass(frozen=True)
class Decision(Generic[A]):
    """Who must decide what, right now.

    ``kind`` names the question (``role``, ``settle``, ``mayor_layout``...);
    ``options`` are the legal actions; ``default`` is taken when a deadline
    passes, or ``None`` when the decision may not default; ``mode`` is one of
    :data:`SINGLE`, :data:`PARALLEL`, :data:`CHAIN`; ``prompt`` is a short
    question for people; ``shape`` is the decision's :mod:`~engine.core.shapes` shape (its options
    with labels for people, whether they are secret, its pass option). A game may leave it out:
    :func:`engine.core.play.pending` then fills in a :class:`~engine.core.shapes.ChooseOne` of the
    canonical texts.
    """

    kind: str
    player: int
    options: tuple[A, ...]
    default: A | None
    mode: str = SINGLE
    prompt: str = ""
    shape: Shape | None = None


@dataclass(frozen=True)
class EventText:
    """An event as sentences: one for everybody, optionally one for a single player."""

    public: str | None
    private: str | None = None
    player: int | None = None
