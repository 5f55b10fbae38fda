"""国标 Chinese Official (GB) rules: notation, fan scoring, shanten and waits."""
