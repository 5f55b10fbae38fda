"""Run the command line with ``python -m pairi_report``."""

try:
    from .cli.start import main
except KeyboardInterrupt:  # Ctrl-C while the entry loads: end as an interrupted run does
    import os

    os.write(2, b"pairi-report: interrupted\n")
    os._exit(130)

main()
