"""Pirate's Cove (Days of Wonder, 2002): the pure rules core (in progress)."""
