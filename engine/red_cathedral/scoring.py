"""Final scoring in the teaching script's order (§最終得点計算), the winner and tie-breaks.

1. every marker not on a prestige space moves back to the nearest one behind it;
2. +1 PP per 5 materials in the inventory and rubles together (materials on unfinished sections
   do not count, ⚠);
3. each tower: value = 2 per completed section + 1 per ornament; presence = own banners on its
   completed sections + own ornaments in it; nobody without presence scores. 3-4 players: the most
   present scores the value, the next half of that, and so on, halving and rounding down at each
   place, tied players sharing the places they occupy (rounded down). 2 players (⚠ the official
   special rule, Dized rules 'Special rules for two-player games'; the teaching script gives only
   the general one): the most present scores the value, the other a third of it (rounded down); a
   tie scores nothing.

Most PP wins; ties go (Dized rules 'Additional scoring') to most completed sections, then most
ornaments placed, then are shared.
"""

from __future__ import annotations

from itertools import groupby

from ..core import Outcome, SeatResult, place_ranks
from . import board, score
from .flow import step
from .i18n import msg
from .types import Events, Result, SeatScore, State, Step, TowerScore

#: The tie-break and the breakdown labels (message ids: front ends translate them with ``tr_id``).
TIE_BREAK = str(msg("most completed sections, then most ornaments placed"))
TRACK, LEFTOVERS, TOWERS = str(msg("track")), str(msg("leftovers")), str(msg("towers"))
SECTIONS, ORNAMENTS = str(msg("sections completed")), str(msg("ornaments placed"))


def payouts(value: int, places: int) -> list[int]:
    """The halving scale: ``[V, V//2, V//2//2, ...]`` for ``places`` places.

    >>> payouts(8, 4), payouts(11, 3)
    ([8, 4, 2, 1], [11, 5, 2])
    """
    out = [value]
    while len(out) < places:
        out.append(out[-1] // 2)
    return out


def tower_scores(value: int, presence: dict[int, int], rule: str) -> dict[int, int]:
    """PP each present player scores for one tower (players without presence are left out).

    >>> tower_scores(8, {0: 4, 1: 2, 2: 1, 3: 1}, "halving")
    {0: 8, 1: 4, 2: 1, 3: 1}
    >>> tower_scores(6, {0: 2, 1: 3}, "two_player"), tower_scores(6, {0: 2, 1: 2}, "two_player")
    ({1: 6, 0: 2}, {})
    """
    present = sorted(((n, p) for p, n in presence.items() if n > 0), key=lambda x: -x[0])
    if rule == "two_player":
        if len(present) == 2 and present[0][0] == present[1][0]:
            return {}
        return {p: value if i == 0 else value // 3 for i, (_, p) in enumerate(present)}
    scale = payouts(value, len(present))
    out: dict[int, int] = {}
    place = 0
    for _, group in groupby(present, key=lambda x: x[0]):
        seats = [p for _, p in group]
        share = sum(scale[place : place + len(seats)]) // len(seats)
        out.update(dict.fromkeys(seats, share))
        place += len(seats)
    return out


def tower_value(state: State, tower: list[int]) -> int:
    rules = board.pack_of(state).rules
    sections = [state["sections"][i] for i in tower]
    done = sum(1 for s in sections if s["done"])
    ornaments = sum(1 for s in sections if s["ornament"])
    return done * rules.completed_value + ornaments * rules.ornament_value


def presence(state: State, tower: list[int]) -> dict[int, int]:
    out = dict.fromkeys(range(len(state["players"])), 0)
    for i in tower:
        s = state["sections"][i]
        if s["done"] and s["owner"] is not None:
            out[s["owner"]] += 1
        if s["ornament"]:
            out[s["ornament"]["seat"]] += 1
    return out


def final_scores(state: State) -> Result:
    """Apply final scoring to the markers and return the result kept in the state."""
    pack, lap = board.pack_of(state), board.lap(state)
    rule = pack.setups[len(state["players"])].tower_rule
    track: list[int] = []
    leftovers: list[int] = []
    for p, me in enumerate(state["seats"]):
        me["pos"] = score.round_down(lap, me["pos"])
        track.append(score.pp_at(lap, me["pos"]))
        leftovers.append((board.held(state, p) + me["rubles"]) // pack.rules.leftovers_per_pp)
        me["pos"] = score.gain_pp(lap, me["pos"], leftovers[p])
    towers: list[TowerScore] = []
    in_towers = [0] * len(state["seats"])
    for t, tower in enumerate(state["towers"]):
        value = tower_value(state, tower)
        scored = tower_scores(value, presence(state, tower), rule)
        towers.append({"tower": t, "value": value, "scores": {str(p): n for p, n in sorted(scored.items())}})
        for p, n in scored.items():
            in_towers[p] += n
    seats: list[SeatScore] = []
    for p, me in enumerate(state["seats"]):
        me["pos"] = score.gain_pp(lap, me["pos"], in_towers[p])
        seats.append(
            {
                "track": track[p],
                "towers": in_towers[p],
                "leftovers": leftovers[p],
                "total": score.pp_at(lap, me["pos"]),
                "sections": board.completed(state, p),
                "ornaments": board.ornaments_placed(state, p),
            }
        )
    return {"seats": seats, "towers": towers}


@step("final")
def _final(state: State, s: Step, events: Events) -> None:
    result = state["result"] = final_scores(state)
    state["over"] = True
    events.append({"type": "final", "result": result})


def outcome_of(result: Result, names: list[str]) -> Outcome:
    seats = result["seats"]

    def key(p: int) -> tuple[int, int, int]:
        return (seats[p]["total"], seats[p]["sections"], seats[p]["ornaments"])

    order = sorted(range(len(seats)), key=lambda p: tuple(-k for k in key(p)))
    ranks = place_ranks([list(g) for _, g in groupby(order, key=key)])
    return Outcome(
        tuple(
            SeatResult(
                p,
                names[p],
                seats[p]["total"],
                ranks[p],
                {TRACK: seats[p]["track"], LEFTOVERS: seats[p]["leftovers"], TOWERS: seats[p]["towers"]},
                {SECTIONS: seats[p]["sections"], ORNAMENTS: seats[p]["ornaments"]},
                winner=ranks[p] == 1,
            )
            for p in order
        ),
        TIE_BREAK,
    )
