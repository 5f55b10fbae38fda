"""The switch between compiled kernels and their pure-Python twins."""

from __future__ import annotations

import pytest

from pairi_report.core.compiled import compiled, pure_only


def test_a_module_never_built_is_none() -> None:
    assert compiled("engine._no_such_kernel") is None


@pytest.mark.parametrize(("value", "pure"), [("", False), ("0", False), ("1", True), ("yes", True)])
def test_pairi_pure_turns_every_kernel_off(monkeypatch: pytest.MonkeyPatch, value: str, pure: bool) -> None:
    monkeypatch.setenv("PAIRI_PURE", value)
    assert pure_only() is pure
    # Even a module that imports fine is refused while the pure path is asked for.
    assert (compiled("core.tiles") is None) is pure
