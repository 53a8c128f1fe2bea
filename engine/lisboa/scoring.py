"""Lisboa end-of-era rubble wigs and final scoring (rulebook pp. 22-23; Bodoge summary §遊び方 >
ゲーム終了, 勝敗, §コスト・ボーナス・特殊効果 > 法令カード, §特殊効果 > 教会チップ).

Pure: every function reads the state of :mod:`engine.lisboa.setup` and never changes it; the
caller adds the wigs it returns. Readings chosen where the texts leave a point open (⚠):

- Majorities (rulebook p. 23): a player with 0 of the counted thing scores nothing.
  Tied players add the values of the places they occupy, split equally, round down; the next
  place(s) are skipped. The paid values are the pack's ``ranks_paid`` (2p: the 1st value, then the
  3rd-place value for 2nd), so a 2p tie for 1st pays (1st + 3rd-place value) // 2 each.
- Officials majority (clergy tiles CL-35..CL-37): printed officials on completed plans, + 1 per completed plan with
  CL-35 (the recommended reading). CL-36 / CL-37 count as a completed blue / green plan with 0
  officials: they count for plan-count decrees (DC-12, DC-13) and the plan tie-break only, and do
  not earn CL-35's +1. Decrees about officials (DC-14, DC-15) count printed officials only: CL-35
  modifies the officials majority step, not the cards.
- Ships (CL-17): hull per ship in the portfolio, + 2 per ship with CL-17.
- Réis (rulebook p. 23 step 4): réis + the réis icons below the influence marker, whose
  position is read, not moved. The same "réis after conversion" is used for DC-22 (the Bodoge
  summary's decree list) and for the réis tie-break ("most réis" read as the amount step 4 scores).
- Decrees (the Bodoge summary's decree list): "most" accepts ties (all tied owners score) and needs
  at least 1; goods are counted in the warehouse only (goods in a ship's hold are cargo); rubble is
  every cube on the board; public buildings have no owner, so DC-01 counts every built one. A store
  is "in" a street when it faces it (the lot's chosen ``street``). DC-20 sums the printed influence
  of the top row (CL-28 only changes influence gains). Every decree scores its printed ``wigs`` per
  unit (the X of DC-01 / DC-12, the fixed value of the other types).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.outcome import Outcome, SeatResult, place_ranks
from .effects import REGISTRY
from .i18n import msg
from .model import Decree, Majority, Pack, Params
from .rules import board, clergy_effects, influence_as_reis, is_ship, pack_of, ship_type
from .types import LState as State
from .types import Result, Score, Store

PLAN_TILES = {"CL-36": "blue", "CL-37": "green"}  # clergy tiles counting as a completed plan
Count = Callable[[State, int, Params], int]
Rule = Callable[[State, int, Decree], int]


def _const(effect: str, key: str) -> int:
    return REGISTRY[effect].constants[key]


# --- majorities (rulebook p. 23) -----------------------------------------------------------------
def paid_values(pack: Pack, majority: Majority, players: int) -> tuple[int, ...]:
    """The values paid by finishing place at this player count (2p: 1st and 3rd-place value)."""
    return tuple(majority.ranks[r - 1] for r in pack.player_counts[players].ranks_paid)


def majority_shares(counts: Sequence[int], values: Sequence[int]) -> list[int]:
    """Wigs per player (same order as ``counts``): 0 counted scores nothing; ties sum the places
    they occupy, split equally and round down; the places they fill are skipped."""
    shares = [0] * len(counts)
    place = 0
    for level in sorted({c for c in counts if c > 0}, reverse=True):
        tied = [i for i, c in enumerate(counts) if c == level]
        pot = sum(values[place : place + len(tied)])
        for i in tied:
            shares[i] = pot // len(tied)
        place += len(tied)
    return shares


# --- what each player has ------------------------------------------------------------------------
def _seats(state: State) -> range:
    return range(len(state["players"]))


def _stores(state: State, seat: int | None = None) -> list[tuple[str, Store]]:
    """(lot, store) on the map, of ``seat`` or of any owner, in lot order."""
    lots = state["city"]["lots"]
    return [(lot, s) for lot, s in sorted(lots.items()) if s is not None and (seat is None or s["owner"] == seat)]


def _in_scope(pack: Pack, lot: str, store: Store, params: Params) -> bool:
    """A decree scope: a row, a column, the street the store faces (by its type) or the map."""
    if "row" in params:
        return pack.lots[lot].row == params["row"]
    if "column" in params:
        return pack.lots[lot].column == params["column"]
    if "street" in params:
        return pack.streets[store["street"]].type == params["street"]
    return True


def completed_plans(state: State, seat: int, architect: str | None = None) -> int:
    """Completed plans (of one architect colour), CL-36 / CL-37 included."""
    pack, b = pack_of(state), board(state, seat)
    n = sum(1 for p in b["completed_plans"] if architect in (None, pack.plans[p].colour))
    return n + sum(1 for e in clergy_effects(pack, b) if e in PLAN_TILES and architect in (None, PLAN_TILES[e]))


def printed_officials(state: State, seat: int) -> int:
    pack = pack_of(state)
    return sum(pack.plans[p].officials for p in board(state, seat)["completed_plans"])


def majority_officials(state: State, seat: int) -> int:
    """The officials majority count: printed officials + CL-35's 1 per completed plan (⚠ this project's reading)."""
    pack, b = pack_of(state), board(state, seat)
    bonus = clergy_effects(pack, b).count("CL-35") * _const("CL-35", "officials")
    return printed_officials(state, seat) + bonus * len(b["completed_plans"])


def final_reis(state: State, seat: int) -> int:
    """Réis plus the réis icons below the influence marker; the marker is not moved (rulebook p. 23 step 4)."""
    b = board(state, seat)
    return b["reis"] + influence_as_reis(pack_of(state), b["influence"])


def _portfolio(state: State, seat: int) -> list[str]:
    folio = board(state, seat)["portfolio"]
    return list(folio["top"]) + list(folio["bottom"])


def _ships(state: State, seat: int) -> list[str]:
    return [c for c in _portfolio(state, seat) if is_ship(c)]


def _printed_top_influence(state: State, seat: int) -> int:
    pack = pack_of(state)
    return sum(
        pack.ships[ship_type(c)].influence if is_ship(c) else pack.cards[c].influence or 0
        for c in board(state, seat)["portfolio"]["top"]
    )


# --- decrees -------------------------------------------------------------------------------------
def _per(count: Count) -> Rule:
    """Printed wigs per unit counted (a condition counts 1 when met)."""
    return lambda state, seat, d: d.wigs * count(state, seat, d.params)


def _most(count: Count) -> Rule:
    """Printed wigs when ``seat`` has at least 1 and no one has more (ties all score)."""

    def rule(state: State, seat: int, d: Decree) -> int:
        values = [count(state, s, d.params) for s in _seats(state)]
        return d.wigs if values[seat] >= 1 and values[seat] == max(values) else 0

    return rule


def _buildings(state: State, seat: int, params: Params) -> int:
    """Built public buildings of any player at the named side or of the named architect face."""
    pack = pack_of(state)
    built = [(site, s["building"]) for site, s in state["city"]["sites"].items() if s["building"]]
    if "side" in params:
        return sum(1 for site, _ in built if pack.sites[site].side == params["side"])
    return sum(1 for _, b in built if b["face"] == params["architect"])


def _own_stores(state: State, seat: int, params: Params) -> int:
    pack = pack_of(state)
    return sum(1 for lot, s in _stores(state, seat) if _in_scope(pack, lot, s, params))


def _all_stores(state: State, seat: int, params: Params) -> int:
    pack = pack_of(state)
    return sum(1 for lot, s in _stores(state) if _in_scope(pack, lot, s, params))


def _every_store_type(state: State, seat: int, params: Params) -> int:
    return int(set(pack_of(state).goods) <= {s["type"] for _, s in _stores(state, seat)})


def _every_good(state: State, seat: int, params: Params) -> int:
    goods = board(state, seat)["goods"]
    return int(all(goods.get(g, 0) >= 1 for g in pack_of(state).goods))


DECREES: dict[str, Rule] = {
    "DC-01": _per(_buildings),
    "DC-02": _per(_own_stores),
    "DC-03": _per(_every_store_type),
    "DC-04": _per(_own_stores),
    "DC-05": _most(_own_stores),
    "DC-06": _per(_all_stores),
    "DC-07": _per(lambda st, s, p: board(st, s)["rubble"][p["rubble"]]),
    "DC-08": _most(lambda st, s, p: sum(board(st, s)["rubble"].values())),
    "DC-09": _most(lambda st, s, p: board(st, s)["goods"][p["good"]]),
    "DC-10": _per(_every_good),
    "DC-11": _per(lambda st, s, p: board(st, s)["goods"][p["good"]]),
    "DC-12": _per(lambda st, s, p: completed_plans(st, s, p.get("architect"))),
    "DC-13": _most(lambda st, s, p: completed_plans(st, s, p.get("architect"))),
    "DC-14": _per(lambda st, s, p: printed_officials(st, s) // 2),
    "DC-15": _most(lambda st, s, p: printed_officials(st, s)),
    "DC-16": _most(lambda st, s, p: len(board(st, s)["decrees"])),
    "DC-17": _per(lambda st, s, p: len(board(st, s)["decrees"])),
    "DC-18": _per(lambda st, s, p: board(st, s)["influence"] // 2),
    "DC-19": _most(lambda st, s, p: board(st, s)["influence"]),
    "DC-20": _per(lambda st, s, p: _printed_top_influence(st, s) // 2),
    "DC-21": _per(lambda st, s, p: len(_portfolio(st, s))),
    "DC-22": _most(lambda st, s, p: final_reis(st, s)),
    "DC-23": _per(lambda st, s, p: len(_ships(st, s))),
}


def decree_wigs(state: State, seat: int) -> list[tuple[str, int]]:
    """(decree id, wigs) for each decree ``seat`` owns, in board order; only the owner scores."""
    pack = pack_of(state)
    out = []
    for decree_id in board(state, seat)["decrees"]:
        d = pack.decrees[decree_id]
        out.append((decree_id, DECREES[d.type](state, seat, d)))
    return out


# --- the categories (rulebook p. 23) -------------------------------------------------------------
def era_rubble_wigs(state: State, seat: int) -> int:
    """3 wigs per completed rubble set, + 1 per set with CL-34 (rulebook p. 9, p. 22, p. 23 step 2)."""
    pack, b = pack_of(state), board(state, seat)
    per_set = pack.final_scoring.rubble_set_wigs + clergy_effects(pack, b).count("CL-34") * _const("CL-34", "wigs")
    return b["sets"] * per_set


def ship_wigs(state: State, seat: int) -> int:
    """Hull size of each ship in the portfolio, + 2 per ship with CL-17 (rulebook p. 23 step 1; ⚠ CL-17)."""
    pack = pack_of(state)
    bonus = clergy_effects(pack, board(state, seat)).count("CL-17") * _const("CL-17", "wigs")
    return sum(pack.ships[ship_type(c)].hull + bonus for c in _ships(state, seat))


def store_majorities(state: State) -> list[dict[str, int]]:
    """Per seat, {good: wigs} of the store majorities, in the pack's majority order (rulebook p. 23 step 3)."""
    pack, seats = pack_of(state), _seats(state)
    out: list[dict[str, int]] = [{} for _ in seats]
    for mj in pack.majorities.values():
        if mj.counts == "stores" and mj.good is not None:
            counts = [sum(1 for _, s in _stores(state, seat) if s["type"] == mj.good) for seat in seats]
            for seat, wigs in enumerate(majority_shares(counts, paid_values(pack, mj, len(seats)))):
                out[seat][mj.good] = wigs
    return out


def officials_majority(state: State) -> list[int]:
    """Per seat, the officials majority (15 / 10 / 5; 2p 15 / 5) (rulebook p. 23 step 6)."""
    pack, seats = pack_of(state), _seats(state)
    mj = next(m for m in pack.majorities.values() if m.counts == "officials")
    counts = [majority_officials(state, seat) for seat in seats]
    return majority_shares(counts, paid_values(pack, mj, len(seats)))


def tie_break_values(state: State, seat: int) -> dict[str, int]:
    """The tie-break keys of the pack, in order (rulebook p. 23): sets, stores, completed plans, réis."""
    keys: dict[str, Callable[[], int]] = {
        "rubble_sets": lambda: board(state, seat)["sets"],
        "stores": lambda: len(_stores(state, seat)),
        "completed_plans": lambda: completed_plans(state, seat),
        "reis": lambda: final_reis(state, seat),
    }
    return {key: keys[key]() for key in pack_of(state).final_scoring.tie_break}


def final_scoring(state: State) -> list[Score]:
    """One dict per seat (seat order)::

        {"seat", "board_wigs": wigs before scoring,
         "categories": {category: wigs} in the pack's order (ships, rubble, stores, reis, decrees,
                       officials, favors),
         "stores": {good: wigs}, "decrees": [[decree id, wigs]],
         "total": board_wigs + all categories, "tie_break": {key: value} in the pack's order}

    Plain JSON (pairs as 2-item lists), so the caller may keep it in the state.
    """
    pack = pack_of(state)
    fs = pack.final_scoring
    stores, officials = store_majorities(state), officials_majority(state)
    scores: list[Score] = []
    for seat in _seats(state):
        b = board(state, seat)
        decrees = decree_wigs(state, seat)
        values = {
            "ships": ship_wigs(state, seat),
            "rubble": era_rubble_wigs(state, seat),
            "stores": sum(stores[seat].values()),
            "reis": final_reis(state, seat) // fs.reis_per_wig,
            "decrees": sum(w for _, w in decrees),
            "officials": officials[seat],
            "favors": len(b["favors"]) * fs.favor_wigs,
        }
        unknown = set(fs.order) - set(values)
        if unknown:
            raise ValueError(f"unknown final-scoring step(s): {', '.join(sorted(unknown))}")
        categories = {step: values[step] for step in fs.order}
        scores.append(
            {
                "seat": seat,
                "board_wigs": b["wigs"],
                "categories": categories,
                "stores": stores[seat],
                "decrees": [[d, w] for d, w in decrees],
                "total": b["wigs"] + sum(categories.values()),
                "tie_break": tie_break_values(state, seat),
            }
        )
    return scores


def ranking(state: State, scores: list[Score]) -> list[list[int]]:
    """Seats grouped by place, best first: total, then the tie-break keys in the pack's order;
    players still equal share the place (and so share the victory) (rulebook p. 23)."""
    order = pack_of(state).final_scoring.tie_break

    def key(score: Score) -> tuple[int, ...]:
        return (score["total"], *(score["tie_break"][k] for k in order))

    ranked = sorted(scores, key=lambda s: (tuple(-v for v in key(s)), s["seat"]))
    groups: list[list[int]] = []
    last: tuple[int, ...] | None = None
    for score in ranked:
        if groups and key(score) == last:
            groups[-1].append(score["seat"])
        else:
            groups.append([score["seat"]])
        last = key(score)
    return groups


#: Breakdown and tie-break labels (message ids: front ends translate them with ``tr_id``).
LABELS = {
    "board_wigs": msg("board wigs"),
    "ships": msg("ships"),
    "rubble": msg("rubble"),
    "stores": msg("stores"),
    "reis": msg("reis"),
    "decrees": msg("decrees"),
    "officials": msg("officials"),
    "favors": msg("favors"),
    "rubble_sets": msg("rubble sets"),
    "completed_plans": msg("completed plans"),
}


def _label(key: str) -> str:
    """A breakdown or tie-break key as its label (plain text: an outcome is stored as data)."""
    return str(LABELS.get(key) or key.replace("_", " "))


def outcome_of(result: Result, names: Sequence[str]) -> Outcome:
    """The typed outcome of the result the game end keeps in the state (``{"scores": rows of
    :func:`final_scoring`, "ranking": :func:`ranking`, "winners"}``, the layout since the first
    release): board wigs then each category as the breakdown, the tie-break keys in the pack's order."""
    rows = {row["seat"]: row for row in result["scores"]}
    ranks = place_ranks(result["ranking"])
    winners = set(result["winners"])

    def seat_result(seat: int) -> SeatResult:
        row = rows[seat]
        parts = {"board_wigs": row["board_wigs"], **row["categories"]}
        return SeatResult(
            seat,
            names[seat],
            row["total"],
            ranks[seat],
            {_label(k): v for k, v in parts.items()},
            {_label(k): v for k, v in row["tie_break"].items()},
            seat in winners,
        )

    return Outcome(tuple(seat_result(seat) for group in result["ranking"] for seat in group))
