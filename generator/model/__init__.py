"""The game's pure domain: word lists, key cards, tiles, the rules text and what a kit holds.
No I/O: everything here takes values (bytes, numbers, seeds) and returns values."""
