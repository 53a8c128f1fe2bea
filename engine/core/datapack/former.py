"""The former fingerprints of a game's shipped pack, from the repository's history:
``python -m engine.core.datapack.former GAME [--rev REV ...] [--write]``.

Packs were once fingerprinted by their bytes (:func:`~.fingerprint.byte_fingerprint`), so every
edit of a comment or a citation gave them a new fingerprint; games set up then recorded those. For
every commit that changed one of the pack's files (``git log -- FILES``) and every ``--rev``
(default: ``main``, when the repository has it), this reads the pack's files as they were and
computes both the byte fingerprint of that version and its values fingerprint (what a pack is
fingerprinted by now). A byte fingerprint whose version has the values of the pack in the working
tree is a former fingerprint of it: a game that recorded it was set up with these very values.

Prints one line per version and the former fingerprints; ``--write`` writes them to the pack's
``fingerprints.toml`` (keeping any it already lists for the same values, so a clone with less
history never drops one). Needs git and the history; the bot never runs it.
"""

from __future__ import annotations

import argparse
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine  # noqa: F401  (registers every game, and with them their data packs)

from .fingerprint import FORMER_FILE, byte_fingerprint, read_former, values_fingerprint
from .load import load
from .pack import PackSpec
from .packs import games_with_packs, packs_of
from .schema import PackError


@dataclass(frozen=True)
class Version:
    """One earlier version of a pack: ``label`` (short commit, date, the ``--rev`` names that point
    at it), its byte fingerprint and values fingerprint (``None`` with ``problem`` when a file is
    missing or does not parse), and whether its values are the pack's today (``same``)."""

    commit: str
    label: str
    byte: str | None
    values: str | None
    same: bool
    problem: str = ""


@dataclass(frozen=True)
class History:
    """What :func:`former_fingerprints` found: the values fingerprint of the pack in the working
    tree and every earlier version, newest first (the ``--rev`` ones not in the log last)."""

    game: str
    root: Path
    values: str
    versions: tuple[Version, ...]

    @property
    def former(self) -> tuple[str, ...]:
        """The byte fingerprints of the versions with today's values, sorted."""
        return tuple(sorted({v.byte for v in self.versions if v.same and v.byte is not None}))


def _git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=check)


def former_fingerprints(spec: PackSpec[Any], revisions: tuple[str, ...] = ("main",)) -> History:
    """The history of the pack in ``spec.default_dir`` (see the module's text); a revision the
    repository does not have is left out."""
    root = Path(spec.default_dir).resolve()
    top = Path(_git(root, "rev-parse", "--show-toplevel").stdout.decode().strip())
    folder = root.relative_to(top).as_posix()
    files = ([spec.meta_file] if spec.meta_file is not None else []) + list(spec.files)
    paths = [f"{folder}/{f}" if folder != "." else f for f in files]
    log = _git(top, "log", "--format=%H %h %ad", "--date=short", "--", *paths).stdout.decode().split("\n")
    commits = [(line.split()[0], " ".join(line.split()[1:])) for line in log if line.strip()]
    names: dict[str, list[str]] = {}
    for rev in revisions:
        found = _git(top, "rev-parse", "--verify", "-q", f"{rev}^{{commit}}", check=False)
        if found.returncode == 0:
            commit = found.stdout.decode().strip()
            if commit not in dict(commits) and commit not in names:
                short = _git(top, "log", "-1", "--format=%h %ad", "--date=short", commit).stdout.decode().strip()
                commits.append((commit, short))
            names.setdefault(commit, []).append(rev)
    values = load(spec).fingerprint
    versions = []
    for commit, label in commits:
        full = ", ".join([label, *names.get(commit, [])])
        versions.append(_version(spec, top, commit, full, dict(zip(files, paths, strict=True)), values))
    return History(spec.game, root, values, tuple(versions))


def _version(spec: PackSpec[Any], top: Path, commit: str, label: str, paths: dict[str, str], now: str) -> Version:
    blobs: dict[str, bytes] = {}
    for file, path in paths.items():
        shown = _git(top, "show", f"{commit}:{path}", check=False)
        if shown.returncode != 0:
            return Version(commit, label, None, None, False, f"{file} missing")
        blobs[file] = shown.stdout
    byte = byte_fingerprint(spec, blobs)
    try:
        docs = {file: tomllib.loads(blob.decode("utf-8")) for file, blob in blobs.items()}
        name, schema = spec.name, spec.schema
        if spec.meta_file is not None:
            meta = docs[spec.meta_file].get("pack", {})
            name, schema = meta.get("name"), meta.get("schema")
        values = values_fingerprint(spec, name, schema, docs)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, PackError, AttributeError) as exc:
        return Version(commit, label, byte, None, False, f"does not parse: {exc}")
    return Version(commit, label, byte, values, values == now)


def written(history: History) -> str:
    """The text of ``fingerprints.toml`` for ``history``, keeping every former fingerprint the file
    already lists for the same values."""
    kept = read_former(history.root, history.values)
    seen: dict[str, list[str]] = {fp: [] for fp in sorted({*kept, *history.former})}
    for v in history.versions:
        if v.same and v.byte is not None:
            seen[v.byte].append(v.label)
    head = f"""\
# The fingerprints games set up with earlier versions of this pack recorded, while those versions
# had the game values this pack has now: a game that recorded one is played with this pack.
# Packs were fingerprinted by their files' bytes then (a comment or a citation changed it); they are
# fingerprinted by their values now (engine/core/datapack/fingerprint.py). Computed by
# `python -m engine.core.datapack.former {history.game} --write` from the repository's history: for
# every commit that changed the pack's files, and branch main, the byte fingerprint of the pack as it
# was and its values fingerprint; a byte fingerprint is listed when its version's values fingerprint
# is `values`. The list counts only while this pack's values fingerprint is `values`.
values = "{history.values}"
former = [
"""
    lines = [f'  "{fp}",  # ' + ("; ".join(labels) or "listed before") + "\n" for fp, labels in seen.items()]
    return head + "".join(lines) + "]\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.core.datapack.former", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("game", choices=games_with_packs(), help="the game id")
    parser.add_argument("--rev", action="append", help="a revision to read too (default: main)")
    parser.add_argument("--write", action="store_true", help=f"write the pack's {FORMER_FILE}")
    args = parser.parse_args(argv)
    history = former_fingerprints(packs_of(args.game).spec, tuple(args.rev or ["main"]))
    for v in history.versions:
        what = v.problem or f"values {v.values}" + (" (the same values)" if v.same else " (other values)")
        print(f"{v.label:40}  bytes {v.byte or '-':16}  {what}")
    print(f"{args.game}: values fingerprint {history.values}; {len(history.former)} former fingerprints")
    if args.write:
        path = history.root / FORMER_FILE
        path.write_text(written(history), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
