"""The rules about the objects content is drawn with: transparency (soft masks, alpha, blend
modes, groups), compression (no LZW), and embedded fonts. They listen to the content walker,
which tells them where each object is used; every stream in the file is checked for LZW."""

from __future__ import annotations

import pikepdf

from .colour import describe
from .content import Colour, Seen
from .limits import Budget, filter_names
from .report import COMPRESSION, FONTS_EMBEDDED, TRANSPARENCY, Finding, Places

OPAQUE_BLEND_MODES = frozenset({"/Normal", "/Compatible"})
FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")
LZW = frozenset({"/LZWDecode", "/LZW"})  # the abbreviation appears in inline images


class ObjectRules:
    """An observer for ``ContentWalker``: collects the places that break the object rules."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.transparency = Places()
        self.compression = Places()
        self.fonts = Places()
        self.checked = Seen()  # shared objects are judged once
        self.places: dict[tuple[int, int], str] = {}  # where each stream met is used

    def findings(self, document: pikepdf.Pdf) -> tuple[Finding, ...]:
        self.find_lzw(document)
        return (self.transparency.finding(TRANSPARENCY), self.compression.finding(COMPRESSION),
                self.fonts.finding(FONTS_EMBEDDED))

    def first_time(self, item: pikepdf.Object) -> bool:
        return self.checked.first(item)

    # -- what the walker reports ---------------------------------------------------------------

    def stream(self, place: str, stream: pikepdf.Object) -> None:
        contents = stream.get("/Contents") if stream.get("/Type") == pikepdf.Name.Page else None
        for content in contents if isinstance(contents, pikepdf.Array) else [contents]:
            if isinstance(content, pikepdf.Stream):
                self.places.setdefault(content.objgen, f"{place}: content")
        if isinstance(stream, pikepdf.Stream):
            self.places.setdefault(stream.objgen, place)
        group = stream.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and group.get("/S", pikepdf.Name.Transparency) == pikepdf.Name.Transparency:
            self.transparency.add(f"{place}: a transparency group")

    def resources(self, place: str, resources: pikepdf.Object) -> None:
        fonts = resources.get("/Font")
        # Resources that share a font dictionary share its findings: it is read once.
        if isinstance(fonts, pikepdf.Dictionary) and self.first_time(fonts):
            self.budget.run(len(fonts))
            for name, font in fonts.items():
                if isinstance(font, pikepdf.Dictionary) and self.first_time(font):
                    self.check_font(place, name, font)
        states = resources.get("/ExtGState")
        if isinstance(states, pikepdf.Dictionary) and self.first_time(states):
            self.budget.run(len(states))
            for name, state in states.items():
                if isinstance(state, pikepdf.Dictionary):
                    self.ext_gstate(place, name, state)

    def ext_gstate(self, place: str, name: str, state: pikepdf.Object) -> None:
        if not self.first_time(state):
            return
        where = f"{place}: ExtGState {name}"
        soft_mask = state.get("/SMask")
        if soft_mask is not None and soft_mask != pikepdf.Name("/None"):
            self.transparency.add(f"{where} has a soft mask (/SMask)")
        for key in ("/CA", "/ca"):
            if key in state and float(state[key]) < 1:
                self.transparency.add(f"{where} has {key[1:]} {float(state[key]):g}")
        if "/BM" in state and not blend_is_opaque(state.BM):
            self.transparency.add(f"{where} has blend mode {describe(state.BM)}")

    def image(self, place: str, name: str, image: pikepdf.Object, inline: bool) -> None:
        if inline:
            if filters(image) & LZW:
                self.compression.add(f"{place}: {name} compressed with LZW")
            return
        self.places.setdefault(image.objgen, f"{place}, {name}")
        if not self.first_time(image):
            return
        if "/SMask" in image:
            self.transparency.add(f"{place}, {name}: a soft mask (/SMask)")
        if image.get("/SMaskInData", 0) not in (0, None):
            self.transparency.add(f"{place}, {name}: a soft mask in its JPEG 2000 data (/SMaskInData)")

    def colour(self, place: str, role: str, operator: str, colour: Colour) -> None:
        pass

    def text(self, place: str, operator: str, size: float, mode: int, fill: Colour, stroke: Colour) -> None:
        pass

    def stroke(self, place: str, operator: str, width: float, colour: Colour) -> None:
        pass

    # -- the checks ----------------------------------------------------------------------

    def check_font(self, place: str, name: str, font: pikepdf.Dictionary) -> None:
        if not font_embedded(font):
            base = str(font.get("/BaseFont", "(no /BaseFont)")).lstrip("/")
            self.fonts.add(f"{place}: font {name} {base} is not embedded")
        for descendant in descendants(font):  # their font files are streams too
            if isinstance(descendant, pikepdf.Dictionary):
                self.places.update(font_file_places(place, descendant))
        self.places.update(font_file_places(place, font))

    def find_lzw(self, document: pikepdf.Pdf) -> None:
        """Every stream of the file, used on a page or not: LZW is patented history, and
        PDF/X-1a forbids it anywhere. A stream is never packed in an object stream, so only
        the objects stored alone are read: reading a packed one would have qpdf read every
        object packed with it, used or not."""
        stored_alone = [key for key, entry in sorted(document.get_xref_table().items()) if entry.type == 1]
        self.budget.run(len(stored_alone))
        for item in map(document.get_object, stored_alone):
            if isinstance(item, pikepdf.Stream) and filters(item) & LZW:
                where = self.places.get(item.objgen, f"object {item.objgen[0]} {kind_of(item)}".rstrip())
                self.compression.add(f"{where} compressed with LZW")


def font_embedded(font: pikepdf.Dictionary) -> bool:
    subtype = font.get("/Subtype")
    if subtype == pikepdf.Name.Type3:
        return True  # its glyphs are content streams in the file
    if subtype == pikepdf.Name.Type0:
        fonts = descendants(font)
        return bool(fonts) and all(isinstance(child, pikepdf.Dictionary) and font_embedded(child) for child in fonts)
    descriptor = font.get("/FontDescriptor")
    return isinstance(descriptor, pikepdf.Dictionary) and any(key in descriptor for key in FONT_FILES)


def descendants(font: pikepdf.Dictionary) -> list[pikepdf.Object]:
    children = font.get("/DescendantFonts")
    return list(children) if isinstance(children, pikepdf.Array) else []


def font_file_places(place: str, font: pikepdf.Dictionary) -> dict[tuple[int, int], str]:
    descriptor = font.get("/FontDescriptor")
    if not isinstance(descriptor, pikepdf.Dictionary):
        return {}
    base = str(font.get("/BaseFont", "")).lstrip("/")
    return {descriptor[key].objgen: f"{place}: font file of {base}"
            for key in FONT_FILES if isinstance(descriptor.get(key), pikepdf.Stream)}


def filters(stream: pikepdf.Object) -> set[str]:
    return set(filter_names(stream))


def blend_is_opaque(mode: pikepdf.Object) -> bool:
    modes = list(mode) if isinstance(mode, pikepdf.Array) else [mode]
    return all(str(item) in OPAQUE_BLEND_MODES for item in modes)


def kind_of(stream: pikepdf.Object) -> str:
    """A hint at what an unplaced stream is: (Image), (Form), (XRef)..."""
    kind = stream.get("/Subtype", stream.get("/Type"))
    return f"({str(kind).lstrip('/')})" if kind is not None else ""
