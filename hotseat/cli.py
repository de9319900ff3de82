"""The ``hotseat`` command."""

from __future__ import annotations

import argparse
import sys

from hotseat import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hotseat",
        description="Orcz and Pirate's Cove, pass-and-play at one terminal.",
    )
    parser.add_argument("--version", action="version", version=f"hotseat {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    parser.parse_args(argv)
    parser.print_help(sys.stdout)
    return 0
