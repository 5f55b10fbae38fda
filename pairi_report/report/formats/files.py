"""Write report files atomically, and only inside the output folder."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from ...core.errors import PairiError


class OutputError(PairiError):
    """A report file that may not or cannot be written."""


def safe_path(folder: Path, name: str) -> Path:
    """Return ``folder/name``, refusing any name that would leave the folder."""
    root = folder.resolve()
    target = (root / name).resolve()
    if root != target and root not in target.parents:
        raise OutputError(f"refusing to write {name!r} outside the output folder {str(folder)!r}")
    return target


def _umask() -> int:
    """Return the process umask (reading it means setting it, so set it straight back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(folder: Path, name: str, data: bytes) -> Path:
    """Write bytes to ``folder/name`` through a temporary file and a rename, so no reader sees half a file."""
    with atomic_stream(folder, name) as (handle, target):
        handle.write(data)
    return target


@contextmanager
def atomic_stream(folder: Path, name: str) -> Iterator[tuple[BinaryIO, Path]]:
    """Yield a handle on a temporary file that becomes ``folder/name`` only when the block succeeds."""
    target = safe_path(folder, name)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=target.suffix)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle, target
        # mkstemp makes the file private (0600); a report is ordinary output, readable as the umask allows.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
