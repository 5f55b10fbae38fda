"""``--format parquet``: hands.parquet and discards.parquet in the output folder, here or on a Dask cluster.

pyarrow (and, for ``--dask`` and ``--scheduler``, dask and distributed) are optional extras, loaded
only here; without them the run stops with one line naming the extra to install.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

import typer

from ..batch.cores import default_workers
from ..batch.stream import BlockResult, Settings
from ..batch.summary import Summary
from ..core.errors import PairiError, printable
from ..report.formats.files import Staged
from ..rules.base import RuleSet
from .common import counted, fail
from .inputs import is_file, opened, source_name
from .request import Request

if TYPE_CHECKING:
    from distributed import Client

FILES = ("hands.parquet", "discards.parquet")
EXTRAS = {"parquet": ("pyarrow",), "dask": ("pyarrow", "dask.dataframe", "distributed")}


def need(extra: str, why: str) -> None:
    """Exit 2 with one line naming the extra to install when one of its modules is missing."""
    # The C library's allocator hands freed memory back, where pyarrow's default keeps it for reuse:
    # about 25 MB less per process here, and the workers (forked or spawned) inherit the setting.
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    for module in EXTRAS[extra]:
        try:
            importlib.import_module(module)
        except ImportError:
            raise fail(f"{why} needs {module.split('.')[0]}: pip install 'pairi-report[{extra}]'") from None


def on_dask(request: Request) -> bool:
    """Return whether the run goes to a Dask cluster."""
    return request.dask or request.scheduler is not None


def write_parquet(request: Request, rule: RuleSet) -> int:
    """Analyse a batch into the two Parquet files of the output folder; return 1 after bad lines."""
    need("parquet", "--format parquet")
    if on_dask(request):
        need("dask", "--scheduler" if request.scheduler else "--dask")
        if not is_file(request.source):
            raise fail("--dask reads a batch file by byte ranges; expected a file, not a hand or stdin")
    from ..batch.columns import ParquetSink, unpack

    assert request.output is not None  # the format registry asks for -o first
    options = tuple(request.options_map().items())
    settings = Settings("parquet", rule.name, request.visible, request.wild, options, request.situation)
    name, summary, problems = source_name(request.source), Summary(), 0
    try:
        with Staged(request.output, "parquet") as staged, ExitStack() as files:
            hands, discards = (files.enter_context(staged.stream(f)) for f in FILES)
            sink = ParquetSink(hands, discards, rule.forms)
            for result in _results(request, settings):
                if result.data:
                    sink.add(*unpack(result.data))
                for p in result.problems:
                    typer.echo(f"{name}:{p.line}:{p.column}: error: {printable(p.message)}", err=True)
                problems += len(result.problems)
                summary.merge(result.summary)
            sink.close()
            files.close()
            staged.publish()
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None
    if not request.quiet:
        hands_text, bad = counted(summary.hands, "hand"), counted(problems, "bad line")
        where = " and ".join(str(request.output / f) for f in FILES)
        typer.echo(f"analysed {hands_text} into {where}; {bad}", err=True)
        typer.echo(f"summary: {json.dumps(summary.to_dict(), ensure_ascii=False)}", err=True)
    return 1 if problems else 0


def _results(request: Request, settings: Settings) -> Iterator[BlockResult]:
    """Yield the results in input order: from this machine's processes, or from a Dask cluster."""
    workers = request.workers or default_workers()
    if not on_dask(request):
        from ..batch.stream import analyse_stream, read_blocks

        with opened(request.source) as lines:
            yield from analyse_stream(read_blocks(lines), settings, workers)
        return
    from ..cluster import stream_file

    with _client(request, workers) as client:
        threads = sum(client.nthreads().values()) or workers
        # The workers may run elsewhere, from another folder: they get the path from the root.
        yield from stream_file(client, os.path.abspath(request.source), settings, 2 * threads)


@contextmanager
def _client(request: Request, workers: int) -> Iterator[Client]:
    """Yield a client of the scheduler given, or of a local cluster of ``workers`` processes."""
    from distributed import Client, LocalCluster

    from ..cluster import PreloadTables

    try:
        if request.scheduler is not None:
            client: Any = Client(request.scheduler, timeout="10s")
            cluster = None
        else:
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
    except OSError as err:
        raise fail(f"--scheduler {request.scheduler!r}: cannot connect ({err})") from None
    try:
        client.register_plugin(PreloadTables())
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
