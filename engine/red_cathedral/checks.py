"""Rules that tie rows of a Red Cathedral pack together; each failure names the file, the row and
the field (:meth:`engine.core.datapack.Pack.fail`), or the file and family for a missing row."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..core.datapack import PackError
from . import model as m
from .types import Level


def run(pack: m.Pack) -> None:
    """Every cross-row rule; raises :class:`PackError` at the first failure."""
    _components(pack)
    _track(pack)
    _market(pack)
    _cathedral(pack)
    _workshop(pack)


def _all_present(file: str, family: str, have: object, wanted: tuple[str, ...] | tuple[int, ...]) -> None:
    missing = [str(w) for w in wanted if w not in have]  # type: ignore[operator]
    if missing:
        raise PackError(f"{file}: {family}: rows missing for {', '.join(missing)}")


def _components(pack: m.Pack) -> None:
    _all_present("components.toml", "material", pack.materials, m.MATERIALS)
    _all_present("components.toml", "colour", pack.colours, m.DICE)
    _all_present("components.toml", "ornament", pack.ornaments, m.ORNAMENTS)
    _all_present("components.toml", "setup", pack.setups, (2, 3, 4))
    for mat in pack.materials.values():
        if mat.jewel != (mat.id in m.JEWELS):
            pack.fail("material", mat, "jewel", "green and purple are the jewels, and only they")
    for col in pack.colours.values():
        if col.player == (col.id == "white"):
            pack.fail("colour", col, "player", "white is the one die colour nobody plays")
    levels = Counter(o.level for o in pack.ornaments.values())
    for orn in pack.ornaments.values():
        if levels[orn.level] > 1:
            pack.fail("ornament", orn, "level", f"another ornament also decorates {orn.level} sections")
    rules = pack.rules
    if rules.banners_in_inventory > rules.banners or rules.banners_in_inventory >= rules.inventory:
        pack.fail("rules", rules, "banners_in_inventory", "must leave inventory space and not exceed the banners")
    if rules.sections_to_end > rules.banners:
        pack.fail("rules", rules, "sections_to_end", "a player can complete at most one section per banner")
    if rules.die_faces >= rules.market_spaces:
        pack.fail("rules", rules, "die_faces", "a die must never come back to its own space with a plain move")
    for setup in pack.setups.values():
        if len(setup.rubles) != setup.players:
            pack.fail("setup", setup, "rubles", f"one amount per seat: {setup.players}, got {len(setup.rubles)}")


def _track(pack: m.Pack) -> None:
    track, rows = pack.track, pack.rows["prestige_space"]
    if len(rows) != track.prestige_per_lap:
        pack.fail("track", track, "prestige_per_lap", f"the pack lists {len(rows)} prestige spaces")
    previous = 0
    for i, row in enumerate(sorted(rows, key=lambda r: r.pp), start=1):  # type: ignore[attr-defined]
        assert isinstance(row, m.PrestigeSpace)
        if row.pp != i:
            pack.fail("prestige_space", row, "pp", f"prestige spaces must be numbered 1..{len(rows)}; {i} is missing")
        if row.space <= previous or row.space > track.lap:
            pack.fail(
                "prestige_space", row, "space", f"must lie after space {previous} and within the lap of {track.lap}"
            )
        previous = row.space
    if previous != track.lap:
        pack.fail("track", track, "lap", f"the last prestige space ({previous}) must end the lap")
    if track.start >= pack.prestige[0]:
        pack.fail("track", track, "start", "the markers start before the first prestige space")


def _market(pack: m.Pack) -> None:
    tiles = list(pack.resource_tiles.values())
    if len(tiles) != pack.rules.market_spaces:
        raise PackError(f"market.toml: resource_tile: {len(tiles)} tiles for {pack.rules.market_spaces} market spaces")
    crosses = [t for t in tiles if t.cross]
    if len(crosses) != 1:
        row = crosses[1] if crosses else tiles[0]
        pack.fail("resource_tile", row, "cross", f"exactly one tile carries the cross, found {len(crosses)}")
    for group in m.GROUPS:
        if not any(c.group == group for c in pack.influence.values()):
            raise PackError(f"market.toml: influence_card: no card of the {group}")
    for card in pack.influence.values():
        for which, prefix in ((1, "a"), (2, "b")):
            tag, cost, gain = card.action(which)
            _keys(pack, card, f"{prefix}_cost", cost, m.COSTS)
            _keys(pack, card, f"{prefix}_gain", gain, m.GAINS)
            if not gain:
                pack.fail("influence_card", card, f"{prefix}_gain", "an action must give something")
            if tag == "repeat" and not cost:
                pack.fail("influence_card", card, f"{prefix}_cost", "a repeatable action must cost something")


def _keys(pack: m.Pack, row: m.Row, field: str, table: Iterable[str], allowed: tuple[str, ...]) -> None:
    family = "influence_card" if isinstance(row, m.InfluenceCard) else "section"
    for key in table:
        if key not in allowed:
            pack.fail(family, row, field, f"unknown item {key!r} (known: {', '.join(allowed)})")


def _cathedral(pack: m.Pack) -> None:
    for sec in pack.sections.values():
        _keys(pack, sec, "cost", sec.cost, m.MATERIALS)
        if not sec.cost:
            pack.fail("section", sec, "cost", "a section must cost something")
    have = Counter(s.level for s in pack.sections.values())
    for players in (2, 3, 4):
        if not any(p.players == players for p in pack.plans.values()):
            raise PackError(f"cathedral.toml: plan: no building plan for {players} players")
    for plan in pack.plans.values():
        setup = pack.setups[plan.players]
        if len(plan.middles) != setup.towers:
            pack.fail("plan", plan, "middles", f"{plan.players} players build {setup.towers} towers")
        sections = 2 * len(plan.middles) + sum(plan.middles)
        if sections != plan.players * pack.rules.banners:
            pack.fail(
                "plan",
                plan,
                "middles",
                f"{sections} sections, but {plan.players} players hold {plan.players * pack.rules.banners} banners",
            )
        need: dict[Level, int] = {"base": len(plan.middles), "middle": sum(plan.middles), "dome": len(plan.middles)}
        for level, n in need.items():
            if have[level] < n:
                pack.fail("plan", plan, "middles", f"needs {n} {level} sections, the pack has {have[level]}")


def _workshop(pack: m.Pack) -> None:
    _all_present("workshop.toml", "basic", pack.workshop, m.SLOTS)
    _all_present("workshop.toml", "advanced", pack.advanced, m.SLOTS)
    for space in pack.workshop.values():
        if space.colour != space.slot.split("-")[0]:
            pack.fail(
                "workshop_space",
                space,
                "colour",
                f"slot {space.slot} is activated by the {space.slot.split('-')[0]} die",
            )
    held = Counter(a.holds for a in pack.advanced.values())
    for adv in pack.advanced.values():
        if (adv.holds == "banner") != adv.slot.startswith("white"):
            pack.fail("advanced_space", adv, "holds", "banners lie on the white slots, ornaments on the coloured ones")
    for orn in pack.ornaments.values():
        if held[orn.id] != orn.per_player:
            raise PackError(f"workshop.toml: advanced: {held[orn.id]} {orn.id} slots for {orn.per_player} per player")
    for tile in pack.tiles.values():
        if tile.kind == "resource" and (not tile.item or not tile.amount or tile.die):
            pack.fail("workshop_tile", tile, "item", "a resource tile gives an item and an amount, no die")
        if tile.kind == "die" and (not tile.die or tile.item or tile.amount):
            pack.fail("workshop_tile", tile, "die", "a die tile names a die colour and nothing else")
    for setup in pack.setups.values():
        usable = [t for t in pack.tiles.values() if setup.three_plus_tiles or not t.three_plus]
        sections = setup.players * pack.rules.banners
        if len(usable) < sections:
            raise PackError(
                f"workshop.toml: tile: {len(usable)} tiles usable at {setup.players} players for {sections} sections"
            )
