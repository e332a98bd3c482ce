"""Picture cards: a picture from a folder (the user's, or cngen's own), in the frame's window,
with the corner mark that tells the spymasters which way the key lies."""

from __future__ import annotations

from pathlib import PurePosixPath

from .kind import PICTURE, CardKind, DrawnCards, Entries, FaceRequest


class PictureCards(CardKind):
    name = "picture"
    noun = "picture"
    shown = "picture"
    card = "picture card"
    card_in_kit = "picture card"
    deck_title = "Picture cards"
    texts_key = "picture"
    box_label = "box pictures"
    blank_side = "draw"
    carries = frozenset({PICTURE})
    pictures_alone = True
    emblem = False
    spymasters_at_head = False

    def shown_name(self, codename: str) -> str:
        """A picture by its file name without the extension ("hamburger.svg" -> "hamburger")."""
        return PurePosixPath(codename).stem

    def faces(self, entries: Entries, request: FaceRequest) -> DrawnCards:
        from .picture_faces import picture_faces  # Pillow's and svglib's work: only when faces are drawn

        assert entries.pictures is not None, "a picture deck's job reads its folder"
        return picture_faces(entries.pictures, request, self.deck_title)
