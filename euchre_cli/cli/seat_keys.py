"""The keys of the seats taken at tables for friends (``euchre join``), kept in the
user's data folder (``places.data_folder``), one small file per table: its address
and code (hashed into the file's name), the seat, the name and the key.  Running the
same ``euchre join`` again reads it and takes the seat back.

A key opens a seat, so each file is the user's alone (mode 0600), written to a
temporary file beside it and then moved over it: a crash leaves the old file or the
new one, never half of one."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile

from .places import data_folder

FOLDER = "seats"


def seat_key_path(host: str, port: int, code: str) -> str:
    """The file of the table at ``host``:``port`` with ``code`` (the code, which is
    the table's secret, only hashed into the name)."""
    table = f"{host.lower()}:{port}#{code.upper()}".encode()
    return os.path.join(data_folder(), FOLDER, hashlib.sha256(table).hexdigest()[:32] + ".json")


def read_seat_key(host: str, port: int, code: str) -> dict | None:
    """``{"seat", "name", "key"}`` kept for that table, or None (none kept, or a file
    that cannot be read: it is as if none were)."""
    try:
        with open(seat_key_path(host, port, code), encoding="utf-8") as file:
            kept = json.load(file)
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or not isinstance(kept.get("key"), str):
        return None
    return kept


def keep_seat_key(host: str, port: int, code: str, seat: int, name: str, key: str) -> None:
    """Keep the seat's key for that table; an ``OSError`` where it cannot be written."""
    path = seat_key_path(host, port, code)
    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    text = json.dumps({"seat": seat, "name": name, "key": key})
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".seat-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:  # mkstemp: mode 0600
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def forget_seat_key(host: str, port: int, code: str) -> None:
    """The key kept for that table opens no seat there any more: forget it."""
    with contextlib.suppress(OSError):
        os.unlink(seat_key_path(host, port, code))
