"""Files on disk: reading with a size limit, names that stay in their folder, atomic writes.

* :func:`read_text` reads at most :data:`MAX_FILE_BYTES` and turns every failure into a
  :class:`Problem` naming the file.
* :func:`check_name` and :func:`workspace_file` keep a name on the command line inside its
  workspace folder (no path traversal).
* :func:`atomic_write` never leaves a half-written file: it writes a temporary
  file in the same folder, fsyncs it and renames it over the target.
"""

from __future__ import annotations

import contextlib
import os
import stat
import unicodedata
from pathlib import Path

from skyforge.errors import InputError, Problem, option
from skyforge.places import workspace_folder
from skyforge.workspace_paths import valid_name

#: the largest input file skyforge reads (deck, collection, catalog, campaign, draft,
#: series, plan, CSV): far above any real one, small enough to read in well under a second
MAX_FILE_BYTES = 1_000_000
#: the workspace folders whose files are named by NAME on the command line
WORKSPACE_FOLDERS = ("decks", "campaigns", "drafts", "series", "teams")


def _too_large(path: Path) -> InputError:
    return InputError(
        Problem(
            f"the file is larger than the input-file size limit of {MAX_FILE_BYTES:,} bytes",
            file=path,
            hint="is this the right file? skyforge files are a few kilobytes",
        )
    )


def read_text(path: Path) -> str:
    if not isinstance(path, Path):  # bulk: thousands of files, each path made once
        path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO would block for ever, a device never end
                raise InputError(
                    Problem(
                        "is not a regular file (a pipe, device or socket)",
                        file=path,
                        hint="give a file; '-' reads standard input",
                    )
                )
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise _too_large(path)
        return raw.decode("utf-8-sig")  # a byte-order mark (Notepad, Excel) is not text
    except FileNotFoundError:
        raise InputError(Problem("file not found", file=path)) from None
    except IsADirectoryError:
        raise InputError(Problem("is a folder, not a file", file=path)) from None
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", file=path)) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}", file=_shown(path))) from None
    except ValueError:  # a NUL in the name
        raise InputError(Problem("is not a file name", file=repr(str(path)))) from None


#: longer arguments are never taken as file names (most file systems stop at 255)
MAX_PATH_ARG = 255


def check_name(name: str, what: str = "name") -> str:
    """A name that is safe as a file name in a workspace folder: no path traversal.

    Unicode letters are welcome; the name is returned in NFC form, so the same name typed on
    any system (é as one character or as e + accent) always means the same file.
    """
    name = unicodedata.normalize("NFC", name)
    if not valid_name(name):
        raise InputError(
            Problem(
                f"'{name}' is not a valid {what}",
                hint="use letters (any alphabet), digits, spaces, '-', '_' or '.' (not '..', no slashes)",
            )
        )
    return name


def workspace_file(workspace: Path, folder: str, ref: str, what: str = "name", *, path_ok: bool = False) -> Path:
    """``folder/REF.toml`` in the workspace for a name.

    A path to a ``.toml`` file is taken as given only where the command's help says so
    (``path_ok``); anywhere else a name never leaves the workspace's folder.
    """
    if path_ok and ref.endswith(".toml") and is_path_like(ref):
        path = Path(ref)
        return path if path.is_absolute() or exists(path) else Path(workspace) / path
    if not path_ok and ("/" in ref or "\\" in ref or ref.endswith(".toml")):
        raise InputError(
            Problem(
                f"'{_cut(ref)}' is not a valid {what}: a {what} is a name, not a path",
                hint=f"the file is kept as {folder}/NAME.toml in the workspace (choose the workspace with {option('workspace')})",
            )
        )
    return workspace_folder(Path(workspace), folder) / f"{check_name(ref, what)}.toml"


def is_path_like(ref: str) -> bool:
    """Could ``ref`` name a file at all? Arguments longer than :data:`MAX_PATH_ARG`
    characters (a share code, say) or holding a NUL never do."""
    return 0 < len(ref) <= MAX_PATH_ARG and "\0" not in ref


def exists(path: Path | str) -> bool:
    """``Path.exists`` that says no, rather than raising, for names no file system takes."""
    return os.path.exists(path)  # False, not an error, for a NUL in the name or a name too long


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _writable_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(
            Problem(
                f"cannot create the folder: {exc.strerror}",
                file=folder,
                hint=f"check the path and its permissions (or choose {option('workspace')})",
            )
        ) from None


def _new_file_mode(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (0666 less umask)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write(
    path: Path,
    data: str | bytes,
    *,
    replace_links: bool = False,
    durable: bool = True,
    sync_folder: bool = True,
    mode: int | None = None,
) -> None:
    """Replace ``path`` with ``data`` all at once: readers see old or new, never half.

    A symbolic link to a file in the same workspace is written through: its target gets the new
    content, the link stays. A link leading out of the workspace, or to nothing, is refused
    (see :func:`_through_links`); with ``replace_links`` a link is replaced by the file instead.
    ``durable`` (the default) waits for the disk, so a file a player keeps survives a power cut;
    a file that can be made again (a cache) skips the wait. The content is on disk before the
    rename; ``sync_folder`` also waits for the rename itself (without it, a power cut may forget
    the new name, never leave it half-written). The file keeps an existing file's permissions, or
    gets ``mode`` (default: the usual ones). A write that fails raises
    :class:`~skyforge.errors.InputError`, and leaves the old file as it was.
    """
    path = Path(path)
    _check_length(path)
    _refuse_folder_link(path)
    path = path if replace_links else _through_links(path)
    _writable_folder(path.parent)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    mode = _new_file_mode(path) if mode is None else mode
    try:
        fd, tmp = _temp_file(path)
    except OSError as exc:
        raise InputError(
            Problem(
                f"cannot write here: {exc.strerror}",
                file=path,
                hint="check the folder's permissions, or write somewhere else",
            )
        ) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise InputError(Problem(f"cannot write: {exc.strerror}", file=path)) from None
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    if not (durable and sync_folder):
        return
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


#: how a temporary file is opened: created new (never an existing file or a link), for writing
_TEMP_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _temp_file(path: Path) -> tuple[int, Path]:
    """A new ``.NAME.RANDOM.tmp`` file beside ``path``, open for writing, readable by its owner only
    (what ``tempfile.mkstemp`` does, without the start-up cost of importing ``tempfile``)."""
    for _ in range(100):
        tmp = path.parent / f".{path.name}.{os.urandom(6).hex()}.tmp"
        try:
            return os.open(tmp, _TEMP_FLAGS, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name beside {path}")


#: the longest name of one file or folder, and of a whole path, most file systems take (bytes)
NAME_MAX = 255
PATH_MAX = 4096


def _shown(path: Path | str) -> str:
    """A path as a message shows it: a name too long to read is cut."""
    text = str(path)
    return text if len(text) <= 120 else text[:60] + "…" + text[-40:]


def _check_length(path: Path) -> None:
    """Refuse a name no file system takes before any call fails on it with a bare ``OSError``."""
    parts = [len(part.encode("utf-8", "surrogateescape")) for part in path.parts]
    if (parts and max(parts) > NAME_MAX) or len(str(path).encode("utf-8", "surrogateescape")) > PATH_MAX:
        raise InputError(
            Problem(
                f"the file name is too long: file systems take at most {NAME_MAX} bytes a name and {PATH_MAX:,} a path",
                file=_shown(path),
                hint="give a shorter file name",
            )
        )


def workspace_of(path: Path) -> Path:
    """The folder a file belongs to: the workspace of a file in a workspace folder (``decks/``, …),
    else the file's own folder. A write never leaves it through a link."""
    folder = Path(os.path.abspath(path)).parent
    return folder.parent if folder.name in WORKSPACE_FOLDERS else folder


def _refuse_folder_link(path: Path) -> None:
    """A workspace folder (``decks/``, ``campaigns/``, …) that is a symbolic link leading out of
    its workspace is refused for writing, as a file linked out is (:func:`_through_links`): the
    files would go to another folder than the workspace says. Reading through it still works."""
    folder = Path(os.path.abspath(path)).parent
    if folder.name not in WORKSPACE_FOLDERS:
        return
    try:
        if not folder.is_symlink():
            return
        target = Path(os.path.realpath(folder))
        home = Path(os.path.realpath(folder.parent))
    except OSError:
        return  # reported by the write itself
    if not target.is_relative_to(home):
        raise InputError(
            Problem(
                f"{folder.name}/ is a symbolic link to {target}, outside the workspace {home}: "
                "skyforge writes only inside it",
                file=path,
                hint=f"make {folder.name}/ a real folder in the workspace and move the files into it",
            )
        )


def _through_links(path: Path) -> Path:
    """The file a write to ``path`` must replace: the target of a symbolic link, not the link.

    Only a link to a file inside the same workspace (:func:`workspace_of`) is written through; a
    link that leads out of it, or to nothing, is refused, naming the link and its target: a
    link someone planted must not make skyforge create or overwrite files anywhere.
    """
    try:
        if not path.is_symlink():
            return path
    except OSError as exc:
        raise InputError(Problem(f"cannot write here: {exc.strerror}", file=_shown(path))) from None
    target = Path(os.path.realpath(path))
    home = Path(os.path.realpath(workspace_of(path)))
    if not target.exists():
        raise InputError(
            Problem(
                f"is a symbolic link to {target}, which does not exist: skyforge does not create files through links",
                file=path,
                hint="remove the link, or point it at a file in the workspace",
            )
        )
    if target.is_symlink() or not target.is_file():
        raise InputError(
            Problem(
                "is a symbolic link that does not lead to a file",
                file=path,
                hint=f"point it at a file, or remove it (it leads to {target})",
            )
        )
    if not target.is_relative_to(home):
        raise InputError(
            Problem(
                f"is a symbolic link to {target}, outside the workspace {home}: skyforge writes only inside it",
                file=path,
                hint="copy the file into the workspace instead of linking to it",
            )
        )
    return target
