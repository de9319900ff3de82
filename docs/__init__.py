"""The documentation, shipped inside the wheel as the package ``hotseat_docs``."""
