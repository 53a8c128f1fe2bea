"""A new Lisboa game for 2-4 players (rulebook pp. 5-7; Bodoge summary §セットアップ).

All randomness goes through :mod:`engine.core.rng` on ``state["rng"]``, in the order below, so a
seed replays the same table. Both the rulebook and the Bodoge summary have each player draw 2 clergy tiles, keep 1
and return 1 *before* the 6 church tiles are drawn (Bodoge summary §セットアップ > 教会 2-3,
rulebook p. 5 before p. 6): ``setup`` therefore
ends with the keep decision (D01) open and :func:`keep_clergy` fills the church once all kept.

State shape (plain JSON, typed by :class:`.types.LState`; dict keys are strings; stacks are lists with the top first)::

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
from typing import cast

from ..core import rng
from ..core.records import Seeded
from ..core.spec import Options
from .data import PACKS, default_pack
from .model import Pack
from .types import (
    Board,
    Box,
    BuildingStack,
    Church,
    City,
    Decrees,
    LOptions,
    LState,
    Political,
    SetupRecord,
    later_deck,
)

RULES_VERSION = 1
OPTION_DEFAULTS: LOptions = {"starting_draft": False, "gold_only_when_stuck": False}
ARCHITECTS = ("blue", "green")


def _draw(state: Seeded, bag: list[str]) -> str:
    """Take one item at random out of ``bag``."""
    return bag.pop(rng.randbelow(state, len(bag)))


def _counts(pack: Pack, items: list[str] | None = None) -> dict[str, int]:
    found = Counter(items or [])
    return {d: found[d] for d in pack.rubble}


def _options(options: Options) -> LOptions:
    unknown = sorted(set(options) - set(OPTION_DEFAULTS))
    if unknown:
        raise ValueError(f"unknown Lisboa option(s): {', '.join(unknown)}")
    # a boundary: the table's options as the lobby parsed them (both yes/no, engine.lisboa.options)
    return cast(LOptions, {**OPTION_DEFAULTS, **options})


def setup(players: list[str], options: Options, seed: int, pack: Pack | None = None) -> LState:
    """A new game; ``players`` in seat order from the start player (who most recently visited Lisbon)."""
    pack = pack or default_pack()
    n = len(players)
    if n not in pack.player_counts:
        raise ValueError(f"Lisboa is played by {min(pack.player_counts)}-{max(pack.player_counts)} players, not {n}")
    table, start = pack.player_counts[n], pack.player
    opts = _options(options)
    drawn: Seeded = {"rng": rng.seed_state(seed)}  # every draw of the set-up, in the order below
    box: Box = {"political": [], "plans": [], "ships": [], "decrees": [], "rubble": _counts(pack)}
    boards = [_board(pack, seat) for seat in range(n)]
    # Rulebook p. 5 / Bodoge summary §セットアップ > 謁見チップ: one favor set per player in the rubble
    # bag; each draws 1.
    favor_bag = [noble for noble in pack.nobles for _ in range(table.favors_per_noble)]
    for board in boards:
        board["favors"] = sorted(_draw(drawn, favor_bag) for _ in range(start.favor_draw))
    favors = {noble: favor_bag.count(noble) for noble in pack.nobles}
    # rulebook p. 5 / Bodoge summary §セットアップ > 教会 2: each player draws 2 clergy tiles to keep 1 (D01).
    clergy_bag = list(pack.clergy)
    offers = [sorted(_draw(drawn, clergy_bag) for _ in range(start.clergy_draw)) for _ in players]
    chosen: SetupRecord = {
        "clergy_offers": offers,
        "clergy_kept": [None] * n,
        "draft": "pending" if opts["starting_draft"] else "off",
    }
    church: Church = {
        "spaces": {t: None for t in pack.church_tiles},
        "cardinal": pack.church.cardinal_start,
        "lying": False,
        "bag": clergy_bag,
    }
    buildings, plans = _buildings_and_plans(drawn, pack, boards, box)
    offices = _offices(pack, n, table.dummy_officials_per_office)
    city = _city(drawn, pack, table.covered_rows)
    decrees = _decrees(drawn, pack, n)
    _rubble(drawn, pack, table.covered_rows, city, box)
    political = _political(drawn, pack, boards, box)
    shipyard, ships_era2 = _ships(pack, table.ships_per_colour, box)
    return {
        "game": "lisboa",
        "rules_version": RULES_VERSION,
        "pack": PACKS.record(pack),
        "options": opts,
        "players": list(players),
        "seed": seed,
        "rng": drawn["rng"],
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
        "box": box,
        "boards": boards,
        "favors": favors,
        "setup": chosen,
        "church": church,
        "buildings": buildings,
        "plans": plans,
        "prices": {g.id: g.start_price for g in pack.goods.values()},
        "treasury": pack.treasury.start,
        "offices": offices,
        "plaza": {},
        "city": city,
        "decrees": decrees,
        "political": political,
        "shipyard": shipyard,
        "ships_era2": ships_era2,
    }


def _board(pack: Pack, seat: int) -> Board:
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


def _buildings_and_plans(
    drawn: Seeded, pack: Pack, boards: list[Board], box: Box
) -> tuple[dict[str, BuildingStack], dict[str, list[str]]]:
    """Rulebook p. 6 steps 1-3 / Bodoge summary §セットアップ > 施設タイル, 計画チップ."""
    tiles = list(pack.buildings)
    rng.shuffle(drawn, tiles)
    half = len(tiles) // 2
    stacks = {"blue": tiles[:half], "green": tiles[half:]}  # the second stack is flipped green side up
    buildings: dict[str, BuildingStack] = {
        c: {"buildable": s[0] if s else None, "stack": s[1:]} for c, s in stacks.items()
    }
    starting = [p.id for p in pack.plans.values() if p.starting]
    rng.shuffle(drawn, starting)
    for board in boards:
        board["plans"] = [starting.pop()]
    box["plans"] = sorted(starting)
    plans = {
        c: sorted(
            (p.id for p in pack.plans.values() if p.colour == c and not p.starting),
            key=lambda pid: (pack.plans[pid].officials, pid),
        )
        for c in ARCHITECTS
    }
    return buildings, plans


def _offices(pack: Pack, n: int, dummies: int) -> dict[str, dict[str, int]]:
    """One official per player in the start office (the Marquis); 2p: a dummy in each office (rulebook p. 5)."""
    offices: dict[str, dict[str, int]] = {noble: {} for noble in pack.nobles}
    for seat in range(n):
        offices[pack.player.start_office][str(seat)] = pack.player.officials_in_start_office
    for noble in offices:
        if dummies:
            offices[noble]["dummy"] = dummies
    return offices


def _city(drawn: Seeded, pack: Pack, covered: tuple[str, ...]) -> City:
    """City-tile display, scoring tiles, 2p cover (rulebook p. 6 steps 5-7)."""
    display = {t.id: True for t in pack.tile_display.values()}
    used = Counter(t.size for t in pack.tile_display.values())
    scoring = list(pack.scoring_tiles)
    rng.shuffle(drawn, scoring)
    return {
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


def _decrees(drawn: Seeded, pack: Pack, players: int) -> Decrees:
    """8 face up; 2p: a revealed 2p-symbol decree goes to the box and is replaced (rulebook p. 7)."""
    deck = list(pack.decrees)
    rng.shuffle(drawn, deck)
    decrees: Decrees = {"deck": deck, "display": [], "removed": []}
    fill_decrees(decrees, pack, players)
    return decrees


def refill_decrees(state: LState, pack: Pack) -> None:
    """Fill the decree display to its size from the deck (:func:`fill_decrees`)."""
    fill_decrees(state["decrees"], pack, len(state["players"]))


def fill_decrees(d: Decrees, pack: Pack, players: int) -> None:
    """Fill the decree display to its size from the deck, boxing 2p-symbol cards in 2p (rulebook p. 7, p. 22)."""
    filtering = pack.player_counts[players].remove_two_player_decrees
    while len(d["display"]) < pack.setup.decree_display and d["deck"]:
        card = d["deck"].pop(0)
        if filtering and pack.decrees[card].two_player:
            d["removed"].append(card)
        else:
            d["display"].append(card)


def _rubble(drawn: Seeded, pack: Pack, covered: tuple[str, ...], city: City, box: Box) -> None:
    """Rulebook p. 7 steps i-iii: 1 per row and column slot, 2 per site, 6 spare; 2p leftovers to the box."""
    bag = [r.id for r in pack.rubble.values() for _ in range(r.cubes)]
    for row in pack.map_rows.values():
        if row.id not in covered:
            for _ in range(row.rubble_slots):
                city["row_rubble"][row.id][_draw(drawn, bag)] += 1
    for col in pack.columns.values():
        for _ in range(col.rubble_slots):
            city["column_rubble"][str(col.id)][_draw(drawn, bag)] += 1
    for site in pack.sites.values():
        if site.row not in covered:
            for _ in range(site.rubble):
                city["sites"][site.id]["rubble"][_draw(drawn, bag)] += 1
    for _ in range(pack.setup.spare_rubble):
        city["spare_rubble"][_draw(drawn, bag)] += 1
    box["rubble"] = _counts(pack, bag)


def _political(drawn: Seeded, pack: Pack, boards: list[Board], box: Box) -> Political:
    """Rulebook p. 7 steps A-C: shuffle each colour; 5 blue each (rest boxed); red in 4 stacks by back symbol."""
    decks: dict[str, list[str]] = {d: [c.id for c in pack.cards.values() if c.deck == d] for d in pack.decks}
    for cards in decks.values():
        rng.shuffle(drawn, cards)
    by_use = {d.use: d.id for d in pack.decks.values() if not (d.use == "display" and d.era != 1)}
    hand_deck = decks[by_use["start_hand"]]
    for board in boards:
        board["hand"] = [hand_deck.pop(0) for _ in range(pack.setup.blue_per_player)]
    box["political"] = sorted(hand_deck)
    era1 = decks[by_use["display"]]
    display = {kind: [c for c in era1 if pack.cards[c].kind == kind] for kind in pack.setup.display_order}
    political: Political = {"display": display, "purple": [], "brown": []}
    for d in pack.decks.values():
        if d.era == 2:
            political[later_deck(d.id)] = decks[d.id]
    return political


def _ships(pack: Pack, per_colour: int, box: Box) -> tuple[list[str], list[str]]:
    """Players - 1 of each colour; blue on red in the yard, purple on brown aside (rulebook p. 7, p. 22):
    the shipyard and the ships set aside for era 2."""

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
    box["ships"] = sorted(boxed)
    return used[: 2 * per_colour], used[2 * per_colour :]


def keep_clergy(state: LState, seat: int, tile: str) -> None:
    """D01: ``seat`` keeps ``tile`` of its two; once all kept, return the rest and fill the church."""
    s = state["setup"]
    if s["clergy_kept"][seat] is not None:
        raise ValueError(f"seat {seat} already kept a clergy tile")
    if tile not in s["clergy_offers"][seat]:
        raise ValueError(f"seat {seat} was not offered clergy tile {tile!r}")
    s["clergy_kept"][seat] = tile
    kept_tiles = [k for k in s["clergy_kept"] if k is not None]
    if len(kept_tiles) < len(s["clergy_kept"]):
        return
    church = state["church"]
    for board, offer, kept in zip(state["boards"], s["clergy_offers"], kept_tiles, strict=True):
        board["clergy"].append(kept)
        church["bag"] += [t for t in offer if t != kept]
    s["clergy_offers"] = [[] for _ in s["clergy_offers"]]
    fill_church(state)
    if s["draft"] != "pending":
        state["phase"] = "play"


def fill_church(state: LState) -> None:
    """Draw a clergy tile for every empty tile space, in space order (rulebook p. 6, p. 22)."""
    church = state["church"]
    for space in sorted(church["spaces"]):
        if church["spaces"][space] is None and church["bag"]:
            church["spaces"][space] = _draw(state, church["bag"])


def setup_pending(state: LState) -> list[str]:
    """Setup steps still open: ``keep_clergy`` (D01) and/or ``draft`` (D02, optional)."""
    pending = ["keep_clergy"] if any(k is None for k in state["setup"]["clergy_kept"]) else []
    return pending + (["draft"] if state["setup"]["draft"] == "pending" else [])
