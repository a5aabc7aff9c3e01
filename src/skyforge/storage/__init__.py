"""Reading and writing the user's files safely: the foundation every file kind stands on.

* :mod:`~skyforge.storage.files`: :func:`read_text` with a size limit, names that stay in
  their workspace folder, :func:`atomic_write` (readers see the old file or the new one).
* :mod:`~skyforge.storage.locks`: :func:`locked`, one writer at a time for each file.
* :mod:`~skyforge.storage.tomlfiles`: TOML with positions and a nesting limit, schema
  versions, files checked against a pydantic model.
* :mod:`~skyforge.storage.validation`: pydantic errors as problems in TOML terms.
* :mod:`~skyforge.storage.store`: the ONE way a file kind is kept — :class:`Store` loads a
  file, updates it under its lock and creates it without clobbering
  (:func:`refuse_overwrite`, the one wording of "already exists").
* :mod:`~skyforge.storage.history`: :func:`keep`, every write of a kept file recording its
  versions in ``.skyforge/history/``.

Everything is importable from ``skyforge.storage`` itself, except the versions kept as results
(:mod:`~skyforge.storage.versions`: :func:`~skyforge.storage.versions.read_history`,
``version_text``, ``restore``), which only the commands that read a history import: a command that
writes a file does not create them.
"""

from skyforge.storage.files import (
    MAX_FILE_BYTES,
    MAX_PATH_ARG,
    WORKSPACE_FOLDERS,
    atomic_write,
    check_name,
    exists,
    is_path_like,
    read_text,
    workspace_file,
)
from skyforge.storage.history import MAX_VERSIONS, history_folder, keep
from skyforge.storage.locks import clean_temp_files, lock_path, locked
from skyforge.storage.store import Store, refuse_overwrite
from skyforge.storage.tomlfiles import (
    MAX_DEPTH,
    MAX_EDIT_LINES,
    SCHEMA_VERSION,
    InvalidFile,
    check_depth,
    check_schema,
    dump_toml,
    edit_keeping_layout,
    parse_model,
    parse_toml,
    read_toml,
)
from skyforge.storage.validation import MAX_PROBLEMS, dotted, left_out, register_union_tags, validation_problems

__all__ = [
    "MAX_DEPTH",
    "MAX_EDIT_LINES",
    "MAX_FILE_BYTES",
    "MAX_PATH_ARG",
    "MAX_PROBLEMS",
    "MAX_VERSIONS",
    "SCHEMA_VERSION",
    "WORKSPACE_FOLDERS",
    "InvalidFile",
    "Store",
    "atomic_write",
    "check_depth",
    "check_name",
    "check_schema",
    "clean_temp_files",
    "dotted",
    "dump_toml",
    "edit_keeping_layout",
    "exists",
    "history_folder",
    "is_path_like",
    "keep",
    "left_out",
    "lock_path",
    "locked",
    "parse_model",
    "parse_toml",
    "read_text",
    "read_toml",
    "refuse_overwrite",
    "register_union_tags",
    "validation_problems",
    "workspace_file",
]
