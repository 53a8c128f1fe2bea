"""Puerto Rico (2–5 players) on the engine core: the base game, the variant rule and 2-player
5-choice order of the Japanese Board Game Arena wiki, and the New Buildings and Nobles expansions
as table options.

Source markers in this package's comments and data: [S] = the Japanese Board Game Arena wiki page
プエルトリコ on atwiki (revision of 2021-06-26, with the expansions and the variants); [P] = the
published rules as others reproduce them (the Rio Grande rulebook on fwtwr.com, the player aid on
sob-zine.org, Brettspielwelt's rules, Rio Grande's notes "All buildings in detail", and the data of
the open-source engine boardgamers/puerto-rico)."""

from .game import GAME

__all__ = ["GAME"]
