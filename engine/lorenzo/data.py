"""Lorenzo's data pack (``data/lorenzo.toml``, or a server owner's copy), loaded by the core.

:data:`SPEC` gives :mod:`engine.core.datapack` the families of :mod:`.schema`, the effect registry
of :mod:`.effects` and the checks below that tie rows together (the card counts per type and
period, what each card type must and may carry, the spaces of every tower floor, the tables'
lengths). A problem raises :class:`~engine.core.datapack.PackError` naming the row and the field.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TypeVar

from ..core.datapack import DataPacks, Effects, PackError, PackSpec, Row, Sources
from ..core.datapack import Pack as BasePack
from ..core.datapack.packs import PackState
from . import model as m
from .effects import REGISTRY, bundle_problem, check_params
from .i18n import DOMAIN
from .schema import FAMILIES

R = TypeVar("R", bound=Row)
DATA_DIR = Path(__file__).with_name("data")
# What a row's ``source`` may cite, each a public text (the head of data/lorenzo.toml describes them).
SOURCES = (
    "BGA Lorenzo help page",
    "open-source card data",
    "reading taken by this project",
    "no public source",
    "printed component",
)
CARD_COUNTS = {"per_type": 24, "per_period": 8}
COUNTS = {"leader": 20, "excommunication": 21, "privilege": 5, "tower": 4}
# What each card type must carry (True) or may not carry (False); others are optional.
CARD_FIELDS: dict[str, dict[str, bool]] = {
    "territory": {"harvest": True, "cost": False, "prod": False, "perm": False, "end_vp": False},
    "building": {"cost": True, "prod": True, "harvest": False, "perm": False, "action": False, "end_vp": False},
    "character": {"cost": True, "harvest": False, "prod": False, "end_vp": False},
    "venture": {"cost": True, "end_vp": True, "harvest": False, "prod": False, "perm": False},
}


def _rows(rows: tuple[Row, ...], cls: type[R]) -> list[R]:
    """One family's rows as its own class (the core loads every family as ``Row``)."""
    typed = [r for r in rows if isinstance(r, cls)]
    assert len(typed) == len(rows), f"{cls.__name__} rows expected"
    return typed


def _assemble(base: BasePack) -> m.Pack:
    rows = base.rows
    rules = rows["rules"][0]
    assert isinstance(rules, m.Rules)
    return m.Pack(
        path=base.path,
        name=base.name,
        title=base.title,
        fingerprint=base.fingerprint,
        former=base.former,
        rows=rows,
        families=base.families,
        rules=rules,
        towers={r.id: r for r in _rows(rows["tower"], m.Tower)},
        spaces={r.id: r for r in _rows(rows["space"], m.Space)},
        privileges={r.id: r for r in _rows(rows["privilege"], m.Privilege)},
        tiles={r.id: r for r in _rows(rows["bonus_tile"], m.BonusTile)},
        excommunications={r.id: r for r in _rows(rows["excommunication"], m.Excommunication)},
        leaders={r.id: r for r in _rows(rows["leader"], m.Leader)},
        cards={r.id: r for r in _rows(rows["card"], m.Card)},
    )


def _check_counts(pack: m.Pack) -> None:
    for family, want in COUNTS.items():
        got = len(pack.rows[family])
        if got != want:
            raise PackError(f"{family}: the game has {want} rows, the pack {got}")
    rules = pack.rules
    if sorted(pack.cards) != list(range(1, len(pack.cards) + 1)):
        raise PackError("card: ids must be the printed numbers 1..96, each once")
    per_type = Counter(c.type for c in pack.cards.values())
    per_period = Counter((c.type, c.period) for c in pack.cards.values())
    for kind in m.TYPES:
        if per_type[kind] != CARD_COUNTS["per_type"]:
            raise PackError(f"card: {CARD_COUNTS['per_type']} {kind} cards expected, got {per_type[kind]}")
        for period in range(1, rules.rounds // rules.rounds_per_period + 1):
            if per_period[kind, period] != CARD_COUNTS["per_period"]:
                raise PackError(f"card: {CARD_COUNTS['per_period']} {kind} cards of period {period} expected")
    excomm = Counter(e.period for e in pack.excommunications.values())
    if set(excomm.values()) != {7} or any(e.id.split(".")[0] != str(e.period) for e in pack.excommunications.values()):
        raise PackError("excommunication: 7 tiles per period, each id starting with its period")
    tiles = [t for t in pack.tiles.values() if not t.advanced]
    if len(tiles) != 1 or len(pack.tiles) - 1 < rules.players_max:
        raise PackError("bonus_tile: one standard side and one advanced side per player")
    if len(pack.leaders) < rules.leaders_per_player * rules.players_max:
        raise PackError("leader: too few leaders for the draft at the most players")


def _check_card(pack: m.Pack, card: m.Card) -> None:
    for name, must in CARD_FIELDS[card.type].items():
        present = bool(getattr(card, name))
        if present != must and (must or present):
            pack.fail("card", card, name, f"a {card.type} {'needs' if must else 'has no'} {name}")
    for name in ("cost", "alt_cost"):
        problem = bundle_problem(getattr(card, name), m.COST_KEYS)
        if problem:
            pack.fail("card", card, name, problem)
        if "need" in getattr(card, name) and "mp" not in getattr(card, name):
            pack.fail("card", card, name, "a military cost names the mp it spends")
    if card.type == "character" and set(card.cost) != {"c"}:
        pack.fail("card", card, "cost", "a character costs coins only")
    if card.type == "territory" and not 1 <= card.harvest_value <= 6:
        pack.fail("card", card, "harvest_value", "a territory activates at 1..6")
    if card.type == "building" and not 1 <= card.prod_value <= 6:
        pack.fail("card", card, "prod_value", "a building activates at 1..6")
    if card.alt_cost and card.type != "venture":
        pack.fail("card", card, "alt_cost", "only ventures have a second cost")


def _check_board(pack: m.Pack) -> None:
    rules = pack.rules
    floors = Counter(s.tower for s in pack.spaces.values() if s.area == "tower")
    if any(floors[t] != rules.cards_per_tower for t in pack.towers):
        raise PackError(f"space: every tower needs {rules.cards_per_tower} floors")
    for space in pack.spaces.values():
        if (space.area == "tower") != bool(space.tower and space.floor):
            pack.fail("space", space, "tower", "tower spaces, and only they, name a tower and a floor")
    if sorted(t.type for t in pack.towers.values()) != sorted(m.TYPES):
        raise PackError("tower: one tower per card type")
    lengths = {
        "territory_mp": rules.card_limit,
        "territory_vp": rules.card_limit + 1,
        "character_vp": rules.card_limit + 1,
        "start_coins": rules.players_max,
        "faith_thresholds": rules.rounds // rules.rounds_per_period,
    }
    for name, want in lengths.items():
        if len(getattr(rules, name)) != want:
            pack.fail("rules", rules, name, f"must have {want} values")
    keys = Counter(lead.key for lead in pack.leaders.values())
    if max(keys.values()) > 1:
        raise PackError("leader: keys must be distinct")


def _check(pack: m.Pack) -> None:
    """Every cross-row rule; raises :class:`PackError` at the first failure."""
    _check_counts(pack)
    for card in pack.cards.values():
        _check_card(pack, card)
    _check_board(pack)


SPEC: PackSpec[m.Pack] = PackSpec(
    game="lorenzo",
    families=FAMILIES,
    default_dir=DATA_DIR,
    assemble=_assemble,
    check=_check,
    meta_file=None,
    name="lorenzo-base",
    title="Lorenzo il Magnifico (base game)",
    sources=Sources(prefixes=SOURCES, examples="BGA Lorenzo help page §準備, open-source card data"),
    effects=Effects(REGISTRY, check_params),
)
PACKS = DataPacks(SPEC)


def _data_ids() -> list[str]:
    """The message ids the shipped pack gives people: card and leader names, and the leader keys
    (a draft pick names its leader by key; the catalogue gives each key the leader's name)."""
    shipped = PACKS.shipped()
    leaders = shipped.leaders.values()
    return [c.name for c in shipped.cards.values()] + [x.name for x in leaders] + [x.key for x in leaders]


DOMAIN.declare_data(_data_ids)


_FOUND: dict[str, m.Pack] = {}  # by fingerprint: the same content whichever pack object loaded it


def pack_of(state: PackState) -> m.Pack:
    """The pack ``state`` was set up with (refused when it is not loaded)."""
    fingerprint = state["pack"]["fingerprint"]
    found = _FOUND.get(fingerprint)
    if found is None:
        found = _FOUND[fingerprint] = PACKS.of_state(state)
    return found
