"""cngen: print-and-play PDFs for the party game Codenames."""

__version__ = "0.1.0"
