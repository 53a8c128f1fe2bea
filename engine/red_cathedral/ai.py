"""What the generic AI player (:mod:`engine.ai`) needs from The Red Cathedral: a determinization and
an evaluation of a position.

**Hidden parts.** The game has no hidden information (``views``: every section, tile, inventory and
die face is public); the only part a seat cannot see is the random generator ``state["rng"]``,
that is the future rolls of the dice (a market space re-rolled after a move or by the free action).
A determinization is a copy of the position with a generator drawn from the seed alone.

**Evaluation.** Each seat's final score in prestige points (PP) as the position promises it, read the
way final scoring counts (:mod:`.scoring`): the track's PP, towers, leftovers (1 PP per 5 materials
and rubles). Recognition to come (the RP of claimed sections as they are likely completed) moves the
marker before the track is read, so it is worth what the track makes of it where the marker stands
(early prestige spaces are far apart, late ones close together); a marker's progress towards its
next prestige space counts while there is time for it to arrive (final scoring rounds it down).
Each claimed unfinished section is completed with a chance that grows with what is delivered or
held for it and with the time left; towers are scored on those chances (a completed section's value
and presence, weighted). Holdings that only pay through later turns (rubles beyond leftovers,
materials no claimed section needs, banners, ornaments, face-up workshop tiles) are worth less as
the game nears its end: ``time_left`` goes from 1 at the start to 0 when the last turn ends.
"""

from __future__ import annotations

from bisect import bisect_right

from ..core.rng import seed_state
from . import board
from . import model as m
from .copying import copy_state
from .types import State

#: How much of a claimed section's remaining materials a held matching material counts for (a
#: delivery still takes an action; delivered materials count fully).
HELD_SHARE = 0.8
#: The chance that a claimed section with nothing delivered or held is completed, at the start.
OPEN_CHANCE = 0.45
#: Worth (PP, at the start; times ``time_left`` later) of what pays only through later turns.
RUBLE = 0.15  # each ruble, beyond its leftover fifth
MATERIAL = 0.15  # each material no claimed section of its own needs
JEWEL = 0.2  # each green or purple beyond that (jewels in ornaments, domes)
BANNER = 1.1  # each banner still to place: a section to come
ORNAMENT = 0.5  # each ornament still to place
TILE = 1.0  # each face-up workshop tile: its activations to come
#: A lead of this many PP counts as a 3-in-4 chance of winning.
EVALUATION_SCALE = 5.0
#: Time left once the end is triggered, per seat still to play (their share of one round).
LAST_ROUND = 0.12


def determinize(state: State, seat: int, seed: int) -> State:
    """A copy of ``state`` with a new random generator drawn from ``seed``: the future dice are the
    only thing ``seat`` cannot see (nothing else is hidden in this game), so the copy depends on the
    seat's view (the whole position but the generator, with the turn's open prompt and the steps
    queued after it, which every seat is shown) and ``seed`` alone."""
    world = copy_state(state)
    world["rng"] = seed_state(seed)
    return world


def time_left(state: State) -> float:
    """How much of the game is still to play, from 1 (the start) to 0 (the last turn is over).

    Before the end is triggered the game's clock is the race to the trigger: the most sections one
    seat has completed out of the number that triggers the end; after, each seat still to play
    keeps a small share."""
    if state["over"]:
        return 0.0
    end = state["end"]
    n = len(state["players"])
    if end is not None:
        return LAST_ROUND * (len(end["left"]) + 1) / n
    goal = board.pack_of(state).rules.sections_to_end
    done = [0] * n
    for sec in state["sections"]:
        if sec["done"] and sec["owner"] is not None:
            done[sec["owner"]] += 1
    return max(LAST_ROUND, 1.0 - max(done) / goal)


def track_pp(lap: tuple[int, ...], pos: float, left: float) -> float:
    """PP of a marker on ``pos`` (may be fractional: RP to come), plus ``left`` times its progress
    towards the next prestige space."""
    whole = int(pos)
    length = lap[-1]
    turns, rest = divmod(whole, length)
    k = bisect_right(lap, rest)
    pp = turns * len(lap) + k
    behind = turns * length + (lap[k - 1] if k else 0)
    ahead = turns * length + lap[k] if k < len(lap) else (turns + 1) * length + lap[0]
    return pp + left * (pos - behind) / (ahead - behind)


def completion_chances(state: State, left: float) -> dict[int, float]:
    """For each claimed unfinished section (by index), the chance it is completed before the end:
    its materials delivered count fully, those its owner holds for it (each held material counted
    once, for the owner's sections in table order) count ``HELD_SHARE``, and what is still
    missing is found with a chance that shrinks with the time left."""
    spare = [dict(me["inventory"]) for me in state["seats"]]
    cards = board.pack_of(state).sections
    out: dict[int, float] = {}
    for i, sec in enumerate(state["sections"]):
        owner = sec["owner"]
        if owner is None or sec["done"]:
            continue
        cost = cards[sec["card"]].cost
        total = sum(cost.values())
        covered = 0.0
        for mat, n in cost.items():
            delivered = sec["delivered"].get(mat, 0)
            held = min(spare[owner][mat], n - delivered)
            spare[owner][mat] -= held
            covered += delivered + HELD_SHARE * held
        share = covered / total
        out[i] = share + (1.0 - share) * OPEN_CHANCE * left
    return out


def tower_points(state: State, chances: dict[int, float]) -> list[float]:
    """Each seat's PP from the towers if every claimed section is completed with its chance: a
    tower's value and each seat's presence in it counted in expectation, then scored by the table's
    rule (halving down the places, or the 2-player rule: the first the value, the second a third,
    a tie nothing)."""
    pack = board.pack_of(state)
    rules = pack.rules
    two = pack.setups[len(state["players"])].tower_rule == "two_player"
    out = [0.0] * len(state["players"])
    for tower in state["towers"]:
        value = 0.0
        presence = [0.0] * len(out)
        for i in tower:
            sec = state["sections"][i]
            owner = sec["owner"]
            done = 1.0 if sec["done"] else chances.get(i, 0.0)
            value += done * rules.completed_value
            if owner is not None:
                presence[owner] += done
            if sec["ornament"]:
                value += rules.ornament_value
                presence[sec["ornament"]["seat"]] += 1.0
        ranked = sorted((p for p in range(len(out)) if presence[p] > 0), key=lambda p: -presence[p])
        if two:
            if len(ranked) == 2 and abs(presence[ranked[0]] - presence[ranked[1]]) < 1e-9:
                continue
            for place, p in enumerate(ranked):
                out[p] += value if place == 0 else value / 3
            continue
        share = value
        for p in ranked:
            out[p] += share
            share /= 2
    return out


def evaluate(state: State) -> list[float]:
    """Each seat's final PP as the position promises it (see the module's docstring); a finished
    game's totals as scored."""
    result = state["result"]
    if result is not None:
        return [float(s["total"]) for s in result["seats"]]
    pack = board.pack_of(state)
    lap, left = pack.prestige, time_left(state)
    chances = completion_chances(state, left)
    rp = [0.0] * len(state["players"])
    rubles = [float(me["rubles"]) for me in state["seats"]]
    needed = [dict.fromkeys(m.MATERIALS, 0) for _ in state["seats"]]
    for i, chance in chances.items():
        sec = state["sections"][i]
        owner = sec["owner"]
        assert owner is not None, "a chance is kept for claimed sections only"
        card = pack.sections[sec["card"]]
        rp[owner] += chance * card.rp
        rubles[owner] += chance * card.rubles
        for mat, n in card.cost.items():
            needed[owner][mat] += max(0, n - sec["delivered"].get(mat, 0))
    towers = tower_points(state, chances)
    out = []
    for p, me in enumerate(state["seats"]):
        spare = sum(max(0, n - needed[p][mat]) for mat, n in me["inventory"].items())
        jewels = sum(max(0, me["inventory"][j] - needed[p][j]) for j in m.JEWELS)
        later = (
            RUBLE * rubles[p]
            + MATERIAL * spare
            + JEWEL * jewels
            + BANNER * (me["banners"]["inventory"] + me["banners"]["board"])
            + ORNAMENT * sum(me["ornaments"].values())
            + TILE * sum(1 for s in me["slots"].values() if s is not None and s["up"])
        )
        track = track_pp(lap, me["pos"] + rp[p], left)
        out.append(track + towers[p] + (spare + rubles[p]) / pack.rules.leftovers_per_pp + left * later)
    return out


__all__ = ["determinize", "evaluate", "time_left", "tower_points", "track_pp"]
