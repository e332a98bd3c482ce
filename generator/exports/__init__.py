"""The exports: ways to play without cutting cards, by command name: the registry. Adding one
is a folder beside these (``export.py`` says what it declares) and one line here."""

from __future__ import annotations

from .board import BOARD
from .book import BOOK
from .export import Export
from .tts import TTS

EXPORTS: dict[str, Export] = {export.name: export for export in (
    BOARD,
    BOOK,
    TTS,
)}
