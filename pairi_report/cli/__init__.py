"""The ``pairi-report`` command line."""
