"""Load and merge catalog TOML files, collecting every problem of every file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skyforge.catalog import cache as catalog_cache
from skyforge.catalog.index import Catalog
from skyforge.errors import InputError, Problem, option

if TYPE_CHECKING:
    from skyforge.catalog.models import CardsFile


def shipped_catalog_dir() -> Path:
    """The catalog shipped with skyforge: inside the wheel, or the repository's ``catalog/``."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "_catalog"
    if packaged.is_dir():
        return packaged
    return here.parent.parent / "catalog"


#: Names of the shipped layers, for ``--catalog`` and ``SKYFORGE_CATALOG``: the official
#: layer (rulebook facts and rule tables) is always loaded; ``@demo`` adds the fictional
#: DEMO set, ``@shipped`` is both, ``@official`` the official layer alone.
OFFICIAL, DEMO, SHIPPED = "@official", "@demo", "@shipped"
LAYER_NAMES: dict[str, tuple[str, ...]] = {OFFICIAL: ("official",), DEMO: ("demo",), SHIPPED: ("official", "demo")}


@dataclass(frozen=True)
class Layers:
    """The catalog files to load, in order: official, then demo (if any), then the user's."""

    official: tuple[Path, ...]
    demo: tuple[Path, ...]
    user: tuple[Path, ...]

    @property
    def files(self) -> list[Path]:
        return [*self.official, *self.demo, *self.user]


def _toml_files(folder: Path) -> list[Path]:
    """The catalog files of a folder: hidden files and folders left out (the versions skyforge keeps
    of a catalog file are in its hidden ``.skyforge/history/``)."""
    return sorted(
        p for p in folder.rglob("*.toml") if not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )


def catalog_layers(paths: list[Path] | None = None) -> Layers:
    """Which files make the catalog for ``--catalog PATHS`` (none: official + demo).

    The official layer is always there. The demo layer comes when no catalog of the
    user's own is given, or when ``@demo``/``@shipped`` names it. A shipped file given
    by its path counts as the layer it belongs to, and is loaded once.
    """
    shipped = shipped_catalog_dir()
    official = _toml_files(shipped / "official")
    demo_files = _toml_files(shipped / "demo")
    if not paths:
        return Layers(tuple(official), tuple(demo_files), ())
    layer_of = {f.resolve(): "official" for f in official} | {f.resolve(): "demo" for f in demo_files}
    wanted: set[str] = set()
    user: list[Path] = []
    for path in paths:
        name = str(path)
        if name in LAYER_NAMES:
            wanted.update(LAYER_NAMES[name])
            continue
        if name.startswith("@"):
            raise InputError(
                Problem(
                    f"no catalog layer named '{name}'",
                    value=name,
                    has_value=True,
                    hint="layers: @official (rulebook facts and rules, always loaded), "
                    "@demo (the fictional DEMO set), @shipped (both)",
                )
            )
        if path.is_dir():
            found = _toml_files(path)
            if not found:
                raise InputError(
                    Problem(
                        f"no catalog files (*.toml) in {path}",
                        file=path,
                        hint=f"give a TOML file or a folder of them with {option('catalog')}; "
                        "`skyforge catalog init` writes a starter file",
                    )
                )
        elif path.exists():
            found = [path]
        else:
            raise InputError(
                Problem(
                    "catalog file not found",
                    file=path,
                    hint=f"give a TOML file or a folder of them with {option('catalog')}; "
                    "`skyforge catalog init "
                    + (name if name.endswith(".toml") else "my-cards.toml")
                    + "` writes a starter file",
                )
            )
        for file in found:
            layer = layer_of.get(file.resolve())
            if layer is not None:
                wanted.add(layer)
            elif file not in user:
                user.append(file)
    return Layers(tuple(official), tuple(demo_files) if "demo" in wanted else (), tuple(user))


def load_catalog(
    paths: list[Path] | None = None, *, cache: bool = True, progress: Callable[[int, int], None] | None = None
) -> Catalog:
    """Load and merge the catalog for ``--catalog PATHS`` (default: official + demo).

    The user's files go on top of the official layer: an entry with the code (or,
    for entries without one, the kind and name) of an official entry completes it.
    A catalog that loaded cleanly is cached (see :mod:`skyforge.catalog.cache`)
    and served from there until one of its files — or skyforge — changes. ``progress(done, total)``
    is told of each file read on a miss.
    """
    layers = catalog_layers(paths)
    files = layers.files
    # the key is worked out before the files are read: one saved from now on makes the next run miss
    key = catalog_cache.cache_key(files) if cache else None
    cached = catalog_cache.read(key)
    if cached is not None:
        return cached
    # a miss: the files are read and merged by the pydantic models (and their modules imported: a hit needs neither)
    from skyforge.catalog import build

    problems: list[Problem] = []
    parsed: list[tuple[Path, CardsFile, dict]] = []
    for done, file in enumerate(files):
        if progress is not None:
            progress(done, len(files))
        try:
            parsed.append(build.load_file(file))
        except InputError as exc:
            problems.extend(exc.problems)
    catalog = Catalog(files=files, user_files=list(layers.user), shipped_dir=shipped_catalog_dir())
    if not problems:
        problems.extend(build.merge(catalog, parsed))
    if problems:
        raise InputError(problems)
    catalog_cache.write(key, catalog_cache.encode(catalog))
    return catalog


def extend_catalog(catalog: Catalog, additions: list[tuple[Path, str]]) -> Catalog:
    """``catalog`` with more catalog text merged on top — each ``(file, text)`` what ``file`` holds,
    or, for a file ``catalog`` holds already, what it gains (its lines at their place in the file) —
    without reading its files again (a catalog from the cache stays one). The text is read and
    merged by the models, every problem reported with its file and line; an entry it defines again
    is a duplicate. ``catalog`` itself is left as it is: the result is a copy."""
    from skyforge.catalog import build

    problems: list[Problem] = []
    parsed: list[tuple[Path, CardsFile, dict]] = []
    for file, text in additions:
        try:
            parsed.append(build.load_file(file, text))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    extended = catalog.copy()
    new = [file for file, _ in additions if file not in catalog.files]
    extended.files, extended.user_files = [*catalog.files, *new], [*catalog.user_files, *new]
    for file, model, lines in parsed:  # the merge reports a clash only between the files it merges
        for i, card in enumerate(model.cards):
            origin = catalog.origins.get(card.key)
            if origin is not None:
                where = catalog.display(origin.file) + (f" line {origin.line}" if origin.line else "")
                problems.append(
                    Problem(
                        f"duplicate card {card.key}: already defined in {where}",
                        file=file,
                        line=lines.get(("cards", i)),
                        key=f"cards[{i}].code",
                    )
                )
        for i, item in enumerate(model.sets):
            if item.code in catalog.sets:
                problems.append(
                    Problem(
                        f"set '{item.code}' is defined twice",
                        file=file,
                        line=lines.get(("sets", i)),
                        key=f"sets[{i}].code",
                    )
                )
    if problems:
        raise InputError(problems)
    layers = dict(catalog.entry_layers)
    problems = build.merge(extended, parsed)
    extended.entry_layers = layers | extended.entry_layers
    if problems:
        raise InputError(problems)
    return extended


def merged_with(catalog: Catalog, file: Path, text: str) -> Catalog | None:
    """``catalog`` with the catalog file ``file``, holding ``text``, merged on top as the last of its
    files: what :func:`load_catalog` of its files and ``file`` makes, and the same problems, found
    without reading its files again (a catalog from the cache stays one) — or ``None`` when only
    reading them all can tell (``text`` holds more than cards, or a card that could change how the
    catalog's own entries resolve: :func:`skyforge.catalog.build.merge_onto`). ``catalog`` itself is
    left as it is."""
    from skyforge.catalog import build

    parsed = [build.load_file(file, text)]  # the text's own problems, as a load of every file finds them
    merged = catalog.copy()
    merged.files, merged.user_files = [*catalog.files, file], [*catalog.user_files, file]
    problems = build.merge_onto(merged, parsed)
    if problems is None:
        return None
    if problems:
        raise InputError(problems)
    return merged
