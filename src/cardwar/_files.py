"""Writing files whole or not at all: every file the library and the ``cardwar`` command
write goes first to a new file in the same folder, which then takes the path's place by a
rename (atomic on POSIX and Windows), so that a failure or an interruption never leaves a
truncated file, nor harms the file already there; a symbolic link at the path is
replaced, not followed. The new file has the permissions an ordinary ``open`` gives (the
umask applies), or those of the file it replaces."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

__all__ = ["atomic_file", "write_atomically"]


def write_atomically(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` whole or not at all: into a new file in the same folder,
    flushed to disk (unless not ``durable``: a picture that can be drawn again need not
    wait for the disk), which then replaces ``path``. An error leaves ``path`` as it was
    and no temporary file behind."""
    with atomic_file(path, durable=durable, binary=True) as f:
        f.write(data)


@contextlib.contextmanager
def atomic_file(path: Path, *, durable: bool = True, binary: bool = False
                ) -> Iterator[IO[Any]]:
    """Open a new file beside ``path`` for writing (UTF-8 text, or bytes if ``binary``)
    and, when the ``with`` block ends without an exception, flush it to disk (if
    ``durable``) and rename it to ``path``; on an exception (Ctrl-C included), remove it
    and leave ``path`` as it was.

    A path that is a device, a pipe or a socket (``/dev/stdout``, a named pipe) is not a
    file to replace: it is opened and written in place.
    """
    try:
        there: os.stat_result | None = os.lstat(path)
    except OSError:
        there = None
    if there is not None and not (stat.S_ISREG(there.st_mode) or stat.S_ISLNK(there.st_mode)
                                  or stat.S_ISDIR(there.st_mode)):
        with (open(path, "wb") if binary else open(path, "w", encoding="utf-8")) as special:
            yield special
        return
    # The permissions of the regular file replaced, if any (not of a link's target).
    mode = stat.S_IMODE(there.st_mode) if there and stat.S_ISREG(there.st_mode) else None
    handle, temporary = _new_file_beside(path)
    try:
        f: IO[Any] = (os.fdopen(handle, "wb") if binary
                      else os.fdopen(handle, "w", encoding="utf-8"))
        with f:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(f.fileno(), mode)
            yield f
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


#: The flags of the new file: made here and now, never through a symbolic link.
_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
          | getattr(os, "O_NOFOLLOW", 0))


def _new_file_beside(path: Path) -> tuple[int, str]:
    """Return the descriptor and name of a new, empty file in ``path``'s folder, with the
    permissions ``open`` gives (``tempfile.mkstemp`` would make it readable by its owner
    only)."""
    while True:
        # A name nobody else picks (the randomness touches no result of the library).
        name = os.path.join(path.parent, f".{path.name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(name, _FLAGS, 0o666), name
        except FileExistsError:  # pragma: no cover - 48 random bits met another file
            continue
