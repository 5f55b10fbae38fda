"""牌譜 Game logs: read Tenhou and mjai logs into one model and replay them into decision points."""
