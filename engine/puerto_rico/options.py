"""Table options [S digest 1.6, 1.7]: the variant rule, the 2-player 5-choice variant, the
expansions and how their buildings are chosen. States written before the options existed
have ``options == {}``: every accessor falls back to the default, the base game."""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, OptionSpec

State = dict[str, Any]

OPTIONS = (
    OptionSpec(
        "variant",
        "Variant rule",
        "off",
        {"off": "off", "on": "corn starters 1 doubloon less, Factory 8 / University 7"},
        "The seed's variant rule (ヴァリアントルール).",
    ),
    OptionSpec(
        "two_player",
        "2 players",
        "official",
        {"official": "official: A,B,A,B,A,B", "five_choices": "5 choices: A,B,A,B,A then B,A,B,A,B"},
        "2-player role order; five_choices is the seed's recommended 監督の苦悩.",
    ),
    OptionSpec(
        "expansions",
        "Expansions",
        "none",
        {"none": "none", "new_buildings": "New Buildings", "nobles": "Nobles", "both": "New Buildings and Nobles"},
    ),
    OptionSpec(
        "selection",
        "Building selection",
        "draft",
        {"draft": "draft, one building at a time", "random": "random per cost"},
        "How the buildings for an expansion game are chosen.",
    ),
    OptionSpec(
        "draft_restrictions",
        "BGA restrictions",
        "off",
        {"off": "off", "on": "no Office with Trading Post, no Hacienda with Forest House"},
        "Board Game Arena's pairs that never appear in the same game.",
    ),
)
DEFAULTS = {o.name: o.default for o in OPTIONS}


def option(state: State, name: str) -> Any:
    return state["options"].get(name, DEFAULTS[name])


def expansions(state: State) -> str:
    value: str = option(state, "expansions")
    return value


def has_new_buildings(state: State) -> bool:
    return expansions(state) in ("new_buildings", "both")


def has_nobles(state: State) -> bool:
    return expansions(state) in ("nobles", "both")


def building_sets(options: dict[str, Any]) -> tuple[str, ...]:
    chosen = options.get("expansions", "none")
    return ("base",) + {
        "none": (),
        "new_buildings": ("new_buildings",),
        "nobles": ("nobles",),
        "both": ("new_buildings", "nobles"),
    }[chosen]


def validate(options: dict[str, Any], players: int) -> None:
    """Refuse options that do not apply to this table (defaults always pass)."""
    if options["two_player"] == "five_choices" and players != 2:
        raise IllegalAction(
            "bad_option",
            "The 5-choice role order (`two_player=five_choices`) is for "
            f"2 players; this table has {players}. Leave `two_player` out.",
        )
    if options["expansions"] == "none":
        for name in ("selection", "draft_restrictions"):
            if options[name] != DEFAULTS[name]:
                raise IllegalAction(
                    "bad_option",
                    f"`{name}` chooses the buildings of an expansion game; "
                    "add `expansions=new_buildings`, `nobles` or `both`, or leave it out.",
                )
    if options["draft_restrictions"] == "on" and options["expansions"] == "nobles":
        raise IllegalAction(
            "bad_option",
            "`draft_restrictions` concerns the Trading Post and the Forest "
            "House, which come with New Buildings: use `expansions=new_buildings` or "
            "`both`, or leave it out.",
        )


def has_expansions(state: State) -> bool:
    return expansions(state) != "none"
