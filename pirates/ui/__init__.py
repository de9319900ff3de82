"""The Pirate's Cove interface: render (text from views), pickers, widgets, the table."""
