"""Reporters: one module per output, each taking analyses (or review records), neutral options and a sink."""
