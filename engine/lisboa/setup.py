"""A new Lisboa game for 2-4 players (rulebook pp. 5-7; Bodoge summary §セットアップ).

All randomness goes through :mod:`engine.core.rng` on ``state["rng"]``, in the order below, so a
seed replays the same table. Both the rulebook and the Bodoge summary have each player draw 2 clergy tiles, keep 1
and return 1 *before* the 6 church tiles are drawn (Bodoge summary §セットアップ > 教会 2-3,
rulebook p. 5 before p. 6): ``setup`` therefore
ends with the keep decision (D01) open and :func:`keep_clergy` fills the church once all kept.

State shape (plain JSON; dict keys are strings; stacks are lists with the top first)::

    game "lisboa", rules_version, pack {name, fingerprint, provisional}  # pack the game was set up with
    options {starting_draft, gold_only_when_stuck}, players [names], seed, rng, step
    phase "setup" | "play"; setup {clergy_offers [[t, t]/seat], clergy_kept [t|None/seat],
                                   draft "off" | "pending" | "done"}
    era 1, round 1, start_player 0, turn 0, decision None, frames [], end None, over False, result None
    treasury     index into pack.treasury_spaces (0 = bottom)
    prices       {good: price}
    offices      {noble: {owner: n}}   owner = seat as "0".."3", or "dummy" (2p)
    plaza        {owner: n}
    favors       {noble: n}            Royal Favors on the noble portraits
    political    {display {kind: [card ids]} (top face up), purple [deck], brown [deck]}
    decrees      {deck [ids], display [8 ids], removed [2p-symbol ids revealed and boxed]}
    shipyard     [ship ids]            ("ship-blue-1"...), era-1 colours; top first
    ships_era2   [ship ids]            set aside: purple on top of brown (rulebook p. 22)
    buildings    {blue|green: {buildable id|None, stack [ids]}}   tile shows that colour's face
    plans        {blue|green: [plan ids]}   fewest officials on top
    city         {lots {lot: None | {owner, type, street}}, covered_rows [rows],
                  sites {site: {rubble {disaster: n}, building None | {id, face}}},
                  row_rubble {row: {disaster: n}}, column_rubble {column: {disaster: n}},
                  spare_rubble {disaster: n}, tile_display {space: bool}, tiles {large, small},
                  scoring {space: value}}
    church       {spaces {tile space: tile|None}, cardinal path id, lying False, bag [tile ids]}
    box          {political [ids], plans [ids], ships [ids], decrees [ids], rubble {disaster: n}}
    boards       [{reis, wigs, influence, goods {good: n}, hand [ids], portfolio {top [], bottom []},
                   holds {ship id: {goods [], sailing bool}}, rubble {disaster: n}, sets, set_markers,
                   marquis_markers, houses {left, middle, right}, officials, clergy [ids],
                   favors [nobles], plans [ids], completed_plans [ids], decrees [ids]}]

Hidden: hands, the decks' order, the clergy bag, the clergy offers and the box
(:func:`engine.lisboa.views.public_view` hides them).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core import rng
from .data import PACKS, default_pack
from .model import Pack

RULES_VERSION = 1
OPTION_DEFAULTS: dict[str, Any] = {"starting_draft": False, "gold_only_when_stuck": False}
ARCHITECTS = ("blue", "green")


def _draw(state: dict[str, Any], bag: list[Any]) -> Any:
    """Take one item at random out of ``bag``."""
    return bag.pop(rng.randbelow(state, len(bag)))


def _counts(pack: Pack, items: list[str] | None = None) -> dict[str, int]:
    found = Counter(items or [])
    return {d: found[d] for d in pack.rubble}


def _options(options: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(options) - set(OPTION_DEFAULTS))
    if unknown:
        raise ValueError(f"unknown Lisboa option(s): {', '.join(unknown)}")
    return {**OPTION_DEFAULTS, **options}


def setup(players: list[str], options: dict[str, Any], seed: int, pack: Pack | None = None) -> dict[str, Any]:
    """A new game; ``players`` in seat order from the start player (who most recently visited Lisbon)."""
    pack = pack or default_pack()
    n = len(players)
    if n not in pack.player_counts:
        raise ValueError(f"Lisboa is played by {min(pack.player_counts)}-{max(pack.player_counts)} players, not {n}")
    table, start = pack.player_counts[n], pack.player
    opts = _options(options)
    state: dict[str, Any] = {
        "game": "lisboa",
        "rules_version": RULES_VERSION,
        "pack": PACKS.record(pack),
        "options": opts,
        "players": list(players),
        "seed": seed,
        "rng": rng.seed_state(seed),
        "step": 0,
        "phase": "setup",
        "era": 1,
        "round": 1,
        "start_player": 0,
        "turn": 0,
        "decision": None,
        "frames": [],
        "end": None,
        "over": False,
        "result": None,
        "box": {"political": [], "plans": [], "ships": [], "decrees": [], "rubble": _counts(pack)},
    }
    boards = [_board(pack, seat) for seat in range(n)]
    state["boards"] = boards
    # Rulebook p. 5 / Bodoge summary §セットアップ > 謁見チップ: one favor set per player in the rubble
    # bag; each draws 1.
    favor_bag = [noble for noble in pack.nobles for _ in range(table.favors_per_noble)]
    for board in boards:
        board["favors"] = sorted(_draw(state, favor_bag) for _ in range(start.favor_draw))
    state["favors"] = {noble: favor_bag.count(noble) for noble in pack.nobles}
    # rulebook p. 5 / Bodoge summary §セットアップ > 教会 2: each player draws 2 clergy tiles to keep 1 (D01).
    clergy_bag = list(pack.clergy)
    offers = [sorted(_draw(state, clergy_bag) for _ in range(start.clergy_draw)) for _ in players]
    state["setup"] = {
        "clergy_offers": offers,
        "clergy_kept": [None] * n,
        "draft": "pending" if opts["starting_draft"] else "off",
    }
    state["church"] = {
        "spaces": {t: None for t in pack.church_tiles},
        "cardinal": pack.church.cardinal_start,
        "lying": False,
        "bag": clergy_bag,
    }
    _buildings_and_plans(state, pack, boards)
    state["prices"] = {g.id: g.start_price for g in pack.goods.values()}
    state["treasury"] = pack.treasury.start
    _offices(state, pack, n, table.dummy_officials_per_office)
    _city(state, pack, table.covered_rows)
    _decrees(state, pack)
    _rubble(state, pack, table.covered_rows)
    _political(state, pack, boards)
    _ships(state, pack, table.ships_per_colour)
    return state


def _board(pack: Pack, seat: int) -> dict[str, Any]:
    p = pack.player
    groups = Counter(s.group for s in pack.store_groups.values())
    return {
        "reis": p.reis,
        "wigs": p.wigs,
        "influence": p.influence_by_seat[seat],
        "goods": {g: p.goods_each for g in pack.goods},
        "hand": [],
        "portfolio": {"top": [], "bottom": []},
        "holds": {},
        "rubble": _counts(pack),
        "sets": 0,
        "set_markers": p.set_markers,
        "marquis_markers": 0,
        "houses": dict(sorted(groups.items())),
        "officials": p.officials - p.officials_in_start_office,
        "clergy": [],
        "favors": [],
        "plans": [],
        "completed_plans": [],
        "decrees": [],
    }


def _buildings_and_plans(state: dict[str, Any], pack: Pack, boards: list[dict[str, Any]]) -> None:
    """Rulebook p. 6 steps 1-3 / Bodoge summary §セットアップ > 施設タイル, 計画チップ."""
    tiles = list(pack.buildings)
    rng.shuffle(state, tiles)
    half = len(tiles) // 2
    stacks = {"blue": tiles[:half], "green": tiles[half:]}  # the second stack is flipped green side up
    state["buildings"] = {c: {"buildable": s[0] if s else None, "stack": s[1:]} for c, s in stacks.items()}
    starting = [p.id for p in pack.plans.values() if p.starting]
    rng.shuffle(state, starting)
    for board in boards:
        board["plans"] = [starting.pop()]
    state["box"]["plans"] = sorted(starting)
    state["plans"] = {
        c: sorted(
            (p.id for p in pack.plans.values() if p.colour == c and not p.starting),
            key=lambda pid: (pack.plans[pid].officials, pid),
        )
        for c in ARCHITECTS
    }


def _offices(state: dict[str, Any], pack: Pack, n: int, dummies: int) -> None:
    """One official per player in the start office (the Marquis); 2p: a dummy in each office (rulebook p. 5)."""
    offices: dict[str, dict[str, int]] = {noble: {} for noble in pack.nobles}
    for seat in range(n):
        offices[pack.player.start_office][str(seat)] = pack.player.officials_in_start_office
    for noble in offices:
        if dummies:
            offices[noble]["dummy"] = dummies
    state["offices"] = offices
    state["plaza"] = {}


def _city(state: dict[str, Any], pack: Pack, covered: tuple[str, ...]) -> None:
    """City-tile display, scoring tiles, 2p cover (rulebook p. 6 steps 5-7)."""
    display = {t.id: True for t in pack.tile_display.values()}
    used = Counter(t.size for t in pack.tile_display.values())
    scoring = list(pack.scoring_tiles)
    rng.shuffle(state, scoring)
    state["city"] = {
        "lots": {lot.id: None for lot in pack.lots.values() if lot.row not in covered},
        "covered_rows": list(covered),
        "sites": {
            s.id: {"rubble": _counts(pack), "building": None} for s in pack.sites.values() if s.row not in covered
        },
        "row_rubble": {r: _counts(pack) for r in pack.map_rows if r not in covered},
        "column_rubble": {str(c): _counts(pack) for c in pack.columns},
        "spare_rubble": _counts(pack),
        "tile_display": display,
        "tiles": {size: pack.count(f"city_tiles_{size}") - used[size] for size in ("large", "small")},
        "scoring": {str(i): pack.scoring_tiles[t].value for i, t in enumerate(scoring, start=1)},
    }


def _decrees(state: dict[str, Any], pack: Pack) -> None:
    """8 face up; 2p: a revealed 2p-symbol decree goes to the box and is replaced (rulebook p. 7)."""
    deck = list(pack.decrees)
    rng.shuffle(state, deck)
    state["decrees"] = {"deck": deck, "display": [], "removed": []}
    refill_decrees(state, pack)


def refill_decrees(state: dict[str, Any], pack: Pack) -> None:
    """Fill the decree display to its size from the deck, boxing 2p-symbol cards in 2p (rulebook p. 7, p. 22)."""
    d = state["decrees"]
    filtering = pack.player_counts[len(state["players"])].remove_two_player_decrees
    while len(d["display"]) < pack.setup.decree_display and d["deck"]:
        card = d["deck"].pop(0)
        if filtering and pack.decrees[card].two_player:
            d["removed"].append(card)
        else:
            d["display"].append(card)


def _rubble(state: dict[str, Any], pack: Pack, covered: tuple[str, ...]) -> None:
    """Rulebook p. 7 steps i-iii: 1 per row and column slot, 2 per site, 6 spare; 2p leftovers to the box."""
    bag = [r.id for r in pack.rubble.values() for _ in range(r.cubes)]
    city = state["city"]
    for row in pack.map_rows.values():
        if row.id not in covered:
            for _ in range(row.rubble_slots):
                city["row_rubble"][row.id][_draw(state, bag)] += 1
    for col in pack.columns.values():
        for _ in range(col.rubble_slots):
            city["column_rubble"][str(col.id)][_draw(state, bag)] += 1
    for site in pack.sites.values():
        if site.row not in covered:
            for _ in range(site.rubble):
                city["sites"][site.id]["rubble"][_draw(state, bag)] += 1
    for _ in range(pack.setup.spare_rubble):
        city["spare_rubble"][_draw(state, bag)] += 1
    state["box"]["rubble"] = _counts(pack, bag)


def _political(state: dict[str, Any], pack: Pack, boards: list[dict[str, Any]]) -> None:
    """Rulebook p. 7 steps A-C: shuffle each colour; 5 blue each (rest boxed); red in 4 stacks by back symbol."""
    decks: dict[str, list[str]] = {d: [c.id for c in pack.cards.values() if c.deck == d] for d in pack.decks}
    for cards in decks.values():
        rng.shuffle(state, cards)
    by_use = {d.use: d.id for d in pack.decks.values() if not (d.use == "display" and d.era != 1)}
    hand_deck = decks[by_use["start_hand"]]
    for board in boards:
        board["hand"] = [hand_deck.pop(0) for _ in range(pack.setup.blue_per_player)]
    state["box"]["political"] = sorted(hand_deck)
    era1 = decks[by_use["display"]]
    display = {kind: [c for c in era1 if pack.cards[c].kind == kind] for kind in pack.setup.display_order}
    later = {d.id: decks[d.id] for d in pack.decks.values() if d.era == 2}
    state["political"] = {"display": display, **later}


def _ships(state: dict[str, Any], pack: Pack, per_colour: int) -> None:
    """Players - 1 of each colour; blue on red in the yard, purple on brown aside (rulebook p. 7, p. 22)."""

    def ids(era: int, yard: str) -> list[str]:
        ship = next(s for s in pack.ships.values() if s.era == era and s.yard == yard)
        return [f"ship-{ship.id}-{k}" for k in range(1, ship.copies + 1)]

    used: list[str] = []
    boxed: list[str] = []
    for era in (1, 2):
        for yard in ("top", "bottom"):
            copies = ids(era, yard)
            used += copies[:per_colour]
            boxed += copies[per_colour:]
    state["shipyard"] = used[: 2 * per_colour]
    state["ships_era2"] = used[2 * per_colour :]
    state["box"]["ships"] = sorted(boxed)


def keep_clergy(state: dict[str, Any], seat: int, tile: str) -> None:
    """D01: ``seat`` keeps ``tile`` of its two; once all kept, return the rest and fill the church."""
    s = state["setup"]
    if s["clergy_kept"][seat] is not None:
        raise ValueError(f"seat {seat} already kept a clergy tile")
    if tile not in s["clergy_offers"][seat]:
        raise ValueError(f"seat {seat} was not offered clergy tile {tile!r}")
    s["clergy_kept"][seat] = tile
    if any(k is None for k in s["clergy_kept"]):
        return
    church = state["church"]
    for board, offer, kept in zip(state["boards"], s["clergy_offers"], s["clergy_kept"], strict=True):
        board["clergy"].append(kept)
        church["bag"] += [t for t in offer if t != kept]
    s["clergy_offers"] = [[] for _ in s["clergy_offers"]]
    fill_church(state)
    if s["draft"] != "pending":
        state["phase"] = "play"


def fill_church(state: dict[str, Any]) -> None:
    """Draw a clergy tile for every empty tile space, in space order (rulebook p. 6, p. 22)."""
    church = state["church"]
    for space in sorted(church["spaces"]):
        if church["spaces"][space] is None and church["bag"]:
            church["spaces"][space] = _draw(state, church["bag"])


def setup_pending(state: dict[str, Any]) -> list[str]:
    """Setup steps still open: ``keep_clergy`` (D01) and/or ``draft`` (D02, optional)."""
    pending = ["keep_clergy"] if any(k is None for k in state["setup"]["clergy_kept"]) else []
    return pending + (["draft"] if state["setup"]["draft"] == "pending" else [])
