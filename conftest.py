"""Test configuration for tests/ and the doctests in pairi_report/ (pyproject puts tests/ on the path)."""

from importlib.util import find_spec

collect_ignore = ["pairi_report/__main__.py"]
# Modules that need an extra (the dev extra has them all): their doctests run where it is installed.
_EXTRAS = {
    "pairi_report/batch/columns.py": "pyarrow",
    "pairi_report/batch/cluster.py": "distributed",
    "pairi_report/batch/frames.py": "dask",
    "pairi_report/pages/plugin.py": "mkdocs",
    "pairi_report/report/reporters/parquet.py": "pyarrow",
}
collect_ignore += [path for path, module in _EXTRAS.items() if find_spec(module) is None]
