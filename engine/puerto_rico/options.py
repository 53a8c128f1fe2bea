"""Table options [S]: the variant rule, the 2-player 5-choice variant, the
expansions and how their buildings are chosen. States written before the options existed
have ``options == {}``: every accessor falls back to the default, the base game."""

from __future__ import annotations

from ..core import IllegalAction, OptionSpec
from ..core.spec import Options, OptionValue
from .i18n import msg
from .types import PRState

OPTIONS = (
    OptionSpec(
        "variant",
        msg("Variant rule"),
        "off",
        {"off": msg("off"), "on": msg("corn starters 1 doubloon less, Factory 8 / University 7")},
        msg("The variant rule of the Japanese Board Game Arena wiki (ヴァリアントルール)."),
    ),
    OptionSpec(
        "two_player",
        msg("2 players"),
        "official",
        {
            "official": msg("official: A,B,A,B,A,B"),
            "five_choices": msg("5 choices: A,B,A,B,A then B,A,B,A,B"),
        },
        msg("2-player role order; five_choices is the Japanese Board Game Arena wiki's 監督の苦悩."),
    ),
    OptionSpec(
        "expansions",
        msg("Expansions"),
        "none",
        {
            "none": msg("none"),
            "new_buildings": msg("New Buildings"),
            "nobles": msg("Nobles"),
            "both": msg("New Buildings and Nobles"),
        },
    ),
    OptionSpec(
        "selection",
        msg("Building selection"),
        "draft",
        {"draft": msg("draft, one building at a time"), "random": msg("random per cost")},
        msg("How the buildings for an expansion game are chosen."),
    ),
    OptionSpec(
        "draft_restrictions",
        msg("BGA restrictions"),
        "off",
        {"off": msg("off"), "on": msg("no Office with Trading Post, no Hacienda with Forest House")},
        msg("Board Game Arena's pairs that never appear in the same game."),
    ),
)
DEFAULTS = {o.name: o.default for o in OPTIONS}


def option(state: PRState, name: str) -> OptionValue:
    return state["options"].get(name, DEFAULTS[name])


def expansions(state: PRState) -> str:
    return str(option(state, "expansions"))


def has_new_buildings(state: PRState) -> bool:
    return expansions(state) in ("new_buildings", "both")


def has_nobles(state: PRState) -> bool:
    return expansions(state) in ("nobles", "both")


def building_sets(options: Options) -> tuple[str, ...]:
    chosen = str(options.get("expansions", "none"))
    return ("base",) + {
        "none": (),
        "new_buildings": ("new_buildings",),
        "nobles": ("nobles",),
        "both": ("new_buildings", "nobles"),
    }[chosen]


def validate(options: Options, players: int) -> None:
    """Refuse options that do not apply to this table (defaults always pass)."""
    if options["two_player"] == "five_choices" and players != 2:
        raise IllegalAction(
            "bad_option",
            msg(
                "The 5-choice role order (`two_player=five_choices`) is for 2 players; this table has {players}. "
                "Leave `two_player` out.",
                players=players,
            ),
        )
    if options["expansions"] == "none":
        for name in ("selection", "draft_restrictions"):
            if options[name] != DEFAULTS[name]:
                raise IllegalAction(
                    "bad_option",
                    msg(
                        "`{name}` chooses the buildings of an expansion game; "
                        "add `expansions=new_buildings`, `nobles` or `both`, or leave it out.",
                        name=name,
                    ),
                )
    if options["draft_restrictions"] == "on" and options["expansions"] == "nobles":
        raise IllegalAction(
            "bad_option",
            msg(
                "`draft_restrictions` concerns the Trading Post and the Forest House, which come with New Buildings: "
                "use `expansions=new_buildings` or `both`, or leave it out."
            ),
        )


def has_expansions(state: PRState) -> bool:
    return expansions(state) != "none"
