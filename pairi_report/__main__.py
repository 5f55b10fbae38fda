"""Run the command line with ``python -m pairi_report``."""

from .cli.main import main

main()
