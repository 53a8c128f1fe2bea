"""The land cost of a store and the lots a display tile can be built on (D18; rulebook pp. 17-18),
for :mod:`.store`: the cost of a lot (the treasury's right value + the cubes left in its row and
column, after TP-01/TP-02), whether it can be paid once the lot's bonus and the best cube are
taken (:func:`lot_payable`), and :func:`can_build_store`, the precondition of a Maia visit, follow
or sponsored store: a tile, a matching empty lot, a house left, and a payable land cost.

:func:`lot_judge` answers :func:`lot_payable` for every lot of one position with the seat's money
and discounts read once (the store check runs for every payment mix a visit could use, on every
main action); a test holds it to :func:`lot_payable` on the states of random games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from . import church, sim
from .bonus import GUARDS, NEUTRAL, payable_after
from .model import Pack, Params
from .rules import board, can_pay_reis, clergy_effects, pack_of, permanents, treasury_value
from .types import LAction as Action
from .types import LState as State
from .types import LStep


def cube_values(state: State, seat: int) -> dict[str, int]:
    """Land cost of one cube left in the row or column, per disaster: TP-02 makes it 0, TP-01 N less."""
    pack = pack_of(state)
    perms = permanents(pack, board(state, seat))
    free = {p["rubble"] for e, p in perms if e == "TP-02"}
    cut: Counter[str] = Counter()
    for e, p in perms:
        if e == "TP-01":
            cut[p["rubble"]] += p["n"]
    return {d: 0 if d in free else max(0, r.land_cost - cut[d]) for d, r in pack.rubble.items()}


def rubble_pools(state: State, lot: str) -> dict[str, dict[str, int]]:
    spec, city = pack_of(state).lots[lot], state["city"]
    return {"row": city["row_rubble"][spec.row], "column": city["column_rubble"][str(spec.column)]}


def land_cost(
    state: State, seat: int, lot: str, without: str | None = None, values: dict[str, int] | None = None
) -> int:
    """Treasury right value + the cubes left in the lot's row and column (less one ``without``);
    ``values``: :func:`cube_values` when the caller has them."""
    values, pools = values or cube_values(state, seat), rubble_pools(state, lot)
    cubes = sum(values[d] * n for pool in pools.values() for d, n in pool.items())
    return treasury_value(state) + cubes - (values[without] if without else 0)


def payable_with(state: State, seat: int, lot: str, cube: str | None, values: dict[str, int] | None = None) -> bool:
    """The land cost is payable once ``cube`` (or none) is taken, with CL-30's réis for it."""
    b = board(state, seat)
    bonus = clergy_effects(pack_of(state), b).count("CL-30") if cube else 0
    b["reis"] += bonus
    try:
        return can_pay_reis(state, seat, land_cost(state, seat, lot, cube, values))
    finally:
        b["reis"] -= bonus


def payable_now(state: State, seat: int, lot: str, values: dict[str, int] | None = None) -> bool:
    """Payable after taking the best cube of the row and column (the bonus already taken);
    ``values``: :func:`cube_values` when the caller has them."""
    values = values or cube_values(state, seat)
    pools = rubble_pools(state, lot).values()
    present = [d for d in values if any(pool[d] for pool in pools)]
    best = max(present, key=lambda d: values[d], default=None)
    return payable_with(state, seat, lot, best, values)


GUARDS["store"] = lambda state, seat, guard: payable_now(state, seat, guard["lot"])


def _best_tile(effects: list[str]) -> tuple[int, int]:
    """The most (réis, influence) a clergy tile taken by a Cardinal bonus can bring to a land cost:
    CL-30/CL-31 1 réis each, CL-32 7 influence + CL-27's 2 (per CL-27 held)."""
    return 2, 7 + 2 * effects.count("CL-27")


def lot_payable(state: State, seat: int, lot: str, values: dict[str, int] | None = None) -> bool:
    """Payable after the lot's bonus, for some way of taking it (a Cardinal move may raise the
    treasury; its tile may be CL-30/CL-31, 1 réis each here, or CL-32, 7 influence + CL-27's 2).
    ``values``: :func:`cube_values` of ``state``, kept while the bonus is judged on ``state`` itself
    (it then changes only réis, influence and the treasury), not on a copy."""
    spec = pack_of(state).lots[lot]
    best = _best_tile(clergy_effects(pack_of(state), board(state, seat)))
    return payable_after(
        state,
        seat,
        spec.bonus,
        spec.bonus_params,
        lambda after: payable_now(after, seat, lot, values if after is state else None),
        best,
    )


#: (pack fingerprint, display space) -> the (lot, street) pairs a tile from there fits, lot or not.
_FITS: dict[tuple[str, str], list[tuple[str, str]]] = {}
#: (pack fingerprint, display space) -> those lots, each once, the Cardinal bonuses (NB-07) last.
_TRIED: dict[tuple[str, str], list[str]] = {}


def _fits(pack: Pack, space: str) -> list[tuple[str, str]]:
    """The (lot, street) pairs of the same size as ``space``'s tile, on a street of its type (pack
    order), worked out once per pack (packs are immutable)."""
    found = _FITS.get((pack.fingerprint, space))
    if found is None:
        tile = pack.tile_display[space]
        found = _FITS[pack.fingerprint, space] = [
            (lot, street)
            for lot, spec in pack.lots.items()
            if spec.size == tile.size
            for street in spec.streets
            if pack.streets[street].type == tile.type
        ]
    return found


def _tried(pack: Pack, space: str) -> list[str]:
    """The lots a tile from ``space`` fits, in the order they are judged: Cardinal bonuses last,
    they cost the most to judge."""
    found = _TRIED.get((pack.fingerprint, space))
    if found is None:
        lots = dict.fromkeys(lot for lot, _ in _fits(pack, space))
        found = _TRIED[pack.fingerprint, space] = sorted(lots, key=lambda x: pack.lots[x].bonus == "NB-07")
    return found


def lots_for(state: State, space: str) -> list[tuple[str, str]]:
    """(lot, street) pairs a tile from ``space`` may go to: empty, same size, a street of its type."""
    lots = state["city"]["lots"]
    return [(lot, street) for lot, street in _fits(pack_of(state), space) if lot in lots and lots[lot] is None]


def lot_judge(state: State, seat: int) -> Callable[[str], bool]:
    """:func:`lot_payable` for ``seat`` in this position, as a function of the lot: the seat's money,
    discounts and cube values read once, and the sums of :func:`payable_now` and
    :func:`.rules.can_pay_reis` done inline; a Cardinal bonus (NB-07) by the bounds of
    :func:`.bonus.payable_after`, else by its simulation, run once for every such lot; any other
    bonus (none on the shipped lots) by :func:`lot_payable`. Valid while the position is unchanged."""
    pack, b, city = pack_of(state), board(state, seat), state["city"]
    values = cube_values(state, seat)
    effects = clergy_effects(pack, b)
    cut = sum(p["n"] for e, p in permanents(pack, b) if e == "TP-03") + effects.count("CL-31")
    cube_reis, courted = effects.count("CL-30"), 2 * effects.count("CL-27")
    tile_reis, tile_influence = _best_tile(effects)
    spare_reis = cube_reis if any(city["spare_rubble"].values()) else 0  # NB-10's cube (the pile's)
    reis, influence, most, icons = b["reis"], b["influence"], pack.influence.max, pack.influence.reis_icons
    rows, columns = city["row_rubble"], city["column_rubble"]
    treasury, top = state["treasury"], len(pack.treasury_spaces) - 1
    moves: list[list[Action]] = []  # the Cardinal's moves, listed at the first NB-07 lot
    simulated: dict[str, list[State]] = {}  # NB-07's end states by its parameters

    def affords(lot: str, at: int, more: int, held: int) -> bool:
        """The land cost (treasury at space ``at``) less the best cube, payable with ``more`` réis
        and ``held`` influence."""
        spec = pack.lots[lot]
        row, column = rows[spec.row], columns[str(spec.column)]
        cubes, best = 0, -1  # best: the dearest cube present (-1: none)
        for d, value in values.items():
            n = row[d] + column[d]
            if n:
                cubes += value * n
                best = max(best, value)
        cost = max(0, pack.treasury_spaces[at].right + cubes - max(best, 0) - cut)
        covered = sum(1 for p in icons if p < held)
        return cost - min(cost, covered) <= reis + more + (cube_reis if best >= 0 else 0)

    def judge(lot: str) -> bool:
        spec = pack.lots[lot]
        if spec.bonus in NEUTRAL:
            return affords(lot, treasury, 0, influence)
        if spec.bonus == "BN-01":
            return affords(lot, treasury, spec.bonus_params["n"], min(most, influence))
        if spec.bonus == "NB-05":
            return affords(lot, treasury, 0, min(most, influence + spec.bonus_params["n"] + courted))
        if spec.bonus == "NB-10":
            return affords(lot, treasury, spare_reis, min(most, influence))
        if spec.bonus == "NB-07":
            if not moves:
                moves.append(church.cardinal_options(state, {"kind": "cardinal", "player": seat, "steps": [1]}))
            if not moves[0]:
                return affords(lot, treasury, 0, influence)
            if affords(lot, min(top, treasury + max(o["steps"] for o in moves[0])), 0, min(most, influence)):
                return True
            if not affords(lot, min(top, treasury), tile_reis, min(most, influence + tile_influence)):
                return False
            return any(payable_now(after, seat, lot) for after in cardinal_outcomes(spec.bonus_params))
        return lot_payable(state, seat, lot, values)

    def cardinal_outcomes(params: Params) -> list[State]:
        """The states the lot bonus NB-07 can end in, as :func:`.bonus.payable_after` simulates
        them: the same for every lot with these parameters, so simulated once."""
        key = repr(sorted(params.items()))
        if key not in simulated:
            step: LStep = {"step": "bonus", "player": seat, "effect": "NB-07", "params": params, "why": "check"}
            simulated[key] = sim.outcomes(state, [step])
        return simulated[key]

    return judge


def _usable(state: State, seat: int, space: str, judge: Callable[[str], bool], known: dict[str, bool]) -> bool:
    """A tile at ``space`` has a lot whose cost is payable (``known``: lots already judged in this
    same position, since display tiles of one size share their lots)."""
    if not state["city"]["tile_display"][space]:
        return False
    lots = state["city"]["lots"]
    for lot in _tried(pack_of(state), space):
        if lot not in lots or lots[lot] is not None:
            continue
        if lot not in known:
            known[lot] = judge(lot)
        if known[lot]:
            return True
    return False


def usable_spaces(state: State, seat: int) -> list[str]:
    """The display spaces whose tile can be built now, in pack order."""
    judge, known = lot_judge(state, seat), dict[str, bool]()  # the position is unchanged while spaces are tried
    return [sp for sp in pack_of(state).tile_display if _usable(state, seat, sp, judge, known)]


def can_build_store(state: State, seat: int) -> bool:
    """A house left, a display tile with a matching empty lot, and a payable land cost (rulebook p. 16)."""
    if not any(board(state, seat)["houses"].values()):
        return False
    judge, known = lot_judge(state, seat), dict[str, bool]()  # the position is unchanged while spaces are tried
    return any(_usable(state, seat, space, judge, known) for space in pack_of(state).tile_display)
