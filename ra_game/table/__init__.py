"""The table: one game of Ra (the match), who sits at it (seats, the seat-kind registry) and
headless play."""
