"""Batches: lines with titles and options, streamed analysis in parallel, and the batch summary."""
