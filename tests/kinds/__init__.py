"""What each game shows: screens, moves told in words."""
