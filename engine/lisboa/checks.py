"""Rules that tie rows of a pack together: component counts, decks, cards, decrees, clergy,
ships, plans, player board, scoring. The map, church, tracks and setup tables are checked in
:mod:`.checks_board`. Each failure names the file, the row and the field.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import NoReturn

from . import model as m
from .effects import CLERGY_EFFECTS, REGISTRY
from .errors import PackError
from .schema import COUNT_IDS, NOBLE_IDS


def fail(pack: m.Pack, family: str, row: m.Row, field: str, message: str) -> NoReturn:
    """Raise :class:`PackError` naming ``row``'s file, its place in ``family`` and ``field``."""
    pack.fail(family, row, field, message)


def run(pack: m.Pack) -> None:
    """These cross-row rules (:mod:`.data` runs :mod:`.checks_board`'s next); raises
    :class:`PackError` at the first failure."""
    _counts(pack)
    _cards(pack)
    _decrees(pack)
    _clergy(pack)
    _ships_plans(pack)
    _player(pack)


def _total(pack: m.Pack, key: str, actual: int, what: str) -> None:
    row = pack.counts[key]
    if row.total != actual:
        fail(pack, "count", row, "total", f"the pack has {actual} {what}, this row says {row.total}")


def _counts(pack: m.Pack) -> None:
    missing = [c for c in COUNT_IDS if c not in pack.counts]
    if missing:
        raise PackError(f"components.toml: count: rows missing for {', '.join(missing)}")
    _total(pack, "political_cards", len(pack.cards), "political cards")
    _total(pack, "decrees", len(pack.decrees), "decrees")
    _total(pack, "clergy_tiles", len(pack.clergy), "clergy tiles")
    _total(pack, "plans", len(pack.plans), "plans")
    _total(pack, "starting_plans", sum(p.starting for p in pack.plans.values()), "starting plans")
    _total(pack, "ship_cards", sum(s.copies for s in pack.ships.values()), "ship cards (sum of copies)")
    _total(pack, "public_buildings", len(pack.buildings), "public buildings")
    _total(pack, "scoring_tiles", len(pack.scoring_tiles), "scoring tiles")
    _total(pack, "royal_favors", sum(n.favor_tiles for n in pack.nobles.values()), "royal favors")
    _total(pack, "rubble", sum(r.cubes for r in pack.rubble.values()), "rubble cubes")
    _total(pack, "goods_tokens", sum(g.tokens for g in pack.goods.values()), "goods tokens")
    for size in ("large", "small"):
        lots = sum(lot.size == size for lot in pack.lots.values())
        row = pack.counts[f"city_tiles_{size}"]
        if row.total < lots:
            fail(pack, "count", row, "total", f"{row.total} {size} city tiles cannot fill {lots} {size} lots")
    per_deck = Counter(c.deck for c in pack.cards.values())
    for deck in pack.decks.values():
        if per_deck[deck.id] != deck.cards:
            fail(
                pack,
                "deck",
                deck,
                "cards",
                f"{per_deck[deck.id]} cards name deck {deck.id!r}, this row says {deck.cards}",
            )


def _signature(card: m.PoliticalCard) -> str:
    return json.dumps(
        [
            card.kind,
            card.influence,
            card.bottom,
            card.bottom_params,
            card.centre,
            card.centre_params,
            card.permanent,
            card.permanent_params,
        ],
        sort_keys=True,
    )


def _cards(pack: m.Pack) -> None:
    for card in pack.cards.values():
        if card.is_noble:
            for name in ("influence", "bottom"):
                if getattr(card, name) is None:
                    fail(pack, "card", card, name, "a noble card needs an influence value and a bottom effect")
            for name in ("centre", "permanent"):
                if getattr(card, name) is not None:
                    fail(pack, "card", card, name, "only treasury cards have centre and permanent effects")
        else:
            for name in ("centre", "permanent"):
                if getattr(card, name) is None:
                    fail(pack, "card", card, name, "a treasury card needs a centre action and a permanent effect")
            for name in ("influence", "bottom"):
                if getattr(card, name) is not None:
                    fail(pack, "card", card, name, "treasury cards have no influence value or bottom effect")
        if card.permanent == "TP-01":
            colour = pack.rubble[card.permanent_params["rubble"]]
            if card.permanent_params["n"] > colour.land_cost:
                fail(
                    pack,
                    "card",
                    card,
                    "permanent_params",
                    f"TP-01 n {card.permanent_params['n']} exceeds the {colour.id} land cost {colour.land_cost}",
                )
    for deck in pack.decks.values():
        cards = [c for c in pack.cards.values() if c.deck == deck.id]
        if deck.per_kind is None:
            continue
        for kind, n in Counter(c.kind for c in cards).items():
            if n != deck.per_kind:
                fail(
                    pack, "deck", deck, "per_kind", f"stack {kind!r} has {n} cards, not {deck.per_kind} (rulebook p. 7)"
                )
        seen: dict[str, m.PoliticalCard] = {}
        for card in cards:
            sig = _signature(card)
            if sig in seen:
                fail(
                    pack,
                    "card",
                    card,
                    "id",
                    f"same values as {seen[sig].id!r}; every card of a display stack is different (rulebook p. 7)",
                )
            seen[sig] = card
    _penalties(pack)


def _penalties(pack: m.Pack) -> None:
    """Penalty cards carry more influence than the other cards of their era (rulebook p. 10)."""
    for era in {d.era for d in pack.decks.values()}:
        nobles = [c for c in pack.cards.values() if c.is_noble and pack.decks[c.deck].era == era]
        others = [c.influence or 0 for c in nobles if not REGISTRY[c.bottom or ""].penalty]
        ceiling = max(others, default=-1)
        for card in nobles:
            if REGISTRY[card.bottom or ""].penalty and (card.influence or 0) <= ceiling:
                fail(
                    pack,
                    "card",
                    card,
                    "influence",
                    f"a penalty card must carry more influence than every "
                    f"non-penalty noble card of era {era} (max {ceiling}; rulebook p. 10)",
                )


def _decrees(pack: m.Pack) -> None:
    covered = {r for pc in pack.player_counts.values() for r in pc.covered_rows}
    street_types = {s.type for s in pack.streets.values()}
    for d in pack.decrees.values():
        effect = REGISTRY[d.type]
        if effect.fixed_wigs is not None and d.wigs != effect.fixed_wigs:
            fail(pack, "decree", d, "wigs", f"{d.type} always scores {effect.fixed_wigs} ({effect.source})")
        lo, hi = effect.wigs_range
        if effect.fixed_wigs is None and not lo <= d.wigs <= hi:
            fail(pack, "decree", d, "wigs", f"{d.type} prints X = {lo}..{hi}, got {d.wigs}")
        if d.params.get("row") in covered and not d.two_player:
            fail(
                pack,
                "decree",
                d,
                "two_player",
                f"names row {d.params['row']!r}, which the 2-player game covers, so it must carry the 2-player symbol",
            )
        if "street" in d.params and d.params["street"] not in street_types:
            fail(pack, "decree", d, "params", f"no street has type {d.params['street']!r}")


def _clergy(pack: m.Pack) -> None:
    """Each of the 37 clergy tiles has its own effect (Bodoge summary §特殊効果 > 教会チップ)."""
    seen: dict[str, m.ClergyTile] = {}
    for tile in pack.clergy.values():
        if tile.effect in seen:
            fail(
                pack,
                "clergy",
                tile,
                "effect",
                f"{tile.effect} is already on tile {seen[tile.effect].id!r}; every clergy tile has a unique effect",
            )
        seen[tile.effect] = tile
    missing = [e for e in CLERGY_EFFECTS if e not in seen]
    if missing:
        raise PackError(f"clergy.toml: tile: no tile carries {', '.join(missing)}")


def _ships_plans(pack: m.Pack) -> None:
    hulls: dict[int, m.ShipType] = {}
    for ship in pack.ships.values():
        if ship.hull in hulls:
            fail(pack, "ship", ship, "hull", f"hull {ship.hull} already belongs to {hulls[ship.hull].id!r}")
        hulls[ship.hull] = ship
    for era in (1, 2):
        yard = sorted(s.yard for s in pack.ships.values() if s.era == era)
        if yard != ["bottom", "top"]:
            row = next((s for s in pack.ships.values() if s.era == era), next(iter(pack.ships.values())))
            fail(pack, "ship", row, "yard", f"era {era} needs one ship colour on top and one below, got {yard}")
    for colour in ("blue", "green"):
        if not any(p.colour == colour and not p.starting for p in pack.plans.values()):
            raise PackError(f"plans.toml: plan: no non-starting {colour} plan")


def _player(pack: m.Pack) -> None:
    p = pack.player
    groups: Counter[str] = Counter()
    for space in pack.store_groups.values():
        groups[space.group] += 1
    for space in pack.store_groups.values():
        if space.house > groups[space.group]:
            fail(pack, "store_group", space, "house", f"group {space.group!r} has only {groups[space.group]} houses")
    if sum(groups.values()) != p.houses:
        fail(pack, "player", p, "houses", f"the store groups hold {sum(groups.values())} houses")
    if p.officials_in_start_office > p.officials:
        fail(pack, "player", p, "officials_in_start_office", "more than the officials a player has")
    if p.clergy_keep > p.clergy_draw:
        fail(pack, "player", p, "clergy_keep", "cannot keep more clergy tiles than are drawn")
    if any(v > pack.influence.max for v in p.influence_by_seat):
        fail(pack, "player", p, "influence_by_seat", f"above the influence track's max {pack.influence.max}")
    orders = sorted(n.order for n in pack.nobles.values())
    if orders != list(range(1, len(NOBLE_IDS) + 1)) or len(pack.nobles) != len(NOBLE_IDS):
        raise PackError(f"components.toml: noble: need maia, marquis and king with orders 1..3, got {orders}")
    actions = Counter(a for n in pack.nobles.values() for a in n.state_actions)
    for noble in pack.nobles.values():
        for action in noble.state_actions:
            if actions[action] > 1:
                fail(pack, "noble", noble, "state_actions", f"{action!r} belongs to two nobles")
    if len({n.noble_action for n in pack.nobles.values()}) != len(pack.nobles):
        raise PackError("components.toml: noble: field 'noble_action': each noble needs its own noble action")
    store_goods = [mj.good for mj in pack.majorities.values() if mj.counts == "stores"]
    for mj in pack.majorities.values():
        if mj.counts == "stores" and mj.good is None:
            fail(pack, "majority", mj, "good", "a store majority names its good")
        if list(mj.ranks) != sorted(mj.ranks, reverse=True):
            fail(pack, "majority", mj, "ranks", "values must not increase with rank")
    if sorted(g for g in store_goods if g) != sorted(pack.goods) or len(store_goods) != len(pack.goods):
        raise PackError("scoring.toml: majority: need exactly one store majority per good")
    if sum(mj.counts == "officials" for mj in pack.majorities.values()) != 1:
        raise PackError("scoring.toml: majority: need exactly one officials majority")
