"""The Guest House window [S]: its owner may move guests at the start, in the
middle or at the end of any phase, with immediate effect. Inside the owner's own prompts
the moves are offered anyway (:mod:`guest_house`); this window covers the moments where
something the owner gets is settled with no prompt of theirs first:

- a phase starts (Mayor: the Villa; Craftsman: production and its income; Captain: the Union
  Hall, the Royal Supplier, the Wharf and the Small Wharf). The chooser is not asked: their
  role prompt, just before, offered the same moves;
- before storage at the end of the Captain phase (warehouses, Storehouse), for owners whose
  goods would be settled without asking them (the others have the moves in that prompt);
- at the end of the Settler phase, before the Hunting Lodge;
- at the end of the game, before scoring (occupied large buildings).

Everything else a guest can change waits for the owner's own prompt (Settler, Builder and
Trader turns; Harbor and Lighthouse shipments), which offers the moves already.

The caller says what the moment settles for a player (``outcome``) and which places
matter (``places``). An owner is asked only when moving their guests there (one or both,
colonist or noble) changes that outcome. All owners so placed are asked at once (a
parallel frame); each may move guests one at a time (``guest <place>``) and finishes with
``guests stay``, the default. The frame names the step to resume (``resume``, a step of
:mod:`.flow`), queued once every owner has finished."""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterable

from ..core import PARALLEL
from ..core.frames import is_complete, record_answer, top_frame
from ..core.records import DecisionData
from ..core.steps import first
from . import nobles as nb
from .flow import STEPS, kind
from .guest_house import free_places
from .i18n import msg
from .types import Board, Events, PRAction, PRFrameData, PRState

#: What a moment settles for a seat, given a board (compared before and after a guest's move).
Outcome = Callable[[PRState, int, Board], object]

KIND = "guests"
STAY: PRAction = {"verb": "stay"}
MOMENTS = {
    "mayor": msg("at the start of the Mayor phase"),
    "craftsman": msg("before production"),
    "captain": msg("at the start of the Captain phase"),
    "storage": msg("before storage, at the end of the Captain phase"),
    "lodge": msg("at the end of the Settler phase, before the Hunting Lodge"),
    "final": msg("at the end of the game, before scoring"),
}


def _guests(board: Board) -> list[bool]:
    """The people in the Guest House: ``False`` a colonist, ``True`` a noble."""
    total = board["city"].get("guest-house", 0)
    nobles = nb.noble_map(board).get("guest-house", 0)
    return [False] * (total - nobles) + [True] * nobles


def _copy(board: Board) -> Board:
    # typeshed's marshal.dumps does not take TypedDicts (plain dicts at run time): mypy limitation
    copied: Board = marshal.loads(marshal.dumps(board))  # type: ignore[arg-type]
    return copied


def _changes(
    state: PRState, seat: int, board: Board, guests: list[bool], places: frozenset[str], outcome: Outcome, base: object
) -> bool:
    """True when moving some of ``guests`` to ``places`` changes ``outcome``."""
    for noble in sorted(set(guests)):
        rest = list(guests)
        rest.remove(noble)
        for target in free_places(board):
            if target not in places:
                continue
            moved = _copy(board)
            nb.move_person(moved, "guest-house", target, noble)
            if outcome(state, seat, moved) != base:
                return True
            if rest and _changes(state, seat, moved, rest, places, outcome, base):
                return True
    return False


def could_gain(state: PRState, seat: int, outcome: Outcome, places: Iterable[str]) -> bool:
    """True when ``seat`` has guests and moving them could change ``outcome``."""
    board = state["boards"][seat]
    guests = _guests(board)
    if not guests:
        return False
    base = outcome(state, seat, board)
    return _changes(state, seat, board, guests, frozenset(places), outcome, base)


def open_window(
    state: PRState,
    moment: str,
    seats: Iterable[int],
    outcome: Outcome,
    places: Iterable[str],
    resume: str,
    data: PRFrameData | None = None,
) -> bool:
    """Ask those of ``seats`` (in that order) who could gain from a move now; False (nothing
    opened) when none could."""
    wanted = tuple(places)
    asked = [s for s in seats if could_gain(state, s, outcome, wanted)]
    if not asked:
        return False
    extra: PRFrameData = {**data} if data else {}
    extra["moment"] = moment
    STEPS.open_frame(state, KIND, asked, PARALLEL, resume, extra)
    return True


def options(state: PRState, player: int) -> list[PRAction]:
    """``guests stay``; the moves themselves come from :func:`guest_house.options`."""
    return [STAY.copy()]


def prompt(state: PRState, asked: DecisionData) -> str:
    frame = top_frame(state)
    moment = MOMENTS[frame["data"]["moment"]] if frame else ""
    return msg("Guest House, {moment}: move a guest (`guest <place>`), or leave them (`guests stay`).", moment=moment)


def finish(state: PRState, player: int, events: Events, said: bool = True) -> None:
    """``player`` is done moving guests (``said``: by ``guests stay``, else because no move is
    left). Once every owner is done, the window closes and the step it names resumes."""
    frame = top_frame(state)
    assert frame is not None and frame["kind"] == KIND
    record_answer(frame, player, "stay")
    if said:
        events.append({"kind": "guests_stay", "player": player})
    if is_complete(frame):
        STEPS.close(state)


def _stay(state: PRState, player: int, action: PRAction, events: Events) -> None:
    finish(state, player, events)


def _no_move_left(state: PRState, player: int, action: PRAction, events: Events) -> None:
    finish(state, player, events, said=False)


# The window is a frame whose kind records the answers (finish).
kind(KIND, options, _stay, prompt, default=first, frame=True, last=_no_move_left)
