"""見通し Looking ahead: improvement tiles, ready shapes, tenpai and win chances by turn, the practice bot."""

DEFAULT_GAMES = 400  # games per start when the chances are estimated: standard errors of at most 2.5 points
