"""The optional starting-hand draft (D02; rulebook p. 7), a table option.

After the clergy keep, everyone's 5 dealt blue cards become a packet. Three simultaneous passes:
keep 2 of 5, then 1 of 3, then 1 of 2, each time passing the rest to the left (the next seat);
the final hand is the 4 kept cards plus the 1 card received last. Picks are hidden until every
seat has picked (a parallel decision). Text: ``draft blue-03 blue-11``.
"""

from __future__ import annotations

from itertools import combinations

from .types import LAction as Action
from .types import LState as State

KEEP_PER_PASS = (2, 1, 1)


def start(state: State) -> None:
    s = state["setup"]
    s.update(
        {
            "draft": "running",
            "draft_pass": 0,
            "packets": [sorted(b["hand"]) for b in state["boards"]],
            "draft_kept": [[] for _ in state["boards"]],
            "draft_picks": [None for _ in state["boards"]],
        }
    )
    for b in state["boards"]:
        b["hand"] = []


def waiting(state: State) -> list[int]:
    return [seat for seat, pick in enumerate(state["setup"]["draft_picks"]) if pick is None]


def options(state: State, seat: int) -> list[Action]:
    s = state["setup"]
    keep = KEEP_PER_PASS[s["draft_pass"]]
    return [{"verb": "draft", "cards": list(c)} for c in combinations(s["packets"][seat], keep)]


def pick(state: State, seat: int, cards: list[str]) -> bool:
    """Record ``seat``'s pick; once all have picked, pass the packets on. True when the draft is over."""
    s = state["setup"]
    s["draft_picks"][seat] = list(cards)
    picks = [p for p in s["draft_picks"] if p is not None]
    if len(picks) < len(s["draft_picks"]):
        return False
    n = len(state["boards"])
    rest = []
    for seat_, picked in enumerate(picks):
        s["draft_kept"][seat_] += picked
        rest.append([c for c in s["packets"][seat_] if c not in picked])
    s["packets"] = [sorted(rest[(seat_ - 1) % n]) for seat_ in range(n)]  # passed to the left
    s["draft_picks"] = [None] * n
    s["draft_pass"] += 1
    if s["draft_pass"] < len(KEEP_PER_PASS):
        return False
    for seat_, b in enumerate(state["boards"]):
        b["hand"] = s["draft_kept"][seat_] + s["packets"][seat_]
    s.update({"draft": "done", "packets": [[] for _ in range(n)], "draft_kept": [[] for _ in range(n)]})
    state["phase"] = "play"
    return True
