"""Textual building blocks shared by the games' interfaces.

Import from the modules (kept apart so that starting the app loads only what it shows first):
``curtain`` (the opaque hand-off screen), ``log_panel``, ``help``, ``small`` (the too-small
notice) and ``session`` (the game in progress: record, autosave, undo).
"""

__version__ = "0.1.0"
