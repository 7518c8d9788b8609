"""The table use cases and reads."""
