"""The Red Cathedral's data pack (``data/`` here, or a server owner's own transcription), loaded by
the core: :data:`SPEC` names the families of :mod:`.schema`, the sources a row may cite and the
rules that tie rows together (:mod:`.checks`); :data:`PACKS` keeps the loaded packs by fingerprint.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from ..core.datapack import DataPacks, Pack, PackError, PackSpec, Row, Sources
from . import checks
from . import model as m
from .i18n import DOMAIN
from .schema import FAMILIES

DATA_DIR = Path(__file__).with_name("data")
# What a row's ``source`` may cite, each a public text (data/SCHEMA.md describes them).
SOURCES = (
    "Red Cathedral teaching script (Bodoge)",
    "Dized rules",
    "Yucata rules",
    "review",
    "GitHub",
    "no public source",
    "reading taken by this project",
    "printed component",
)
__all__ = ["DATA_DIR", "PACKS", "SOURCES", "SPEC", "PackError", "load_pack"]


def _keyed(rows: tuple[Row, ...], key: str) -> dict[Any, Any]:
    """A family's rows by their key field: the loader's untyped rows become the pack's typed tables."""
    return {getattr(r, key): r for r in rows}


def _assemble(base: Pack) -> m.Pack:
    rows = base.rows
    spaces = cast(tuple[m.PrestigeSpace, ...], rows["prestige_space"])  # the loader built them as this family's rows
    prestige = tuple(r.space for r in sorted(spaces, key=lambda r: r.pp))
    return m.Pack(
        path=base.path,
        name=base.name,
        title=base.title,
        fingerprint=base.fingerprint,
        former=base.former,
        rows=rows,
        families=base.families,
        materials=_keyed(rows["material"], "id"),
        colours=_keyed(rows["colour"], "id"),
        ornaments=_keyed(rows["ornament"], "id"),
        rules=cast(m.Rules, rows["rules"][0]),
        setups=_keyed(rows["setup"], "players"),
        track=cast(m.Track, rows["track"][0]),
        prestige=prestige,
        resource_tiles=_keyed(rows["resource_tile"], "id"),
        influence=_keyed(rows["influence_card"], "id"),
        sections=_keyed(rows["section"], "id"),
        plans=_keyed(rows["plan"], "id"),
        workshop=_keyed(rows["workshop_space"], "slot"),
        advanced=_keyed(rows["advanced_space"], "slot"),
        tiles=_keyed(rows["workshop_tile"], "id"),
    )


SPEC: PackSpec[m.Pack] = PackSpec(
    game="red_cathedral",
    families=FAMILIES,
    default_dir=DATA_DIR,
    assemble=_assemble,
    check=checks.run,
    schema=1,
    schema_doc="SCHEMA.md",
    sources=Sources(prefixes=SOURCES, examples="Red Cathedral teaching script (Bodoge) §…, Dized rules '…'"),
)
PACKS = DataPacks(SPEC)


def load_pack(path: str | Path = DATA_DIR) -> m.Pack:
    """Read, validate and return the pack in directory ``path``; raise :class:`PackError` if bad."""
    return PACKS.load(path)


def _data_words() -> list[str]:
    """Every id :mod:`.words` and :mod:`.labels` pass to ``DOMAIN.data``: dice colours, section
    levels, ornament kinds (their ids in sentences, their labels in the shipped pack's labels)."""
    return [*m.DICE, *m.LEVELS, *m.ORNAMENTS, *(o.label for o in PACKS.shipped().ornaments.values())]


DOMAIN.declare_data(_data_words)
