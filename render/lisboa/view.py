"""Small readers of Lisboa's public view: the open frame, who is asked what, and the words for a
decision kind or a frame answer."""

from __future__ import annotations

from typing import Any

from ..common import View
from .i18n import msg, tr

# Image text is ASCII (plus the ellipsis): Pillow's bundled font has no accented letters, so "reis".
DECISION_NAMES = {
    "main": msg("main action"),
    "act12": msg("sell or trade"),
    "draw": msg("draw a card"),
    "follow": msg("follow?"),
    "church": msg("church scoring"),
    "make_room": msg("make room"),
    "cardinal": msg("move the Cardinal"),
    "clergy_favors": msg("take favors"),
    "visit_free": msg("free visit"),
    "influence_pay": msg("pay influence"),
    "place_officials": msg("place officials"),
    "era_discard": msg("era-end discard"),
    "era_reward": msg("era-end reward"),
    "spare_rubble": msg("spare rubble"),
    "keep": msg("keep clergy"),
    "keep_clergy": msg("keep clergy"),
    "draft": msg("starting draft"),
    "hire": msg("hire officials"),
    "plan": msg("take a plan"),
    "ship": msg("build a ship"),
    "produce": msg("produce goods"),
    "favor": msg("take a Royal Favor"),
    "decree": msg("take a decree"),
    "reis_split": msg("reis or influence"),
    "sell": msg("sell goods"),
    "trade": msg("trade with a noble"),
    "cl29": msg("CL-29: cube for wigs?"),
    "bonus_cardinal": msg("bonus Cardinal step"),
    "recall": msg("return an official"),
    "store_tile": msg("store: take a tile"),
    "store_lot": msg("store: choose a lot"),
    "store_rubble": msg("store: take rubble"),
    "store_house": msg("store: place a house"),
    "building_site": msg("building: the site"),
    "building_plan": msg("building: the plan"),
    "building_officials": msg("building: officials"),
    "influence_rest": msg("pay reis or wigs"),
    "sponsor_event": msg("sponsored event"),
    "sponsor_officials": msg("sponsored officials"),
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


def decision_name(kind: str, lang: str = "en") -> str:
    name = DECISION_NAMES.get(kind)
    return kind.replace("_", " ") if name is None else tr(name, lang)


ANSWERS = {"follow": msg("followed"), "decline": msg("declined"), "church": msg("done")}


def answer_text(answer: object, lang: str = "en") -> str:
    """ "followed" / "declined" / "done" for a frame answer."""
    if isinstance(answer, dict):
        verb = str(answer.get("verb", "done"))
        word = ANSWERS.get(verb)
        return verb if word is None else tr(word, lang)
    return tr(ANSWERS["church"], lang)


def hand_size(board: dict[str, Any]) -> int:
    hand = board.get("hand", 0)
    return len(hand) if isinstance(hand, list) else int(hand or 0)
