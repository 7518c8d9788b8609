"""What time drives: turn clocks, bots, housekeeping. games.tasks only calls these."""
