"""Board consistency of a pack: the city map (rulebook pp. 6-7, p. 17), the church ring (p. 14),
the tracks (pp. 9-11) and the setup tables by player count (pp. 5-7, p. 23).
"""

from __future__ import annotations

from collections import Counter

from . import model as m
from .checks import fail
from .errors import PackError


def run(pack: m.Pack) -> None:
    _tracks(pack)
    _grid(pack)
    _streets_sites(pack)
    _scoring_display(pack)
    _church(pack)
    _setup(pack)


def _tracks(pack: m.Pack) -> None:
    inf = pack.influence
    if any(i >= inf.max for i in inf.reis_icons):
        fail(pack, "influence_track", inf, "reis_icons", f"icons sit below the top space {inf.max}")
    if len(inf.reis_icons) != inf.reis_total:
        fail(
            pack,
            "influence_track",
            inf,
            "reis_icons",
            f"{len(inf.reis_icons)} icons, but reis_total is {inf.reis_total}",
        )
    values = list(pack.prices.values)
    if values != sorted(set(values)):
        fail(pack, "price_track", pack.prices, "values", "prices must strictly increase along the track")
    for good in pack.goods.values():
        if good.start_price not in values:
            fail(pack, "good", good, "start_price", f"{good.start_price} is not a space of the price track {values}")
    if not pack.treasury_spaces:
        raise PackError("tracks.toml: treasury_space: the treasury track needs spaces")
    if pack.treasury.start >= len(pack.treasury_spaces):
        fail(
            pack,
            "treasury_track",
            pack.treasury,
            "start",
            f"index {pack.treasury.start} is past the {len(pack.treasury_spaces)} treasury spaces",
        )


def _grid(pack: m.Pack) -> None:
    cells: dict[tuple[str, int], m.Lot] = {}
    for lot in pack.lots.values():
        cell = (lot.row, lot.column)
        if cell in cells:
            fail(pack, "lot", lot, "column", f"row {lot.row} column {lot.column} already holds lot {cells[cell].id!r}")
        cells[cell] = lot
        col = pack.columns[lot.column]
        if lot.size != col.size:
            fail(pack, "lot", lot, "size", f"column {col.id} holds {col.size} lots")
        for sid in lot.streets:
            if lot.column not in pack.streets[sid].columns:
                fail(pack, "lot", lot, "streets", f"street {sid!r} does not run beside column {lot.column}")
    for row_id in pack.map_rows:
        for col_id in pack.columns:
            if (row_id, col_id) not in cells:
                raise PackError(f"city.toml: lot: no lot at row {row_id!r} column {col_id}")
    for street in pack.streets.values():
        cols = sorted(street.columns)
        if len(cols) == 2 and cols[1] - cols[0] != 1:
            fail(pack, "street", street, "columns", "a street runs between two neighbouring columns")
        if not any(street.id in lot.streets for lot in pack.lots.values()):
            fail(pack, "street", street, "columns", "no lot faces this street")
        for lot in pack.lots.values():
            if lot.column in street.columns and street.id not in lot.streets:
                fail(
                    pack,
                    "lot",
                    lot,
                    "streets",
                    f"street {street.id!r} runs beside column {lot.column} "
                    "but this lot does not list it (adjacency must be symmetric)",
                )


def _streets_sites(pack: m.Pack) -> None:
    sides: Counter[tuple[str, str]] = Counter()
    for site in pack.sites.values():
        if site.side == "top":
            if site.street is None or site.row is not None:
                fail(pack, "site", site, "street", "a top site names its street and no row")
            if pack.streets[site.street].top_site != site.id:
                fail(
                    pack,
                    "site",
                    site,
                    "street",
                    f"street {site.street!r} names top site {pack.streets[site.street].top_site!r}, not this one",
                )
            sides[("top", site.street)] += 1
        else:
            if site.row is None or site.street is not None:
                fail(pack, "site", site, "row", f"a {site.side} site names its row and no street")
            sides[(site.side, site.row)] += 1
        if site.rubble != pack.setup.site_rubble:
            fail(
                pack, "site", site, "rubble", f"every site starts with {pack.setup.site_rubble} rubble (rulebook p. 7)"
            )
    for street in pack.streets.values():
        if street.top_site not in pack.sites:
            fail(pack, "street", street, "top_site", f"no site {street.top_site!r}")
        if sides[("top", street.id)] != 1:
            fail(pack, "street", street, "top_site", "each street has exactly one top site")
    for row in pack.map_rows.values():
        for side in ("left", "right"):
            if sides[(side, row.id)] != 1:
                fail(
                    pack, "row", row, "id", f"row {row.id!r} needs exactly one {side} site, has {sides[(side, row.id)]}"
                )


def _scoring_display(pack: m.Pack) -> None:
    spaces = len(pack.scoring_tiles)
    used = Counter(c.score_space for c in pack.columns.values() if c.score_space is not None)
    for col in pack.columns.values():
        if (col.score_space is None) == (col.score_fixed is None):
            fail(pack, "column", col, "score_space", "give exactly one of score_space and score_fixed")
        if col.score_space is not None and col.score_space > spaces:
            fail(pack, "column", col, "score_space", f"only {spaces} scoring-tile spaces")
    if sorted(used) != list(range(1, spaces + 1)):
        raise PackError(
            f"city.toml: column: field 'score_space': spaces 1..{spaces} must each sit under a column, "
            f"got {sorted(used)}"
        )
    large = Counter(t.type for t in pack.tile_display.values() if t.size == "large")
    for good in pack.goods:
        if large[good] != 1:
            raise PackError(f"city.toml: tile_display: need exactly one large space for {good!r}, got {large[good]}")
    small_types = {t.type for t in pack.tile_display.values() if t.size == "small"}
    for lot in pack.lots.values():
        types = {pack.streets[s].type for s in lot.streets}
        if lot.size == "small" and not types & small_types:
            fail(
                pack,
                "lot",
                lot,
                "streets",
                f"no small display space supplies a tile for streets of type {sorted(types)}",
            )
    if any(lot.size == "small" for lot in pack.lots.values()) and not small_types:
        raise PackError("city.toml: tile_display: small lots need a small display space")


def _church(pack: m.Pack) -> None:
    for tile in pack.church_tiles.values():
        for pid in tile.adjacent_paths:
            if pid not in pack.church_paths:
                fail(pack, "church_tile_space", tile, "adjacent_paths", f"no path space {pid!r}")
            if tile.id not in pack.church_paths[pid].adjacent_tiles:
                fail(
                    pack,
                    "church_tile_space",
                    tile,
                    "adjacent_paths",
                    f"path {pid!r} does not list this tile (adjacency must be symmetric)",
                )
    for path in pack.church_paths.values():
        for tid in path.adjacent_tiles:
            if path.id not in pack.church_tiles[tid].adjacent_paths:
                fail(
                    pack,
                    "church_path",
                    path,
                    "adjacent_tiles",
                    f"tile space {tid!r} does not list this path (adjacency must be symmetric)",
                )
    envelopes = [p for p in pack.church_paths.values() if "influence" in p.icons]
    if len(envelopes) != 1:
        raise PackError(
            f"church.toml: path_space: field 'icons': exactly one space shows the influence icon, got {len(envelopes)}"
        )
    if pack.church.cardinal_start != envelopes[0].id:
        fail(
            pack,
            "church",
            pack.church,
            "cardinal_start",
            f"the Cardinal starts on the influence icon ({envelopes[0].id!r}; rulebook p. 6)",
        )


def _setup(pack: m.Pack) -> None:
    if sorted(pack.player_counts) != [2, 3, 4]:
        raise PackError(f"setup.toml: player_count: need rows for 2, 3 and 4 players, got {sorted(pack.player_counts)}")
    s = pack.setup
    if sorted(s.display_order) != sorted(["maia", "marquis", "king", "treasury"]):
        fail(pack, "setup", s, "display_order", "name each stack once")
    by_use = {d.use: d for d in pack.decks.values()}
    for use in ("start_hand", "display", "refill"):
        if use not in by_use:
            raise PackError(f"political_cards.toml: deck: no deck with use {use!r}")
    total_rubble = sum(r.cubes for r in pack.rubble.values())
    for pc in pack.player_counts.values():
        n = pc.players
        if len(pack.player.influence_by_seat) < n:
            fail(pack, "player", pack.player, "influence_by_seat", f"needs a value for each of {n} seats")
        for ship in pack.ships.values():
            if pc.ships_per_colour > ship.copies:
                fail(pack, "player_count", pc, "ships_per_colour", f"only {ship.copies} {ship.id} ships exist")
        for noble in pack.nobles.values():
            if pc.favors_per_noble > noble.favor_tiles:
                fail(pack, "player_count", pc, "favors_per_noble", f"only {noble.favor_tiles} {noble.id} favors exist")
            start = n * pack.player.officials_in_start_office if noble.id == pack.player.start_office else 0
            if pc.dummy_officials_per_office + start > noble.office_spaces:
                fail(pack, "player_count", pc, "dummy_officials_per_office", f"{noble.id}'s office is too small")
        if by_use["start_hand"].cards < s.blue_per_player * n:
            fail(pack, "deck", by_use["start_hand"], "cards", f"cannot deal {s.blue_per_player} to {n} players")
        if by_use["refill"].cards < pack.player.hand * n:
            fail(pack, "deck", by_use["refill"], "cards", f"cannot refill {n} hands to {pack.player.hand}")
        for mj in pack.majorities.values():
            if max(pc.ranks_paid) > len(mj.ranks):
                fail(pack, "player_count", pc, "ranks_paid", f"majority {mj.id!r} has only {len(mj.ranks)} ranks")
        placed = _rubble_placed(pack, set(pc.covered_rows))
        if placed != pc.rubble_placed:
            fail(pack, "player_count", pc, "rubble_placed", f"the map and spare pile take {placed} cubes")
        if placed > total_rubble:
            fail(pack, "player_count", pc, "rubble_placed", f"only {total_rubble} cubes exist")
        usable = sum(not (pc.remove_two_player_decrees and d.two_player) for d in pack.decrees.values())
        if usable < s.decree_display:
            fail(pack, "player_count", pc, "remove_two_player_decrees", f"only {usable} decrees would remain")


def _rubble_placed(pack: m.Pack, covered: set[str]) -> int:
    """Row slots of open rows + all column slots + 2 per open site + the spare pile (rulebook p. 7)."""
    rows = sum(r.rubble_slots for r in pack.map_rows.values() if r.id not in covered)
    cols = sum(c.rubble_slots for c in pack.columns.values())
    sites = sum(st.rubble for st in pack.sites.values() if st.row not in covered)
    return rows + cols + sites + pack.setup.spare_rubble
