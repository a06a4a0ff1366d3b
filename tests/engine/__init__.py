"""Tests of the rules engine (``ra_game.engine``): one or more tests per rule id of RULES.md."""
