"""What a pack says about where its values come from: the one-line notice a lobby or status
shows while any row is provisional, and the per-family summary the command line prints."""

from __future__ import annotations

from collections import Counter

from ..i18n import msg
from .pack import CARD_VALUES, P, Pack, PackSpec
from .schema import Row


def notice(pack: Pack, values: str = CARD_VALUES) -> str:
    """``"Card values partly provisional (312 of 368 rows)."`` while any row is provisional, else ``""``."""
    if not pack.provisional_rows:
        return ""
    return msg(
        "{values} partly provisional ({n} of {total} rows).",
        values=values,
        n=pack.provisional_rows,
        total=pack.total_rows,
    )


def describe(pack: Pack, values: str = CARD_VALUES) -> str:
    """One line naming a loaded pack, for the log and the server owner."""
    return f"{pack.title} [{pack.name}, {pack.fingerprint}]: " + (notice(pack, values) or "no provisional rows.")


def _cited(row: Row, names: tuple[str, ...]) -> set[str]:
    """The sources a row cites: for each ``;``-separated part, the longest of ``names`` (the
    spec's source prefixes) it starts with, else its first word."""
    cited = set()
    for part in filter(None, (p.strip() for p in row.source.split(";"))):
        known = [name for name in names if part.startswith(name)]
        cited.add(max(known, key=len) if known else part.split()[0])
    return cited


def _line(name: str, rows: int, provisional: int, cited: Counter[str]) -> str:
    cites = ", ".join(f"{s} {n}" for s, n in sorted(cited.items()))
    return f"{name:<20}{rows:>6}{provisional:>13}  {cites}".rstrip()


def summary(spec: PackSpec[P], pack: Pack) -> str:
    """Rows per family, how many are provisional, and which sources the rows cite."""
    lines = [f"{pack.title} [{pack.name}, fingerprint {pack.fingerprint}]", f"path: {pack.path}", ""]
    lines.append(f"{'family':<20}{'rows':>6}{'provisional':>13}  rows citing each source")
    sources: Counter[str] = Counter()
    total = prov = uncited = 0
    for fam in spec.families:
        fam_rows = pack.rows[fam.name]
        cited: Counter[str] = Counter()
        for r in fam_rows:
            cites = _cited(r, spec.sources.prefixes)
            cited.update(cites)
            uncited += not cites
        sources.update(cited)
        n_prov = sum(r.provisional for r in fam_rows)
        total, prov = total + len(fam_rows), prov + n_prov
        lines.append(_line(fam.name, len(fam_rows), n_prov, cited))
    lines.append(_line("total", total, prov, sources))
    lines.append("")
    if prov:
        lines.append(
            f"{spec.values} partly provisional: {prov} of {total} rows hold values chosen to fit the rules, "
            "not transcribed from the printed game (see each row's 'why')."
        )
    elif uncited:
        lines.append(f"No provisional rows; {uncited} of {total} rows name no source (see the files' comments).")
    else:
        lines.append("No provisional rows: every value cites a source.")
    return "\n".join(lines)
