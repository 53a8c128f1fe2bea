"""Random full games through the bot's own commands and components on the Discord fakes: how many
public messages, board images and pings a table gets, per game and player count (issue 13).

    python bench/turn_messages.py                          # Puerto Rico 2-5 and Lisboa 2-4, one game each
    python bench/turn_messages.py --game lisboa --players 4 --games 3 --seed 2

Each game is the real bot (``tests/bot_discord/discord_fakes.py``: discord.py's own objects, every
request recorded) on a temporary SQLite file: ``/game new``, ``/game join``, ``/game start``, then a
random playable component of the current turn message is clicked, as the player it belongs to
(opening the private panel first where the options are private or several players decide at once),
until the game ends. Board images are a stand-in PNG unless ``--draw`` (the count is the same).

What is counted, from the recorded requests and the game's own states (not from the bot's rules):

* **turns**: the start, and every change after which someone other than the actor owes a decision
  who did not owe one before; **windows**: parallel decisions (everyone at once) that closed
  without such a newcomer; **lobby**: the lobby and join lines; **end**: the final board;
* **messages**: new public messages in the game's channel; **images**: board images attached to
  new messages (what stays in the channel), and those replacing the image of an edited message;
* **pings**: mentions in new messages (edits never notify), per player; **repeats**: a ping to a
  player already pinged since the last turn boundary (a turn start, a closed window, the end).

Target (issue 13): messages and new images <= turns + windows + lobby + end; repeats 0.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "tests" / "bot_discord"):
    sys.path.insert(0, str(extra))

from discord_fakes import CHANNEL_ID, EPHEMERAL, Call, FakeDiscord, Guild, start_bot  # noqa: E402

import bot.discord.turns  # noqa: E402
from engine.core.decisions import PARALLEL  # noqa: E402

PLAYERS = ((1001, "Ann"), (1002, "Bob"), (1003, "Cy"), (1004, "Dee"), (1005, "Eve"))
COUNTS = {"puerto_rico": (2, 3, 4, 5), "lisboa": (2, 3, 4)}
PLAYABLE = re.compile(r"pbp:\d+:\d+:(\d+):[as]\d+$")
MENTION = re.compile(r"<@!?(\d+)>")
PNG = b"\x89PNG\r\n\x1a\n"


@dataclass
class Figures:
    """What one game cost its channel."""

    game: str
    players: int
    actions: int = 0
    turns: int = 0
    windows: int = 0
    lobby: int = 0
    end: int = 0
    messages: int = 0
    images_new: int = 0
    images_replaced: int = 0
    edits: int = 0
    pings: Counter[str] = field(default_factory=Counter)
    repeats: int = 0
    seconds: float = 0.0

    @property
    def target(self) -> int:
        return self.turns + self.windows + self.lobby + self.end

    @property
    def images(self) -> int:
        return self.images_new + self.images_replaced

    @property
    def ok(self) -> bool:
        """Within the target: images in the channel are those of new messages (an edit replaces one)."""
        return self.messages <= self.target and self.images_new <= self.target and self.repeats == 0


def components(payload: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in payload.get("components") or [] for c in row.get("components", [])]


def is_public(call: Call) -> bool:
    return not call.ephemeral


def new_public(calls: list[Call]) -> list[Call]:
    """New public messages in the game's channel: bot-token posts, non-ephemeral followups and replies."""
    posts = [c for c in calls if c.kind == "http" and c.method == "POST"]
    replies = [c for c in calls if c.kind == "webhook" and is_public(c)]
    return (
        [c for c in posts if c.url.endswith(f"/channels/{CHANNEL_ID}/messages")]
        + [c for c in replies if c.method == "POST" and not c.path.endswith("/callback")]
        + [c for c in replies if c.path.endswith("/callback") and c.payload.get("type") == 4]
    )


def public_edits(fake: FakeDiscord, calls: list[Call]) -> list[Call]:
    """Edits of a public message's text (not the removal of its buttons): channel PATCHes, "update
    message" replies and original-response edits."""
    out = []
    for c in calls:
        if "content" not in c.payload and "content" not in (c.payload.get("data") or {}):
            continue
        if c.kind == "http" and c.method == "PATCH" and f"/channels/{CHANNEL_ID}/messages/" in c.url:
            out.append(c)
        elif c.kind == "webhook" and (
            (c.method == "PATCH" and "/messages/" in c.path)
            or (c.path.endswith("/callback") and c.payload.get("type") == 7)
        ):
            edited = c.reply.get("resource", {}).get("message") if c.path.endswith("/callback") else c.reply
            if edited and not int(edited.get("flags") or 0) & EPHEMERAL:
                out.append(c)
    return out


def pinged(call: Call) -> set[str]:
    """Users a new message notifies: mentioned in its text and allowed by ``allowed_mentions``."""
    body = call.payload.get("data", call.payload) if call.path.endswith("/callback") else call.payload
    allowed = {str(u) for u in (body.get("allowed_mentions") or {}).get("users", [])}
    return allowed & set(MENTION.findall(str(body.get("content") or "")))


def turn_message(fake: FakeDiscord, row: int, version: int) -> dict[str, Any]:
    """The public message carrying the components of ``version`` (posted or edited last)."""
    prefix = f"pbp:{row}:{version}:"
    found = [
        m
        for mid, m in fake.messages.items()
        if mid not in fake.deleted
        and not int(m.get("flags") or 0) & EPHEMERAL
        and any(c.get("custom_id", "").startswith(prefix) for c in components(m))
    ]
    if not found:
        raise RuntimeError(f"no message offers version {version}")
    return found[-1]


async def click(guild: Guild, row: int, message: dict[str, Any], rng: random.Random, user: int | None = None) -> int:
    """Click a random playable component of ``message`` as its player (opening the clicker's private
    panel first when the message offers none); the clicking user."""
    table = await guild.bot.service.table(row)
    names = dict(PLAYERS)
    items = components(message)
    playable = [c for c in items if PLAYABLE.match(c.get("custom_id", ""))]
    if playable:
        item = rng.choice(playable)
        seat = int(PLAYABLE.match(item["custom_id"])[1])  # type: ignore[index]
        user = int(table.users[seat])
        values = [rng.choice(item["options"])["value"]] if "options" in item else None
        await guild.click(user, names[user], message, item["custom_id"], values)
        return user
    confirm = next((c for c in items if c.get("label") == "Confirm layout"), None)
    user = user or int(rng.choice(table.waiting_users()))
    if confirm is not None:
        await guild.click(user, names[user], message, confirm["custom_id"])
        return user
    panel = next(c["custom_id"] for c in items if c.get("custom_id", "").endswith(":panel"))
    opened = await guild.click(user, names[user], message, panel)
    replies = [c for c in opened if c.kind == "webhook" and c.ephemeral and c.reply.get("components")]
    if not replies:
        raise RuntimeError(f"the panel answered {[c.content for c in opened]}")
    return await click(guild, row, replies[-1].reply, rng, user)


def parallel_kinds(table: Any) -> frozenset[str]:
    return frozenset(d.kind for d in table.decisions() if d.mode == PARALLEL)


async def play_one(game: str, players: int, seed: int, db: Path) -> Figures:
    fake = FakeDiscord()
    bot = await start_bot(db, fake, seed=seed)
    figures = Figures(game, players)
    began = time.perf_counter()
    try:
        guild = Guild(bot, fake)
        seated = PLAYERS[:players]
        await guild.command(*seated[0], "game new", game=game)
        for user, name in seated[1:]:
            await guild.command(user, name, "game join")
        figures.lobby = len(new_public(fake.calls))
        last_ping: dict[str, int] = {}
        turn = 0
        account(figures, fake, fake.calls, turn, last_ping)
        mark = len(fake.calls)
        await guild.command(*seated[0], "game start")
        figures.turns = 1
        row = int(next(c for c in components(turn_message_any(fake)) if "custom_id" in c)["custom_id"].split(":")[1])
        account(figures, fake, fake.calls[mark:], turn, last_ping)
        rng = random.Random(seed)
        for _ in range(5000):
            before = await bot.service.table(row)
            if not before.active:
                break
            w0, p0 = set(before.waiting_users()), parallel_kinds(before)
            mark = len(fake.calls)
            actor = await click(guild, row, turn_message(fake, row, before.version), rng)
            after = await bot.service.table(row)
            if after.version == before.version:
                raise RuntimeError(f"a click changed nothing at version {before.version}")
            figures.actions += 1
            w1, p1 = set(after.waiting_users()), parallel_kinds(after)
            if not after.active:
                figures.end += 1
                turn += 1
            elif w1 - w0 - {str(actor)}:
                figures.turns += 1
                turn += 1
            elif p0 and p0 != p1:
                figures.windows += 1
                turn += 1
            account(figures, fake, fake.calls[mark:], turn, last_ping)
        else:
            raise RuntimeError("the game did not end")
    finally:
        await bot.close()
    figures.seconds = time.perf_counter() - began
    return figures


def turn_message_any(fake: FakeDiscord) -> dict[str, Any]:
    """The latest public message with game components (the first turn message)."""
    return next(
        m
        for m in reversed(list(fake.messages.values()))
        if not int(m.get("flags") or 0) & EPHEMERAL and any(":" in c.get("custom_id", "") for c in components(m))
    )


def account(figures: Figures, fake: FakeDiscord, calls: list[Call], turn: int, last_ping: dict[str, int]) -> None:
    """Add the requests of one change (made during turn number ``turn``) to the figures."""
    for call in new_public(calls):
        figures.messages += 1
        figures.images_new += sum(1 for _, data in call.files if data.startswith(PNG))
        for user in pinged(call):
            figures.pings[user] += 1
            if last_ping.get(user) == turn:
                figures.repeats += 1
            last_ping[user] = turn
    for call in public_edits(fake, calls):
        figures.edits += 1
        figures.images_replaced += sum(1 for _, data in call.files if data.startswith(PNG))


def report(figures: Figures) -> str:
    names = dict(PLAYERS)
    pings = ", ".join(f"{names[int(u)]} {n}" for u, n in sorted(figures.pings.items()))
    return (
        f"{figures.game} {figures.players}p: {figures.actions} actions, {figures.turns} turns, "
        f"{figures.windows} windows, {figures.lobby} lobby + {figures.end} end lines -> target {figures.target}; "
        f"{figures.messages} public messages, {figures.edits} edits, images {figures.images} "
        f"({figures.images_new} new + {figures.images_replaced} replaced); pings {pings or 'none'}; "
        f"repeated pings within a turn {figures.repeats}; {'OK' if figures.ok else 'OVER TARGET'} "
        f"({figures.seconds:.0f} s)"
    )


async def bench(args: argparse.Namespace) -> list[Figures]:
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        for game in args.game or list(COUNTS):
            for players in args.players or COUNTS[game]:
                for number in range(args.games):
                    seed = args.seed + number
                    figures = await play_one(game, players, seed, Path(scratch) / f"{game}-{players}-{seed}.sqlite3")
                    print(report(figures), flush=True)
                    results.append(figures)
    return results


def summary(results: list[Figures]) -> None:
    groups: dict[tuple[str, int], list[Figures]] = {}
    for f in results:
        groups.setdefault((f.game, f.players), []).append(f)
    print("\nper game and player count (mean over games):")
    print("game          p  turns windows target  messages  edits  images(new+repl)  pings/player  repeats")
    for (game, players), group in groups.items():
        mean = {
            key: statistics.mean(getattr(f, key) for f in group)
            for key in (
                "turns",
                "windows",
                "target",
                "messages",
                "edits",
                "images",
                "images_new",
                "images_replaced",
                "repeats",
            )
        }
        per_player = statistics.mean(sum(f.pings.values()) / f.players for f in group)
        print(
            f"{game:<13} {players}  {mean['turns']:5.0f} {mean['windows']:7.0f} {mean['target']:6.0f}  "
            f"{mean['messages']:8.0f}  {mean['edits']:5.0f}  {mean['images']:6.0f} "
            f"({mean['images_new']:.0f}+{mean['images_replaced']:.0f})  {per_player:12.1f}  {mean['repeats']:7.1f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=list(COUNTS), help="default: both")
    parser.add_argument("--players", action="append", type=int, help="default: every count the game allows")
    parser.add_argument("--games", type=int, default=1, help="games per game and player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draw", action="store_true", help="draw real board images (slower; same counts)")
    args = parser.parse_args(argv)
    if not args.draw:
        bot.discord.turns.render_board = lambda view, lang="en": PNG + b"board"  # type: ignore[assignment]
    results = asyncio.run(bench(args))
    summary(results)
    return 0 if all(f.ok for f in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
