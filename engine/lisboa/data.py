"""Lisboa's data pack (``data/`` here, or a server owner's own transcription), loaded by the core.

:data:`SPEC` gives :mod:`engine.core.datapack` the families of :mod:`.schema`, the effect registry
of :mod:`.effects`, the sources a row may cite and the rules that tie rows together
(:mod:`.checks`: counts per deck, the map, the church ring, setup tables). The core reads the
files, checks each row field by field and raises :class:`PackError` naming the file, the row and
the field. :data:`PACKS` keeps the loaded packs by fingerprint; render reads packs from here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.datapack import DataPacks, Effects, Pack, PackSpec, Row, Sources
from . import checks, checks_board
from . import model as m
from .effects import REGISTRY, check_params
from .errors import PackError
from .schema import FAMILIES

DATA_DIR = Path(__file__).with_name("data")
# What a row's ``source`` may cite, each a public text (data/SCHEMA.md describes them).
SOURCES = (
    "Lisboa rulebook",
    "Lisboa rules summary (Bodoge)",
    "Gaming Rules! Lisboa video",
    "BGG Lisboa forum",
    "no public source",
    "reading taken by this project",
    "printed component",
)
__all__ = [
    "DATA_DIR",
    "PACKS",
    "SOURCES",
    "SPEC",
    "PackError",
    "default_pack",
    "load_pack",
    "pack_by_fingerprint",
    "provenance_notice",
    "provenance_summary",
    "register_pack",
]


def _keyed(rows: tuple[Row, ...], key: str = "id") -> dict[Any, Any]:
    return {getattr(r, key): r for r in rows}


def _assemble(base: Pack) -> m.Pack:
    fams, rows = base.families, base.rows
    k = {name: _keyed(r) for name, r in rows.items() if fams[name].key == "id" and not fams[name].single}
    one: dict[str, Any] = {name: r[0] for name, r in rows.items() if fams[name].single}
    return m.Pack(
        path=base.path,
        name=base.name,
        title=base.title,
        fingerprint=base.fingerprint,
        former=base.former,
        rows=rows,
        families=fams,
        counts=k["count"],
        goods=k["good"],
        rubble=k["rubble"],
        nobles=k["noble"],
        influence=one["influence_track"],
        prices=one["price_track"],
        treasury=one["treasury_track"],
        treasury_spaces=rows["treasury_space"],  # type: ignore[arg-type]
        player=one["player"],
        store_groups=k["store_group"],
        majorities=k["majority"],
        final_scoring=one["final_scoring"],
        setup=one["setup"],
        player_counts=_keyed(rows["player_count"], "players"),
        decks=k["deck"],
        cards=k["card"],
        decrees=k["decree"],
        clergy=k["clergy"],
        ships=k["ship"],
        plans=k["plan"],
        buildings=k["building"],
        map_rows=k["row"],
        columns=k["column"],
        streets=k["street"],
        lots=k["lot"],
        sites=k["site"],
        tile_display=k["tile_display"],
        scoring_tiles=k["scoring_tile"],
        church=one["church"],
        church_tiles=k["church_tile_space"],
        church_paths=k["church_path"],
    )


def _check(pack: m.Pack) -> None:
    """Every cross-row rule; raises :class:`PackError` at the first failure."""
    checks.run(pack)
    checks_board.run(pack)


SPEC: PackSpec[m.Pack] = PackSpec(
    game="lisboa",
    families=FAMILIES,
    default_dir=DATA_DIR,
    assemble=_assemble,
    check=_check,
    schema=1,
    schema_doc="SCHEMA.md",
    sources=Sources(prefixes=SOURCES, examples="Lisboa rulebook p. 17, Lisboa rules summary (Bodoge) §セットアップ"),
    effects=Effects(REGISTRY, check_params),
)
PACKS = DataPacks(SPEC)


def load_pack(path: str | Path = DATA_DIR) -> m.Pack:
    """Read, validate and return the pack in directory ``path``; raise :class:`PackError` if bad."""
    return PACKS.load(path)


def default_pack() -> m.Pack:
    """The shipped pack (validated once per process)."""
    return PACKS.shipped()


def register_pack(pack: m.Pack) -> None:
    """Make a (server owner's) pack findable by the fingerprint a state or view records."""
    PACKS.register(pack)


def pack_by_fingerprint(fingerprint: str) -> m.Pack:
    """The loaded pack with ``fingerprint`` (the shipped one or a registered one), else ValueError."""
    return PACKS.by_fingerprint(fingerprint)


def provenance_notice(pack: m.Pack) -> str:
    """The one line a lobby, status or README shows while any row is provisional (issue 5 §2), else ""."""
    return PACKS.notice(pack)


def provenance_summary(pack: m.Pack) -> str:
    """Rows per family, how many are provisional, and which sources the rows cite."""
    return PACKS.summary(pack)
