"""View models: analysis results as small frozen records of words and picture names, never markup."""
