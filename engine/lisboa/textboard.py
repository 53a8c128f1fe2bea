"""Lisboa's compact plain-text table for the terminal client (English; the Discord board is an image)."""

from __future__ import annotations

from collections.abc import Sequence

from .view_types import LView


def _list(items: Sequence[object]) -> str:
    return ", ".join(str(i) for i in items) if items else "nothing"


def _count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def view_text(view: LView) -> str:
    """A compact plain-text table for the terminal client."""
    lines = [
        f"Lisboa — era {view['era']}, round {view['round']}, turn {view['turn']}; treasury space "
        f"{view['treasury'] + 1}; prices " + ", ".join(f"{g} {p}" for g, p in view["prices"].items())
    ]
    for kind, stack in view["political"]["display"].items():
        lines.append(f"  display {kind}: {stack['top'] or '-'} ({stack['count']})")
    lines.append(
        "  decrees: " + _list(view["decrees"]["display"]) + f"; shipyard top: "
        f"{view['shipyard'][0] if view['shipyard'] else '-'}"
    )
    lines.append("  offices: " + "; ".join(f"{n} {dict(sorted(o.items()))}" for n, o in view["offices"].items()))
    for seat, b in enumerate(view["boards"]):
        hand = b["hand"] if isinstance(b["hand"], list) else _count(b["hand"], "card")
        lines.append(
            f"{view['players'][seat]}: {b['reis']} réis, {b['wigs']} wigs, influence {b['influence']}, "
            f"goods {b['goods']}, hand {hand}, portfolio {b['portfolio']}, clergy {b['clergy']}, "
            f"favors {b['favors']}, rubble {b['rubble']} ({_count(b['sets'], 'set')}), officials {b['officials']}"
        )
    return "\n".join(lines)
