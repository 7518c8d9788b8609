"""Turn clocks, bots and housekeeping."""
