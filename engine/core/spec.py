"""What a game declares about itself: id, title, player counts and an option schema."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .colours import DEFAULT_COLOURS, PlayerColour
from .errors import IllegalAction
from .i18n import listing, msg
from .text import shorten

OptionValue = str | int | bool  # one of an option's choices
Options = dict[str, OptionValue]  # a table's resolved options, by name


@dataclass(frozen=True)
class OptionSpec:
    """One table option: a name, the allowed values and a default.

    ``choices`` maps each allowed value to a short label shown to players.
    """

    name: str
    label: str
    default: OptionValue
    choices: dict[OptionValue, str]
    help: str = ""

    def parse(self, raw: object) -> OptionValue:
        """Accept a value or its text (``"yes"``, ``"true"``, ``"official"``...)."""
        for value in self.choices:
            if raw == value or str(raw).strip().lower() == str(value).lower():
                return value
        word = raw.strip().lower() if isinstance(raw, str) else None
        if word in {"yes", "on", "true", "1"} and True in self.choices:
            return True
        if word in {"no", "off", "false", "0"} and False in self.choices:
            return False
        allowed = listing([msg("`{value}` ({label})", value=v, label=label) for v, label in self.choices.items()], "")
        raise IllegalAction(
            "bad_option",
            msg(
                "Option `{name}` cannot be `{value}`: use {allowed}.",
                name=self.name,
                value=shorten(str(raw)),
                allowed=allowed,
            ),
        )


@dataclass(frozen=True)
class GameSpec:
    """A game's declaration, like OpenSpiel's ``_GAME_TYPE``."""

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: int
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)
    has_hidden_info: bool = False
    has_chance: bool = False
    has_simultaneous: bool = False
    # Checks a resolved option set against the player count and each other; raises
    # IllegalAction("bad_option", ...) for a combination that does not apply.
    validate: Callable[[Options, int], None] | None = None
    # The game's player colours as on its components, in the order seats take them by default
    # (see engine.core.colours); none declared: DEFAULT_COLOURS.
    colours: tuple[PlayerColour, ...] = ()
    # True when the rules tie seat i to the i-th colour (a table cannot choose).
    colours_fixed: bool = False

    @property
    def player_colours(self) -> tuple[PlayerColour, ...]:
        """The declared colours, or the core's default ones."""
        return self.colours or DEFAULT_COLOURS

    def resolve_options(self, given: Mapping[str, object] | None, players: int) -> Options:
        """Validate ``given`` against the schema and fill in defaults.

        >>> fast = OptionSpec("fast", "Fast", False, {False: "no", True: "yes"})
        >>> spec = GameSpec("g", "G", 2, 4, 1, (fast,))
        >>> spec.resolve_options({"fast": "yes"}, 3)
        {'fast': True}
        """
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "bad_option",
                msg(
                    "{game} needs {low}–{high} players, not {n}.",
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    n=players,
                ),
            )
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(f"`{n}`" for n in known) or msg("none")
            raise IllegalAction(
                "bad_option",
                msg(
                    "{game} has no option `{typed}`; its options: {names}.",
                    game=self.title,
                    typed=shorten(unknown[0]),
                    names=names,
                ),
            )
        resolved = {o.name: o.parse(given[o.name]) if o.name in given else o.default for o in self.options}
        if self.validate is not None:
            self.validate(resolved, players)
        return resolved

    def canonical(self, options: Mapping[str, object], players: int) -> str:
        """One string naming the game, player count and options, for logs and bug reports."""
        parts = [f"players={players}"] + [f"{k}={options[k]}" for k in sorted(options)]
        return f"{self.id}({','.join(parts)})"
