"""The files the game keeps for the player: save slots, replays, statistics, settings, and the
bounded reads and safe writes under them."""
