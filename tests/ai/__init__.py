"""Tests of the AI opponents (``ra_game.ai``) and the tournament tool."""
