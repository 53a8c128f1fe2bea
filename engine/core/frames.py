"""Reaction frames: decisions owed by several players, kept as plain data in the state.

A frame is pushed on ``state['frames']`` when a step needs answers from a set of
seats. In ``parallel`` mode every unanswered seat is asked at once; in
``chain`` mode only the first unanswered seat is asked, so each one sees what the
earlier ones did (Lisboa's follow window, clockwise from the visitor's left).
The frame names the game's ``resume`` step, so nothing lives in a closure and a
restart in the middle of a window loses nothing.

A parallel frame *holds* its answers: the game applies them only once the last answer is in
(in its resume step), so until then a seat may take its answer back (:func:`withdraw_answer`,
offered to players as ``take back`` by :mod:`engine.core.play`) and is asked again. A chain
frame may apply each answer at once (the follow window); its answers cannot be taken back.
"""

from __future__ import annotations

from typing import cast

from .decisions import CHAIN, PARALLEL
from .records import FD, Frame, GameState


def push_frame(
    state: GameState[FD], kind: str, seats: list[int], mode: str, resume: str, data: FD | None = None
) -> Frame[FD]:
    """Open a frame asking ``seats`` (in that order) and return it (with a copy of ``data``)."""
    if mode not in (PARALLEL, CHAIN):
        raise ValueError(f"unknown frame mode {mode!r}")
    frame: Frame[FD] = {
        "kind": kind,
        "mode": mode,
        "seats": list(seats),
        "answers": {},
        "resume": resume,
        # no data: an empty one (a frame data type's keys are optional)
        "data": data.copy() if data else cast(FD, {}),
    }
    state.setdefault("frames", []).append(frame)
    return frame


def top_frame(state: GameState[FD]) -> Frame[FD] | None:
    frames = state.get("frames") or []
    return frames[-1] if frames else None


def waiting_seats(frame: Frame[FD]) -> list[int]:
    """Seats asked now: all unanswered (parallel) or the first unanswered (chain)."""
    open_seats = [s for s in frame["seats"] if str(s) not in frame["answers"]]
    if frame["mode"] == CHAIN:
        return open_seats[:1]
    return open_seats


def is_asked(frame: Frame[FD], seat: int) -> bool:
    """True when ``seat`` is being asked now (cheaper than :func:`waiting_seats`)."""
    if frame["mode"] == CHAIN:
        return seat in waiting_seats(frame)
    return str(seat) not in frame["answers"] and seat in frame["seats"]


def record_answer(frame: Frame[FD], seat: int, answer: object) -> None:
    """Store ``seat``'s answer; JSON object keys are strings, so the seat is too."""
    if seat not in waiting_seats(frame):
        raise ValueError(f"seat {seat} is not being asked in frame {frame['kind']}")
    frame["answers"][str(seat)] = answer


def held_answer(frame: Frame[FD], seat: int) -> bool:
    """True while ``seat``'s answer to an open parallel frame may still be taken back."""
    return frame["mode"] == PARALLEL and str(seat) in frame["answers"] and not is_complete(frame)


def withdraw_answer(frame: Frame[FD], seat: int) -> object:
    """Take back ``seat``'s held answer (it is asked again) and return it."""
    if not held_answer(frame, seat):
        raise ValueError(f"seat {seat} holds no answer to take back in frame {frame['kind']}")
    return frame["answers"].pop(str(seat))


def is_complete(frame: Frame[FD]) -> bool:
    return not waiting_seats(frame)


def pop_frame(state: GameState[FD]) -> Frame[FD]:
    """Remove and return the top frame (once it is complete)."""
    return state["frames"].pop()
