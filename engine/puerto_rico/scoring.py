"""Final scoring [S]: VP chips + printed building VP + bonuses of occupied large
buildings; tie-break doubloons + goods; a further tie is shared (docs/rules/puerto-rico.md)."""

from __future__ import annotations

from itertools import groupby

from ..core.outcome import Number, Outcome, SeatResult, place_ranks
from .board import active, colonists, island_tiles
from .data import BUILDINGS, LARGE_PRODUCTION, PRODUCTION_LIKE, SMALL_PRODUCTION
from .i18n import DOMAIN, msg
from .new_buildings import cloister, royal_garden
from .types import Board, PRState, Result, ScoreRow, SeatScore


def _guild_hall(board: Board) -> int:
    """+1 per small, +2 per large production building, occupied or not."""
    return sum(1 if b in SMALL_PRODUCTION else 2 if b in LARGE_PRODUCTION else 0 for b in board["city"])


def _residence(board: Board) -> int:
    """Island tiles: ≤9 → 4, 10 → 5, 11 → 6, 12 → 7."""
    return max(4, island_tiles(board) - 5)


def _fortress(board: Board) -> int:
    """+1 per 3 colonists on the board and in San Juan."""
    return colonists(board) // 3


def _customs_house(board: Board) -> int:
    """+1 per 4 VP chips. In an expansion game only the chips earned in the Captain phase
    count [S]; chips given back (Black Market) come off the others first."""
    vp: int = min(board["vp"], board.get("captain_vp", board["vp"]))
    return vp // 4


def _city_hall(board: Board) -> int:
    """+1 per non-production building, itself and other large ones included; the Jeweler
    counts as production (docs/rules/puerto-rico.md)."""
    return sum(1 for b in board["city"] if BUILDINGS[b].produces is None and b not in PRODUCTION_LIKE)


BONUSES = {
    "guild-hall": _guild_hall,
    "residence": _residence,
    "fortress": _fortress,
    "customs-house": _customs_house,
    "city-hall": _city_hall,
    "cloister": cloister,
    "royal-garden": royal_garden,
}
# Each bonus is a breakdown label under its building's id (``guild-hall``): catalogue ids too.
DOMAIN.declare_data(lambda: BONUSES)


def player_score(board: Board) -> ScoreRow:
    """Chips + printed VP (the Statue needs no occupant) + bonuses of occupied large
    buildings + 1 per noble held, wherever it is [S]."""
    bonuses = {b: rule(board) for b, rule in BONUSES.items() if active(board, b)}
    buildings = sum(BUILDINGS[b].vp for b in board["city"])
    total = board["vp"] + buildings + sum(bonuses.values())
    tiebreak = board["doubloons"] + sum(board["goods"])
    if "nobles" in board:
        nobles = sum(board["nobles"].values())
        return {
            "vp_chips": board["vp"],
            "buildings": buildings,
            "bonuses": bonuses,
            "nobles": nobles,
            "total": total + nobles,
            "tiebreak": tiebreak,
        }
    return {"vp_chips": board["vp"], "buildings": buildings, "bonuses": bonuses, "total": total, "tiebreak": tiebreak}


# Outcome labels are plain ids (an outcome is stored as data); front ends translate them with
# ``render.i18n.tr_id("engine.puerto_rico", label, lang)``. The msg() calls put them in the catalogue.
TIE_BREAK = str(msg("doubloons + goods"))
VP_CHIPS = str(msg("vp chips"))
BUILDING_VP = str(msg("buildings"))
NOBLES = str(msg("nobles"))


def final_scores(state: PRState) -> Result:
    """The result kept in the state: ``{"players": rows in seat order (:func:`player_score` plus
    seat and name), "ranking": seats best first, "winners", "tie_break": text, "shared"}``."""
    rows: list[SeatScore] = [
        {**player_score(board), "seat": seat, "name": state["players"][seat]}
        for seat, board in enumerate(state["boards"])
    ]
    ranking = sorted(range(len(rows)), key=lambda s: (-rows[s]["total"], -rows[s]["tiebreak"], s))
    best = (rows[ranking[0]]["total"], rows[ranking[0]]["tiebreak"])
    winners = [s for s in ranking if (rows[s]["total"], rows[s]["tiebreak"]) == best]
    return {"players": rows, "ranking": ranking, "winners": winners, "tie_break": TIE_BREAK, "shared": len(winners) > 1}


def _breakdown(row: ScoreRow) -> dict[str, Number]:
    """Chips, printed VP, each bonus under its building's id, nobles: the parts of the total."""
    parts: dict[str, Number] = {VP_CHIPS: row["vp_chips"], BUILDING_VP: row["buildings"], **row["bonuses"]}
    if "nobles" in row:
        parts[NOBLES] = row["nobles"]
    return parts


def outcome_of(result: Result) -> Outcome:
    """The typed outcome of a result kept by :func:`final_scores` (the same layout since the first
    release, so every stored state reads): ranked by total, then doubloons + goods."""
    rows = {row["seat"]: row for row in result["players"]}
    places = groupby(result["ranking"], key=lambda seat: (rows[seat]["total"], rows[seat]["tiebreak"]))
    ranks = place_ranks([list(group) for _, group in places])
    winners = set(result["winners"])
    return Outcome(
        tuple(
            SeatResult(
                seat,
                rows[seat]["name"],
                rows[seat]["total"],
                ranks[seat],
                _breakdown(rows[seat]),
                {TIE_BREAK: rows[seat]["tiebreak"]},
                seat in winners,
            )
            for seat in result["ranking"]
        ),
        result["tie_break"],
    )
