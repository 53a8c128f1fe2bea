"""Small readers of Lisboa's public view: the open frame, who is asked what, and the words for a
decision kind or a frame answer."""

from __future__ import annotations

from typing import Any

from .common import View

# Image text is ASCII (plus the ellipsis): Pillow's bundled font has no accented letters, so "reis".
DECISION_NAMES = {
    "main": "main action",
    "act12": "sell or trade",
    "draw": "draw a card",
    "follow": "follow?",
    "church": "church scoring",
    "make_room": "make room",
    "cardinal": "move the Cardinal",
    "clergy_favors": "take favors",
    "visit_free": "free visit",
    "influence_pay": "pay influence",
    "place_officials": "place officials",
    "era_discard": "era-end discard",
    "era_reward": "era-end reward",
    "spare_rubble": "spare rubble",
    "keep": "keep clergy",
    "keep_clergy": "keep clergy",
    "draft": "starting draft",
    "hire": "hire officials",
    "plan": "take a plan",
    "ship": "build a ship",
    "produce": "produce goods",
    "favor": "take a Royal Favor",
    "decree": "take a decree",
    "reis_split": "reis or influence",
    "sell": "sell goods",
    "trade": "trade with a noble",
    "cl29": "CL-29: cube for wigs?",
    "bonus_cardinal": "bonus Cardinal step",
    "recall": "return an official",
    "store_tile": "store: take a tile",
    "store_lot": "store: choose a lot",
    "store_rubble": "store: take rubble",
    "store_house": "store: place a house",
    "building_site": "building: the site",
    "building_plan": "building: the plan",
    "building_officials": "building: officials",
    "influence_rest": "pay reis or wigs",
    "sponsor_event": "sponsored event",
    "sponsor_officials": "sponsored officials",
}


# --- readers of the view --------------------------------------------------------------------------
def top_frame(view: View) -> dict[str, Any] | None:
    frames = view.get("frames") or []
    return frames[-1] if frames else None


def frame_waiting(frame: dict[str, Any]) -> list[int]:
    """Seats a frame asks now: the first unanswered (chain) or all unanswered (parallel)."""
    answers = frame.get("answers") or {}
    open_seats = [s for s in frame.get("seats", []) if str(s) not in answers]
    return open_seats[:1] if frame.get("mode") == "chain" else open_seats


def waiting(view: View) -> dict[int, str]:
    """{seat: what it must decide} for the seats the game waits for now."""
    if view.get("over"):
        return {}
    if view.get("phase") == "setup":
        kept = (view.get("setup") or {}).get("clergy_kept") or []
        return {s: "keep" for s, k in enumerate(kept) if not k}
    decision = view.get("decision")
    if decision:
        return {int(decision["player"]): str(decision.get("kind", ""))}
    frame = top_frame(view)
    return {s: str(frame.get("kind", "")) for s in frame_waiting(frame)} if frame else {}


def decision_name(kind: str) -> str:
    return DECISION_NAMES.get(kind, kind.replace("_", " "))


def answer_text(answer: object) -> str:
    """ "followed" / "declined" / "done" for a frame answer."""
    if isinstance(answer, dict):
        verb = str(answer.get("verb", "done"))
        return {"follow": "followed", "decline": "declined", "church": "done"}.get(verb, verb)
    return "done"


def hand_size(board: dict[str, Any]) -> int:
    hand = board.get("hand", 0)
    return len(hand) if isinstance(hand, list) else int(hand or 0)
