"""Lisboa (Vital Lacerda, 2017): data pack, loader, setup and the rules layer so far (turn skeleton,
portfolio, sell, trade, state actions, church); not registered until the whole game exists."""
