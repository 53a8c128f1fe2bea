"""Canonical action texts: lower-case verb and arguments, one text per action, unique within any
prompt (:mod:`engine.core.play` parses them back). Market spaces are numbered 1-8 for people.

>>> action_text({"verb": "deliver", "material": "brick", "section": "A2"})
'deliver brick A2'
>>> action_text({"verb": "tile", "slot": "white-1", "up": True}), action_text({"verb": "reroll", "space": 0})
('tile up white-1', 'reroll 1')
"""

from __future__ import annotations

from .types import Action

_FIXED = {
    "claim": "claim",
    "build": "build",
    "market": "market",
    "end": "end turn",
    "done": "done",
    "take": "take resources",
    "influence": "use influence",
    "workshop": "activate workshop",
}


def action_text(action: Action) -> str:
    verb = action["verb"]
    if verb in _FIXED:
        return _FIXED[verb]
    if verb == "free":
        return "sell prestige" if action["what"] == "sell" else "reroll a space"
    if verb in ("sell", "extra", "times"):
        return f"{verb} {action['n']}"
    if verb == "reps":
        return f"take {action['n']}"
    if verb == "reroll":
        return f"reroll {action['space'] + 1}"
    if verb == "banner":
        return f"banner from {action['from']}"
    if verb == "section":
        return f"section {action['section']}"
    if verb == "tile":
        return f"tile {'up' if action['up'] else 'down'} {action['slot']}"
    if verb == "deliver":
        return f"deliver {action['material']} {action['section']}"
    if verb == "decorate":
        return f"decorate {action['section']}"
    if verb == "jewels":
        return "jewels " + " ".join(action["jewels"]) if action["jewels"] else "no jewels"
    if verb == "die":
        return f"die {action['colour']}"
    if verb == "use":
        return f"influence {action['which']}"
    if verb == "activate":
        return f"activate {action['slot']}"
    raise ValueError(f"unknown action {action!r}")
