"""Textual building blocks shared by the games' interfaces.

Import from the modules (kept apart so that starting the app loads only what it shows first):
``curtain`` (the opaque hand-off screen), ``log_panel``, ``help``, ``small`` (the too-small
notice). The game in progress (record, autosave, undo) is ``common.session``: it runs headless.
"""

__version__ = "0.1.0"
