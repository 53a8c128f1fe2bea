"""The former fingerprints of a game's pack, from the repository's history:
``python -m engine.core.datapack.former GAME [--pack PATH] [--rev REV ...] [--write]``.

Packs were once fingerprinted by their bytes (:func:`~.fingerprint.byte_fingerprint`), so every
edit of a comment or a citation gave them a new fingerprint; games set up then recorded those. For
every commit that changed one of the pack's files (``git log -- FILES``) and every ``--rev``
(default: ``main``, when the repository has it), this reads the pack's files as they were and
computes both the byte fingerprint of that version and its values fingerprint (what a pack is
fingerprinted by now). A byte fingerprint whose version has the values of the pack in the working
tree is a former fingerprint of it: a game that recorded it was set up with these very values.

``--pack PATH`` reads a server owner's pack instead of the shipped one: its files as they stand are
one more version (the one an earlier bot loaded, whose byte fingerprint its games recorded), and
its folder's history counts when it is in a git repository.

Prints one line per version and the former fingerprints; ``--write`` writes them to the pack's
``fingerprints.toml`` (keeping any it already lists for the same values, so a clone with less
history never drops one). Needs git for the history; the bot never runs it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .fingerprint import FORMER_FILE, byte_fingerprint, read_former, values_fingerprint
from .load import load
from .pack import P, PackSpec
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
    owners: bool = False  # read with --pack

    @property
    def former(self) -> tuple[str, ...]:
        """The byte fingerprints of the versions with today's values, sorted."""
        return tuple(sorted({v.byte for v in self.versions if v.same and v.byte is not None}))


def _git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=check)


def former_fingerprints(
    spec: PackSpec[P], revisions: tuple[str, ...] = ("main",), pack: str | Path | None = None
) -> History:
    """The history of the pack in ``pack`` (default: the shipped one; see the module's text): its
    commits, and the ``revisions`` the repository has. A folder outside a repository has no history;
    ``pack``'s files as they stand are one more version (an owner's pack an earlier bot loaded)."""
    root = Path(spec.default_dir if pack is None else pack).resolve()
    files = ([spec.meta_file] if spec.meta_file is not None else []) + list(spec.files)
    values = load(spec, root).fingerprint
    versions = []
    if pack is not None:
        versions.append(_version(spec, "", f"the files in {root}", lambda f: _on_disk(root / f), values))
    try:
        inside = _git(root, "rev-parse", "--show-toplevel", check=False)
    except FileNotFoundError:  # no git on this machine: no history
        inside = None
    if inside is None or inside.returncode != 0:
        return History(spec.game, root, values, tuple(versions), pack is not None)
    top = Path(inside.stdout.decode().strip())
    folder = root.relative_to(top).as_posix()
    paths = {f: f"{folder}/{f}" if folder != "." else f for f in files}
    log = _git(top, "log", "--format=%H %h %ad", "--date=short", "--", *paths.values()).stdout.decode()
    commits = [(line.split()[0], " ".join(line.split()[1:])) for line in log.split("\n") if line.strip()]
    names: dict[str, list[str]] = {}
    for rev in revisions:
        found = _git(top, "rev-parse", "--verify", "-q", f"{rev}^{{commit}}", check=False)
        if found.returncode == 0:
            commit = found.stdout.decode().strip()
            if commit not in dict(commits) and commit not in names:
                short = _git(top, "log", "-1", "--format=%h %ad", "--date=short", commit).stdout.decode().strip()
                commits.append((commit, short))
            names.setdefault(commit, []).append(rev)
    for commit, label in commits:

        def shown(file: str, commit: str = commit) -> bytes | None:
            out = _git(top, "show", f"{commit}:{paths[file]}", check=False)
            return out.stdout if out.returncode == 0 else None

        versions.append(_version(spec, commit, ", ".join([label, *names.get(commit, [])]), shown, values))
    return History(spec.game, root, values, tuple(versions), pack is not None)


def _on_disk(path: Path) -> bytes | None:
    return path.read_bytes() if path.is_file() else None


def _version(spec: PackSpec[P], commit: str, label: str, read: Callable[[str], bytes | None], now: str) -> Version:
    """The version whose files ``read`` gives (``None``: missing), against the values fingerprint ``now``."""
    blobs: dict[str, bytes] = {}
    for file in ([spec.meta_file] if spec.meta_file is not None else []) + list(spec.files):
        blob = read(file)
        if blob is None:
            return Version(commit, label, None, None, False, f"{file} missing")
        blobs[file] = blob
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
    command = f"python -m engine.core.datapack.former {history.game}" + (
        f" --pack {history.root}" if history.owners else ""
    )
    head = f"""\
# The fingerprints games set up with earlier versions of this pack recorded, while those versions
# had the game values this pack has now: a game that recorded one is played with this pack.
# Packs were fingerprinted by their files' bytes then (a comment or a citation changed it); they are
# fingerprinted by their values now (engine/core/datapack/fingerprint.py). Computed by
#   {command} --write
# from every version of the pack it could read: each commit that changed the pack's files, branch
# main, and (for a server owner's pack) its files as they stand. For each it takes the byte
# fingerprint and the values fingerprint; a byte fingerprint is listed when its version's values
# fingerprint is `values`. The list counts only while this pack's values fingerprint is `values`.
values = "{history.values}"
former = [
"""
    lines = [f'  "{fp}",  # ' + ("; ".join(labels) or "kept from the file") + "\n" for fp, labels in seen.items()]
    return head + "".join(lines) + "]\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.core.datapack.former", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("game", choices=games_with_packs(), help="the game id")
    parser.add_argument("--pack", default=None, help="a server owner's pack folder (default: the shipped one)")
    parser.add_argument("--rev", action="append", help="a revision to read too (default: main)")
    parser.add_argument("--write", action="store_true", help=f"write the pack's {FORMER_FILE}")
    args = parser.parse_args(argv)
    spec = packs_of(args.game).spec
    try:
        history = former_fingerprints(spec, tuple(args.rev or ["main"]), args.pack)
    except PackError as exc:
        print(f"invalid {args.game} data pack: {exc}", file=sys.stderr)
        return 1
    for v in history.versions:
        what = v.problem or f"values {v.values}" + (" (the same values)" if v.same else " (other values)")
        print(f"{v.label:40}  bytes {v.byte or '-':16}  {what}")
    listed = {*history.former, *read_former(history.root, history.values)}
    print(f"{args.game}: values fingerprint {history.values}; {len(listed)} former fingerprints")
    if args.write:
        path = history.root / FORMER_FILE
        path.write_text(written(history), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
