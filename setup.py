"""Build the optional compiled kernels; everything else is configured in pyproject.toml.

Each entry of ``EXTENSIONS`` is a Cython module (``.pyx``) that mirrors a pure-Python module of the package
and gives the same results (``pairi_report/core/compiled.py`` picks one at run time). The extensions are
optional: with no compiler, or no Cython, the install goes on without them and the pure path runs.
"""

from __future__ import annotations

from setuptools import Extension, find_namespace_packages, setup

# (dotted module name, source file): add a kernel here and nowhere else.
EXTENSIONS: tuple[tuple[str, str], ...] = (
    ("pairi_report.engine._capped", "pairi_report/engine/_capped.pyx"),  # the engine's capped DP
    ("pairi_report.engine._rows", "pairi_report/engine/_rows.pyx"),  # the engine's rows (cimports _capped)
    ("pairi_report.outlook._solver", "pairi_report/outlook/_solver.pyx"),  # C++ (its own directive)
    # The riichi scorer (includes _points, _splits, _yaku and _entry.pxi; C-level API in _scorer.pxd)
    ("pairi_report.rules.riichi.scoring._scorer", "pairi_report/rules/riichi/scoring/_scorer.pyx"),
)


def extensions() -> list[Extension]:
    """Return the compiled modules to build: cythonized when Cython is there, none otherwise."""
    if not EXTENSIONS:
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # a build without Cython: the pure-Python modules are used
        return []
    modules = [
        Extension(name, [source], optional=True, extra_compile_args=["-O2"]) for name, source in EXTENSIONS
    ]
    built = cythonize(modules, language_level=3, quiet=True)
    for module in built:  # cythonize returns new Extension objects, without ``optional``
        module.optional = True
    return built


def packages() -> list[str]:
    """Return every package of the wheel: each folder of ``pairi_report/`` (its data folders too, which
    Python could import as namespace packages), then the top-level templates and assets mapped into it."""
    found = find_namespace_packages(include=["pairi_report", "pairi_report.*"], exclude=["*.__pycache__"])
    return sorted(found) + ["pairi_report.templates", "pairi_report.assets", "pairi_report.assets.tiles"]


setup(packages=packages(), ext_modules=extensions())
