"""What the command lines (``python -m bot``, the offline demo, ``python -m bot.terminal``) share:
argument types that refuse bad input in one line, the error line itself, and the output folder check.

Every refusal is one line on stderr, ``<program>: error: <what is wrong>: <what to do>``, with exit
code 2 (argparse's own convention for bad arguments), never a traceback.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn, TextIO

#: Seeds the games database stores (a signed 64-bit column) and the engine's generator takes.
SEED_MAX = 2**63 - 1


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusal of a bad argument is one line (no usage block): what is
    wrong, and that ``--help`` lists the options."""

    def error(self, message: str) -> NoReturn:
        fail(self.prog, f"{message} ({self.prog} --help lists the options)")
        raise SystemExit(2)


def fail(prog: str, message: str, err: TextIO | None = None) -> int:
    """Print ``prog: error: message`` on one line (stderr by default) and return exit code 2."""
    line = " ".join(str(message).split())
    print(f"{prog}: error: {line}", file=err if err is not None else sys.stderr)
    return 2


def count(n: int, one: str, many: str) -> str:
    """``n`` with its noun, for the command lines' own English lines.

    >>> count(1, "action", "actions"), count(0, "board image", "board images")
    ('1 action', '0 board images')
    """
    return f"{n} {one if n == 1 else many}"


def seed(text: str) -> int:
    """``--seed``: a whole number from 0 to :data:`SEED_MAX`.

    >>> seed(" 42 ")
    42
    >>> seed("99999999999999999999999")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: a seed is a whole number from 0 to 9223372036854775807, not 99999999999999999999999
    """
    raw = text.strip()
    if raw.isdigit() and int(raw) <= SEED_MAX:
        return int(raw)
    raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {SEED_MAX}, not {raw[:40]}")


def whole(low: int, what: str) -> Callable[[str], int]:
    """An argument type for a whole number of at least ``low`` (``what`` names it in the refusal).

    >>> whole(1, "games")("3")
    3
    >>> whole(1, "games")("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: the number of games is a whole number from 1 up, not 0
    """

    def parse(text: str) -> int:
        raw = text.strip()
        if raw.isdigit() and int(raw) >= low and len(raw) <= 18:
            return int(raw)
        raise argparse.ArgumentTypeError(f"the number of {what} is a whole number from {low} up, not {raw[:40]}")

    return parse


def folder_problem(path: Path) -> str | None:
    """``None`` when ``path`` is a folder this process can write files in (a missing one is created,
    with its parents); otherwise one line naming the path and the problem."""
    try:
        if path.exists() and not path.is_dir():
            return f"{path} is a file, not a folder: name a folder for the images (a missing one is created)"
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot create the folder {path} ({exc.strerror or exc}): name a folder you can write to"
    try:
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        return f"cannot write in the folder {path} ({exc.strerror or exc}): name a folder you can write to"
    return None
