"""Accounts, guests, names, profiles, ratings."""
