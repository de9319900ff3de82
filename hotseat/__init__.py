"""hotseat: Orcz and Pirate's Cove, pass-and-play at one terminal."""

__version__ = "0.1.0"
