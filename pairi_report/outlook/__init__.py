"""見通し Looking ahead: improvement tiles, ready shapes, tenpai and win chances by turn, the practice bot."""
