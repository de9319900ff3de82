"""The Orcz interface: screens, widgets, pickers, key bindings and styles."""
