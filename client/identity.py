"""Saved player secrets: ``grundy register`` keeps each one, and every client uses it when the name matches.

The file is ``players.json`` in the user's grundy folder (``$GRUNDY_CONFIG_DIR``, else
``$XDG_CONFIG_HOME/grundy``, else ``~/.config/grundy``), readable by its owner only (mode
0600, the folder 0700), keyed by the server's URL and the player's name without regard to
case::

    {"version": 1, "servers": {"ws://host:8765/": {"ann": {"name": "Ann", "secret": "..."}}}}

A connection saying ``hello`` as a name with a secret saved for that server says it with the
secret (``client.connection.Connection``), so ``grundy play``, the bot SDK and the Gomocup
bridge are the registered player without being told.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

CONFIG_ENV = "GRUNDY_CONFIG_DIR"
FILE_NAME = "players.json"
MAX_FILE_BYTES = 1 << 20  # a saved-secrets file larger than this is not read


class IdentityError(Exception):
    """The saved-secrets file cannot be read or written (the message names the file and why): ``str()`` in
    English, ``said`` the catalog's message id and arguments for a client to say it in its language."""

    def __init__(self, msg_id: str, /, **args: Any) -> None:
        from grundy.protocol import i18n

        self.said = (msg_id, args)
        super().__init__(i18n.tr(i18n.DEFAULT, msg_id, **args))


def config_dir() -> Path:
    """The user's grundy folder: ``$GRUNDY_CONFIG_DIR``, ``$XDG_CONFIG_HOME/grundy`` or ``~/.config/grundy``."""
    given = os.environ.get(CONFIG_ENV)
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CONFIG_HOME")
    return (Path(xdg) if xdg else Path.home() / ".config") / "grundy"


def secrets_file() -> Path:
    return config_dir() / FILE_NAME


def _load(path: Path) -> dict[str, Any]:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise IdentityError("cmd-id-too-large", path=str(path), most=str(MAX_FILE_BYTES))
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"version": 1, "servers": {}}
    except (OSError, ValueError) as e:
        raise IdentityError("cmd-id-unreadable", path=str(path), why=str(e)) from None
    if not isinstance(data, dict) or not isinstance(data.get("servers"), dict):
        raise IdentityError("cmd-id-not-secrets", path=str(path))
    return data


def saved_secret(server: str, name: str) -> str | None:
    """The secret saved for ``name`` on ``server`` (a normalised URL), or None (also if the file is unreadable)."""
    try:
        entry = _load(secrets_file())["servers"].get(server, {}).get(name.strip().lower())
    except IdentityError:
        return None
    if isinstance(entry, dict) and isinstance(entry.get("secret"), str):
        return str(entry["secret"])
    return None


def save_secret(server: str, name: str, secret: str) -> Path:
    """Keep ``secret`` for ``name`` on ``server`` (replacing an older one); the file written, mode 0600."""
    path = secrets_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as e:
        raise IdentityError("cmd-id-no-folder", path=str(path.parent), why=str(e)) from None
    data = _load(path)
    data["servers"].setdefault(server, {})[name.strip().lower()] = {"name": name, "secret": secret}
    fd, tmp = tempfile.mkstemp(prefix=".players-", dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, sort_keys=True)
            f.write("\n")
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise IdentityError("cmd-id-unwritable", path=str(path), why=str(e)) from None
    return path
