"""Names Puerto Rico's images share: the roles and the reasons a game ends."""

from __future__ import annotations

from .i18n import msg, msgp, tr

ROLE_NAMES = {
    "settler": msgp("role", "Settler"),
    "mayor": msgp("role", "Mayor"),
    "builder": msgp("role", "Builder"),
    "craftsman": msgp("role", "Craftsman"),
    "trader": msgp("role", "Trader"),
    "captain": msgp("role", "Captain"),
    "prospector": msgp("role", "Prospector"),
    "prospector-2": msgp("role", "Prospector"),
}
END_REASONS = {
    "city": msg("a city is full"),
    "colonists": msg("the colonists ran out"),
    "vp": msg("the VP chips ran out"),
}


def role_name(role: str, lang: str = "en") -> str:
    """A role card's name in ``lang`` (an unknown role: its id, capitalised)."""
    known = ROLE_NAMES.get(role)
    return tr(known, lang) if known is not None else role.replace("-", " ").capitalize()


def end_reasons(reasons: list[str], lang: str) -> str:
    """The end conditions met, joined in ``lang``."""
    return (", " if lang == "en" else "、").join(
        tr(END_REASONS[r], lang) if r in END_REASONS else str(r) for r in reasons
    )


__all__ = ["END_REASONS", "ROLE_NAMES", "end_reasons", "role_name"]
