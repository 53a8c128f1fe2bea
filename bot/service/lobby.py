"""Lobbies as a service (no Discord): open, join, leave, start, abandon, and a finished game's rematch.

A rematch: the finished game's players start again in the same channel with the same options and
clock, a new seed, and the seats rotated by one (the second player starts, everyone keeps their
colour where the game lets seats choose; in a game whose rules tie colours to seats, the seats'
colours)."""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction, find_game
from engine.core.i18n import listing
from engine.core.text import shorten
from render.i18n import NAMES

from ..store.ai_seats import AiSeats
from ..store.records import IMPORTED, Records
from ..store.rows import ChannelBusy, ConstraintError, SeatRecord, VersionConflict
from .ai_players import AiLobby, check_plays, is_ai, seated_level
from .change import Said, Step, Txn
from .clock import clock_label, preset
from .core import Core, starting_colours, uid, wrap_illegal
from .hours import parse_hours
from .i18n import msg, msgp
from .inputs import Boundary, display_name, spoken_language
from .opening import REMATCH_ERROR, set_up
from .packs import notice
from .play_step import Steps
from .results import Announcement, ServiceError
from .words import names_list, seating_list


class LobbyService(Boundary):
    """Lobby management over the :class:`Core`; starting a game is a change (:meth:`Steps.play_step`)."""

    def __init__(self, core: Core, steps: Steps) -> None:
        self.core = core
        self.steps = steps
        self.ai = AiLobby(core)

    async def open(
        self,
        channel_id: str | int,
        guild_id: str | int | None,
        user_id: str | int,
        name: str,
        game_id: str,
        options: dict[str, Any] | None = None,
        clock: str | None = None,
        hours: str | None = None,
        timezone: str | None = None,
        language: str | None = None,
        ai_stand_in: str | None = None,
    ) -> Announcement:
        """Open a lobby for ``game_id`` (an id or title as typed, see :func:`~engine.core.find_game`) with the
        creator as first member, a clock preset, playing hours and the table's ``language`` for its
        public messages (one of ``render.i18n.LANGUAGES``; ``None``: English); ``ai_stand_in``, an AI
        level, lets the AI play a seat whose deadline passed until its player is back."""
        name = display_name(name)
        lang = spoken_language(language)
        stand_in = seated_level(ai_stand_in) if ai_stand_in is not None else None
        try:
            game = find_game(game_id)
        except IllegalAction as exc:
            raise wrap_illegal(exc) from None
        if stand_in is not None:
            check_plays(game)
        speed = preset(clock)
        window = parse_hours(hours, timezone)
        try:
            resolved = game.spec.resolve_options(options, game.spec.min_players)
        except IllegalAction as exc:
            raise wrap_illegal(exc) from None
        busy = ServiceError(
            msg(
                "This channel already has a game in progress or a lobby open. Finish or "
                "abandon it first, or use another channel."
            ),
            "channel_busy",
        )
        if await self.core.store.live_game(uid(channel_id)) is not None:
            raise busy
        try:
            record = await self.core.lobbies.create(
                channel_id=uid(channel_id),
                guild_id=None if guild_id is None else uid(guild_id),
                game_id=game.spec.id,
                title=game.spec.title,
                rules_version=game.spec.rules_version,
                options=resolved,
                creator_id=uid(user_id),
                creator_name=name,
                now=self.core.now(),
                clock=speed.key,
                hours=window.span if window else None,
                hours_tz=window.tz if window else None,
                language=lang,
            )
        except ChannelBusy:
            raise busy from None
        if stand_in is not None:
            await AiSeats(self.core.store).allow_stand_in(record.id, stand_in)
        shown = ", ".join(f"{k}={v}" for k, v in resolved.items()) or msgp("options", "none")
        spec, data = game.spec, notice(game)
        fields = {
            "player": name,
            "title": spec.title,
            "low": spec.min_players,
            "high": spec.max_players,
            "options": shown,
            "clock": clock_label(speed),
        }
        opened = (
            msg(
                "{player} opened a {title} lobby ({low}–{high} players; options: {options}; clock: {clock}; "
                "playing hours: {hours}). Join it, then {player} starts the game.",
                hours=window.label,
                **fields,
            )
            if window
            else msg(
                "{player} opened a {title} lobby ({low}–{high} players; options: {options}; clock: {clock}). "
                "Join it, then {player} starts the game.",
                **fields,
            )
        )
        return Announcement(record.id, [opened] + ([msg("⚠️ {notice}", notice=data)] if data else []))

    async def join(self, channel_id: str | int, user_id: str | int, name: str) -> Announcement:
        name = display_name(name)
        record = await self.core.live(channel_id, "lobby")
        seats = await self.core.store.seats(record.id)
        user = uid(user_id)
        if any(s.user_id == user for s in seats):
            raise ServiceError(msg("You are already in this lobby."), "already_joined")
        spec = self.core.game(record.game_id).spec
        if len(seats) >= spec.max_players:
            raise ServiceError(msg("The lobby is full ({n} players).", n=spec.max_players), "lobby_full")
        taken, base, n = {s.name.lower() for s in seats}, name, 2
        while name.lower() in taken:
            name, n = f"{base} {n}", n + 1
        try:
            await self.core.lobbies.add_seat(record.id, user, name, self.core.now())
        except VersionConflict:
            raise ServiceError(
                msg("The {title} game here has already started.", title=record.title), "not_lobby"
            ) from None
        except ConstraintError:  # the same user joining twice at once
            raise ServiceError(msg("You are already in this lobby."), "already_joined") from None
        names = [s.name for s in seats] + [name]
        return Announcement(
            record.id,
            [
                msg(
                    "{player} joined ({n}/{high}): {players}.",
                    player=name,
                    n=len(names),
                    high=spec.max_players,
                    players=names_list(names),
                )
            ],
        )

    async def leave(self, channel_id: str | int, user_id: str | int) -> Announcement:
        """Leave a lobby; the last member leaving closes it, a leaving creator hands it on."""
        record = await self.core.live(channel_id, "lobby")
        seats = await self.core.store.seats(record.id)
        user = uid(user_id)
        me = next((s for s in seats if s.user_id == user), None)
        if me is None:
            raise ServiceError(msg("You are not in this lobby."), "not_seated")
        others = [s for s in seats if s.user_id != user and not is_ai(s.user_id)]  # the AI never holds a lobby
        if not others:
            await self.core.store.set_status(record.id, "abandoned", self.core.now(), ("lobby",))
            return Announcement(
                record.id, [msg("{player} left; the {title} lobby is closed.", player=me.name, title=record.title)]
            )
        heir = others[0] if user == record.creator_id else None
        try:
            await self.core.lobbies.remove_seat(record.id, user, self.core.now(), heir.user_id if heir else None)
        except VersionConflict:
            raise ServiceError(
                msg("The {title} game here has already started.", title=record.title), "not_lobby"
            ) from None
        line = (
            msg("{player} left the lobby. {heir} now starts the game.", player=me.name, heir=heir.name)
            if heir
            else msg("{player} left the lobby.", player=me.name)
        )
        return Announcement(record.id, [line])

    async def add_ai(self, channel_id: str | int, by_user: str | int, level: str) -> Announcement:
        """The creator seats an AI player at ``level`` (see :class:`~bot.service.ai_players.AiLobby`)."""
        return await self.ai.add(channel_id, by_user, level)

    async def remove_ai(self, channel_id: str | int, by_user: str | int) -> Announcement:
        """The creator removes the AI player added last."""
        return await self.ai.remove(channel_id, by_user)

    async def choose_colour(self, channel_id: str | int, user_id: str | int, colour: str) -> Announcement:
        """A lobby member picks one of the game's player colours (by its id: ``red``), not taken by
        another member; the game then seats them in it."""
        record, user = await self.core.live(channel_id, "lobby"), uid(user_id)
        spec = self.core.game(record.game_id).spec
        me = next((s for s in await self.core.store.seats(record.id) if s.user_id == user), None)
        if me is None:
            raise ServiceError(msg("You are not in this lobby."), "not_seated")
        if spec.colours_fixed:
            raise ServiceError(
                msg("In {title} the seating decides each player's colour.", title=record.title), "bad_colour"
            )
        offered = spec.player_colours
        picked = next((c for c in offered if c.id == colour.strip().lower()), None)
        if picked is None:
            choices = listing([msg("`{id}` ({colour})", id=c.id, colour=c.name) for c in offered], "or")
            raise ServiceError(
                msg(
                    "{title} has no colour `{typed}`: choose {choices}.",
                    title=record.title,
                    typed=shorten(colour),
                    choices=choices,
                ),
                "bad_colour",
            )
        try:
            await self.core.lobbies.set_colour(record.id, user, picked.id, self.core.now())
        except VersionConflict:
            raise ServiceError(
                msg("The {title} game here has already started.", title=record.title), "not_lobby"
            ) from None
        except ConstraintError:
            raise ServiceError(msg("Another player has chosen {colour}.", colour=picked.name), "colour_taken") from None
        said = msg("{player} will play {colour} ({mark}).", player=me.name, colour=picked.name, mark=picked.mark)
        return Announcement(record.id, [said])

    async def start(self, channel_id: str | int, user_id: str | int, seed: int | None = None) -> Step:
        """Creator only: random seats, each with the colour its player chose or else the game's next
        free one, set-up, snapshot version 0."""
        record, user = await self.core.live(channel_id, "lobby"), uid(user_id)

        async def change(txn: Txn) -> Said:
            if user != txn.record.creator_id:
                raise ServiceError(msg("Only the lobby's creator can start the game."), "not_creator")
            order = list(txn.seats)
            self.core.rng.shuffle(order)
            return await self._launch(txn, order, [m.colour for m in order], seed)

        return await self.steps.play_step(record.id, change, want="lobby", actor=user)

    async def _launch(
        self,
        txn: Txn,
        order: list[SeatRecord],
        chosen: list[str | None],
        seed: int | None,
        lead: list[str] | None = None,
    ) -> Said:
        """Start the loaded lobby with this seating: set-up, snapshot version 0, clocks; ``lead`` heads the post.
        ``chosen`` holds each seat's chosen colour id (None: none chosen): see :func:`starting_colours`."""
        record, game = txn.record, txn.game
        colours = starting_colours(game, chosen)
        seed = self.core.rng.randrange(2**63) if seed is None else seed
        names, users = [m.name for m in order], [m.user_id for m in order]
        opening = set_up(game, record, names, users, seed)
        state, seats = opening.state, opening.waiting
        waiting = [users[p] for p in seats]
        try:
            await self.core.store.start_game(
                record.id,
                seats=[(m.user_id, i, colours[i].id) for i, m in enumerate(order)],
                spec=game.spec.canonical(opening.options, len(order)),
                rules_version=game.spec.rules_version,
                seed=seed,
                state_json=opening.state_json,
                waiting=waiting,
                now=self.core.now(),
            )
        except VersionConflict:
            raise ServiceError(
                msg(
                    "The lobby changed (started, closed, or someone joined or left) while "
                    "starting; check it and start again."
                ),
                "stale",
            ) from None
        self.core.remember(record.id, 0, state)
        await self.core.sync_clocks(record, seats)
        fresh = await self.core.store.game(record.id)
        assert fresh is not None
        txn.record, txn.seats, txn.state = fresh, await self.core.seats_of(fresh), state
        txn.stored += 1
        seating = seating_list(names, colours)
        speed = preset(record.clock)
        starts = (
            msg(
                "{title} starts! Seats: {seats}. Clock: {clock}.",
                title=record.title,
                seats=seating,
                clock=clock_label(speed),
            )
            if speed.limited
            else msg("{title} starts! Seats: {seats}.", title=record.title, seats=seating)
        )
        return txn.changed((lead or []) + [starts] + opening.public, opening.private)

    async def rematch(self, game_row: int, user_id: str | int, seed: int | None = None) -> Step:
        """Start the rematch of finished game ``game_row``, asked for by one of its players."""
        old = await self.core.store.game(game_row)
        if old is None:
            raise ServiceError(msg("This game no longer exists."), "no_game")
        if old.status != "finished" or old.origin == IMPORTED:
            raise ServiceError(msg("A rematch is offered once a game has been played to its end."), "not_finished")
        seats = [s for s in await self.core.store.seats(old.id) if s.seat is not None]
        user = uid(user_id)
        if user not in [s.user_id for s in seats]:
            raise ServiceError(msg("Only the players of this game can start a rematch."), "not_seated")
        named = {h.seat: h.name for h in await Records(self.core.store).holders(old.id) if h.name}
        rotated = seats[1:] + seats[:1]
        names: list[str] = []
        for s in rotated:  # a substitute plays the rematch under their own name
            name, base, n = named.get(s.seat or 0, s.name), named.get(s.seat or 0, s.name), 2
            while name.lower() in {x.lower() for x in names}:
                name, n = f"{base} {n}", n + 1
            names.append(name)
        first = rotated.index(next(s for s in rotated if s.user_id == user))
        busy = ServiceError(
            msg("This channel already has a new game or lobby (perhaps someone clicked Rematch first)."),
            "channel_busy",
        )
        now = self.core.now()
        try:
            record = await self.core.lobbies.create(
                channel_id=old.channel_id,
                guild_id=old.guild_id,
                game_id=old.game_id,
                title=old.title,
                rules_version=self.core.game(old.game_id).spec.rules_version,
                options=old.options,
                creator_id=user,
                creator_name=names[first],
                now=now,
                clock=old.clock,
                hours=old.hours,
                hours_tz=old.hours_tz,
                language=old.language,
            )
            for i, s in enumerate(rotated):
                if i != first:
                    await self.core.lobbies.add_seat(record.id, s.user_id, names[i], now)
        except (ChannelBusy, VersionConflict):
            raise busy from None
        await Records(self.core.store).set_origin(record.id, f"rematch:{old.id}")
        if old.ai_stand_in is not None:
            await AiSeats(self.core.store).allow_stand_in(record.id, old.ai_stand_in)
        lead = [
            msg(
                "{player} started a rematch of {title} (same options, new shuffle, seats rotated).",
                player=names[first],
                title=old.title,
            )
        ]

        async def change(txn: Txn) -> Said:
            members = {m.user_id: m for m in txn.seats}
            order: list[SeatRecord] = [members[s.user_id] for s in rotated]
            return await self._launch(txn, order, [s.colour for s in rotated], seed, lead)

        try:
            return await self.steps.play_step(record.id, change, want="lobby", actor=user)
        except ServiceError as exc:  # e.g. the rules changed: leave no half-made lobby behind
            await self.core.store.set_status(record.id, "abandoned", self.core.now(), ("lobby",))
            if exc.code == "engine_error":  # no lobby is left open: the Rematch button is there to try again
                raise ServiceError(REMATCH_ERROR, exc.code) from None
            raise

    async def set_language(
        self, channel_id: str | int, user_id: str | int, language: str, can_manage_channel: bool = False
    ) -> Announcement:
        """Change the language of the channel's table (its lobby or game, else its latest game, whose
        rematch keeps it) for its public messages; its creator or someone who can manage the channel
        may, as for :meth:`abandon` and ``/admin``. Announced in the new language."""
        lang = spoken_language(language)
        record = await self.core.latest(channel_id)  # a finished table too: its rematch keeps the language
        if uid(user_id) != record.creator_id and not can_manage_channel:
            raise ServiceError(
                msg("Only the game's creator or someone who can manage this channel can change its language."),
                "not_allowed",
            )
        async with self.core.lock(record.id):
            changed = await Records(self.core.store).set_language(record.id, lang)
        fresh = await self.core.store.game(record.id)
        assert fresh is not None
        line = (
            msg("This table now speaks {language}.", language=NAMES[lang])
            if changed
            else msg("This table already speaks {language}.", language=NAMES[lang])
        )
        return Announcement(fresh.id, [line])

    async def abandon(
        self, channel_id: str | int, user_id: str | int, can_manage_channel: bool = False
    ) -> Announcement:
        """End the channel's lobby or game without a result (creator or channel managers)."""
        record = await self.core.live(channel_id)
        if uid(user_id) != record.creator_id and not can_manage_channel:
            raise ServiceError(
                msg("Only the game's creator or someone who can manage this channel can abandon it."), "not_allowed"
            )
        async with self.core.lock(record.id):
            if not await self.core.store.set_status(record.id, "abandoned", self.core.now()):
                raise ServiceError(msg("This game has already ended."), "stale")
            self.core.tables.drop(record.id)
            await self.core.deadlines.stop(record.id)
        seats = await self.core.store.seats(record.id)
        who = next((s.name for s in seats if s.user_id == uid(user_id)), None)
        said = (
            msg(
                "{player} abandoned the {title} game (version {version}).",
                player=who,
                title=record.title,
                version=record.version,
            )
            if who is not None
            else msg(
                "A moderator abandoned the {title} game (version {version}).",
                title=record.title,
                version=record.version,
            )
        )
        return Announcement(record.id, [said])
