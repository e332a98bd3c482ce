"""Reading what a PDF's pages paint: a content-stream interpreter that follows the graphics
state (CTM, colours, line width, text state) through q/Q, form XObjects (recursively, with
their own resources and matrix), tiling patterns, images and inline images, and tells an
observer what it meets. It judges nothing: the rules are in ``painting`` and ``objects``.
A stream too long to parse at once is parsed in pieces (``pieces``), and everything the walk
reads or runs is counted against the limits in ``limits``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, Sequence

import msgspec
import pikepdf

from ..errors import CngenError
from .colour import DEVICE_CMYK, DEVICE_GRAY, DEVICE_RGB, INITIAL_GRAY, ColourSpace, lookup, resolve
from .limits import MAX_STREAM_BYTES, Budget, megabytes, read_stream, too_large
from .pieces import PIECE_BYTES, pieces

MAX_DEPTH = 12  # forms inside forms: deeper than any real file, shallow enough to stop loops
# No operator the walker reads takes more (scn: 32 colorants and a pattern's name); more is
# malformed, and reading them again each time a form is drawn would cost time without end.
MAX_OPERANDS = 64
# Graphics states saved (q) and not yet restored (Q): PDF readers promise 28. Past this many,
# more are not saved, so that a stream of q alone cannot fill the memory.
MAX_SAVED_STATES = 10_000
# Parsed instructions kept for forms drawn again: up to ~100 MB. Past them forms are parsed
# again each time they are walked (and counted against MAX_CONTENT_BYTES each time).
MAX_KEPT_INSTRUCTIONS = 200_000
# Only these operators matter: path construction (m, l, c, re, h, n, W...) is skipped while
# parsing, which halves the work on drawings.
OPERATORS = ("q Q cm w gs g G rg RG k K cs CS sc scn SC SCN sh Do BI ID EI BT Tf Tm Tr Tj TJ ' \" "
             "S s f F f* B B* b b*")
TEXT_FILL_MODES = frozenset({0, 2, 4, 6})
TEXT_STROKE_MODES = frozenset({1, 2, 5, 6})
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class Seen:
    """The indirect objects met so far, so that an object shared by many pages is looked at once."""

    def __init__(self) -> None:
        self._keys: set[tuple[int, int]] = set()

    def first(self, item: pikepdf.Object) -> bool:
        """True the first time an indirect object is met; direct objects are always new."""
        key = item.objgen
        if key == (0, 0):
            return True
        if key in self._keys:
            return False
        self._keys.add(key)
        return True


class Colour(NamedTuple):
    space: ColourSpace
    values: tuple[float, ...]


INITIAL_COLOUR = Colour(INITIAL_GRAY, (0.0,))


class Observer(Protocol):
    """What the walker reports. ``place`` reads like "page 3, form /Fm0"."""

    def colour(self, place: str, role: str, operator: str, colour: Colour) -> None:
        """A colour set or used; ``role`` is "fill", "stroke", "image /Im0", "shading /Sh0"..."""

    def text(self, place: str, operator: str, size: float, mode: int, fill: Colour, stroke: Colour) -> None:
        """Text shown at ``size`` points on the page (0 when the font size is 0)."""

    def stroke(self, place: str, operator: str, width: float, colour: Colour) -> None:
        """A path stroked ``width`` points wide on the page."""

    def image(self, place: str, name: str, image: pikepdf.Object, inline: bool) -> None:
        """An image XObject drawn, or an inline image (``image`` is then its dictionary)."""

    def ext_gstate(self, place: str, name: str, state: pikepdf.Object) -> None:
        """A graphics state parameter dictionary in force where the content runs."""

    def stream(self, place: str, stream: pikepdf.Object) -> None:
        """A page, form or pattern whose content is walked (once per object)."""

    def resources(self, place: str, resources: pikepdf.Object) -> None:
        """A resource dictionary that content is drawn with (once per object)."""


class GraphicsState:
    """The part of the PDF graphics state the rules need; q copies it, Q restores it."""

    __slots__ = ("ctm", "fill", "font_size", "line_width", "render_mode", "stroke")

    def __init__(self, ctm: Matrix = IDENTITY):
        self.ctm = ctm
        self.fill = INITIAL_COLOUR
        self.stroke = INITIAL_COLOUR
        self.line_width = 1.0
        self.font_size = 0.0
        self.render_mode = 0

    def copy(self) -> GraphicsState:
        twin = GraphicsState.__new__(GraphicsState)
        for slot in GraphicsState.__slots__:
            setattr(twin, slot, getattr(self, slot))
        return twin


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m x n: first m, then n (PDF row-vector convention)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def matrix(value: object) -> Matrix:
    """A /Matrix entry, or the identity when it is missing or malformed."""
    if isinstance(value, pikepdf.Array) and len(value) == 6:
        try:
            return tuple(float(item) for item in value)  # type: ignore[return-value]
        except (TypeError, ValueError):
            pass
    return IDENTITY


class Frame(msgspec.Struct):
    """One content stream being walked: where it is, what it draws with, its state stack."""

    place: str
    resources: pikepdf.Object | None
    state: GraphicsState
    depth: int
    saved: list[GraphicsState]
    text_matrix: tuple[float, float, float, float] = (1.0, 0.0, 0.0, 1.0)  # its linear part


# An operator's operands as qpdf parses them (a list), or none where no handler reads them.
Operands = Sequence[Any]
Handler = Callable[[Frame, Operands], None]


class ContentWalker:
    """Walks every page of a PDF once, telling ``observer`` what it finds."""

    def __init__(self, observer: Observer, budget: Budget) -> None:
        self.observer = observer
        self.budget = budget
        self.parsed: dict[tuple[int, int], list] = {}  # forms drawn many times are parsed once
        self.kept = 0  # instructions in self.parsed
        self.scratch_pdf: pikepdf.Pdf | None = None
        self.scratch: pikepdf.Stream | None = None  # where pieces of long streams are parsed
        self.met = Seen()  # streams and resources already reported
        self.walking: list[tuple[int, int]] = []  # forms under way: a form that draws itself stops
        # A form drawn again in the same state (scale, turn, colours, line width, text state)
        # can find nothing new: a sheet that places one card's artwork 25 times is read once.
        self.forms_judged: set[tuple] = set()
        self.patterns_walked: set[tuple[int, int]] = set()
        self.held: list[pikepdf.Object] = []  # direct resources whose id() is part of a key above
        self.handlers, self.without_operands = self.operator_table()

    def walk(self, document: pikepdf.Pdf) -> None:
        for number, page in enumerate(document.pages, start=1):
            place = f"page {number}"
            resources = page.obj.get("/Resources")
            self.meet_stream(place, page.obj)
            self.meet_resources(place, resources)
            self.walk_content(Frame(place, resources, GraphicsState(), 0, []), page)
            self.walk_annotations(place, page.obj)

    def walk_annotations(self, place: str, page: pikepdf.Object) -> None:
        """Annotation appearances print too (when their flags say so): walk them as forms."""
        annotations = page.get("/Annots")
        if not isinstance(annotations, pikepdf.Array):
            return
        self.budget.run(len(annotations))  # pages may share one long array
        for annotation in annotations:
            if not isinstance(annotation, pikepdf.Dictionary):
                continue
            appearance = annotation.get("/AP")
            normal = appearance.get("/N") if isinstance(appearance, pikepdf.Dictionary) else None
            subtype = str(annotation.get("/Subtype", "/Annot"))
            if isinstance(normal, pikepdf.Stream):
                self.walk_form(Frame(place, None, GraphicsState(), 0, []), f"annotation {subtype}", normal)

    # -- parsing -------------------------------------------------------------------------

    def walk_content(self, frame: Frame, content: pikepdf.Page | pikepdf.Stream) -> None:
        """Runs what a page or a form draws. A form's instructions are kept for when it is
        drawn again; a stream too long to parse at once is parsed and run in pieces."""
        key = content.objgen if isinstance(content, pikepdf.Object) else (0, 0)
        if key in self.parsed:
            self.budget.walk()
            self.run(frame, self.parsed[key])
            return
        data = self.content_data(frame.place, content)
        if len(data) <= PIECE_BYTES:
            instructions = self.parse(frame.place, content)
            self.run(frame, instructions)
            self.keep(key, instructions)
            return
        kept: list | None = []
        for piece in pieces(data, place=frame.place):
            instructions = self.parse(frame.place, self.scratch_stream(piece))
            self.run(frame, instructions)
            if kept is not None and self.kept + len(kept) + len(instructions) <= MAX_KEPT_INSTRUCTIONS:
                kept.extend(instructions)
            else:
                kept = None  # too many to keep: the form is parsed again if drawn again
        if kept is not None:
            self.keep(key, kept)

    def content_data(self, place: str, content: pikepdf.Page | pikepdf.Stream) -> bytes:
        """The decoded content of a page (its streams joined as qpdf joins them) or a form,
        counted against the limits."""
        streams = content.obj.get("/Contents") if isinstance(content, pikepdf.Page) else content
        parts = []
        size = 0
        for stream in streams if isinstance(streams, pikepdf.Array) else [streams]:
            if isinstance(stream, pikepdf.Stream):
                self.budget.walk()
                parts.append(read_stream(stream, f"{place}: the content"))
                self.budget.parse(len(parts[-1]))
                size += len(parts[-1])
                # A page's streams are joined: together they may be no longer than one.
                if size > MAX_STREAM_BYTES:
                    raise too_large(f"{place}: the content", f"more than {megabytes(MAX_STREAM_BYTES)} decoded")
        return parts[0] if len(parts) == 1 else b"\n".join(parts)

    def parse(self, place: str, content: pikepdf.Page | pikepdf.Stream) -> list:
        errors_before = pikepdf.settings.qpdf_limit_errors()
        try:
            instructions = pikepdf.parse_content_stream(content, OPERATORS)
        except (pikepdf.PdfError, RuntimeError, ValueError) as error:
            raise CngenError(f"{place}: the content cannot be read ({reason(error)})") from error
        # qpdf stops parsing, with a warning only, at too many syntax errors or too deep a
        # nesting: what follows would go unchecked.
        if pikepdf.settings.qpdf_limit_errors() > errors_before:
            raise CngenError(f"{place}: the content cannot be read (qpdf gave up on it: too many syntax "
                             "errors, or arrays nested too deep)")
        return instructions

    def scratch_stream(self, data: bytes) -> pikepdf.Stream:
        """A stream holding ``data``, in a PDF of its own: one stream, rewritten for each
        piece, so that the pieces are not all kept."""
        if self.scratch is None:
            self.scratch_pdf = pikepdf.new()  # held: the stream dies with its PDF
            self.scratch = self.scratch_pdf.make_stream(b"")
        self.scratch.write(data)
        return self.scratch

    def keep(self, key: tuple[int, int], instructions: list) -> None:
        if key != (0, 0) and self.kept + len(instructions) <= MAX_KEPT_INSTRUCTIONS:
            self.parsed[key] = instructions
            self.kept += len(instructions)

    def run(self, frame: Frame, instructions: list) -> None:
        self.budget.run(len(instructions))
        handlers = self.handlers
        for instruction in instructions:
            operator = str(instruction.operator)
            if operator == "INLINE IMAGE":  # pikepdf's name for BI ... ID ... EI
                self.inline_image(frame, instruction.iimage)
                continue
            handler = handlers.get(operator)
            if handler is None:
                continue
            operands = () if operator in self.without_operands else instruction.operands
            if len(operands) > MAX_OPERANDS:
                self.budget.run(len(operands))  # reading them was the cost
                continue
            try:
                handler(frame, operands)
            except (TypeError, ValueError, IndexError, AttributeError):
                pass  # a malformed operator: viewers skip it, and so does the preflight

    def meet_stream(self, place: str, stream: pikepdf.Object) -> None:
        if self.first_meeting(stream):
            self.observer.stream(place, stream)

    def meet_resources(self, place: str, resources: pikepdf.Object | None) -> None:
        if isinstance(resources, pikepdf.Dictionary) and self.first_meeting(resources):
            self.observer.resources(place, resources)

    def first_meeting(self, item: pikepdf.Object) -> bool:
        return self.met.first(item)

    # -- the operators -------------------------------------------------------------------

    def operator_table(self) -> tuple[dict[str, Handler], frozenset[str]]:
        """The handler of each operator, and the operators whose operands no handler reads:
        those are not even fetched from qpdf (half of a sheet's operators)."""
        paint = ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*")
        table: dict[str, Handler] = {
            "cm": self.concatenate, "w": self.line_width,
            "gs": self.graphics_state, "Tf": self.font, "Tm": self.text_matrix,
            "Tr": self.render_mode, "Do": self.draw_xobject, "sh": self.shade,
            "g": lambda frame, operands: self.set_device(frame, operands, "fill", "g", DEVICE_GRAY),
            "G": lambda frame, operands: self.set_device(frame, operands, "stroke", "G", DEVICE_GRAY),
            "rg": lambda frame, operands: self.set_device(frame, operands, "fill", "rg", DEVICE_RGB),
            "RG": lambda frame, operands: self.set_device(frame, operands, "stroke", "RG", DEVICE_RGB),
            "k": lambda frame, operands: self.set_device(frame, operands, "fill", "k", DEVICE_CMYK),
            "K": lambda frame, operands: self.set_device(frame, operands, "stroke", "K", DEVICE_CMYK),
            "cs": lambda frame, operands: self.set_space(frame, operands, "fill", "cs"),
            "CS": lambda frame, operands: self.set_space(frame, operands, "stroke", "CS"),
            "sc": lambda frame, operands: self.set_values(frame, operands, "fill", "sc"),
            "scn": lambda frame, operands: self.set_values(frame, operands, "fill", "scn"),
            "SC": lambda frame, operands: self.set_values(frame, operands, "stroke", "SC"),
            "SCN": lambda frame, operands: self.set_values(frame, operands, "stroke", "SCN"),
        }
        bare: dict[str, Handler] = {"q": self.save, "Q": self.restore, "BT": self.begin_text}
        for shown in ("Tj", "TJ", "'", '"'):
            bare[shown] = self._showing(shown)
        for operator in paint:
            bare[operator] = self._painting(operator)
        return {**table, **bare}, frozenset(bare)

    def _showing(self, operator: str) -> Handler:
        return lambda frame, operands: self.show_text(frame, operator)

    def _painting(self, operator: str) -> Handler:
        return lambda frame, operands: self.paint(frame, operator)

    def save(self, frame: Frame, operands: Operands) -> None:
        if len(frame.saved) < MAX_SAVED_STATES:
            frame.saved.append(frame.state.copy())

    def restore(self, frame: Frame, operands: Operands) -> None:
        if frame.saved:  # an unbalanced Q is ignored, as viewers do
            frame.state = frame.saved.pop()

    def concatenate(self, frame: Frame, operands: Operands) -> None:
        frame.state.ctm = multiply(tuple(map(float, operands[:6])), frame.state.ctm)  # type: ignore[arg-type]

    def line_width(self, frame: Frame, operands: Operands) -> None:
        frame.state.line_width = abs(float(operands[0]))

    def graphics_state(self, frame: Frame, operands: Operands) -> None:
        name = str(operands[0])
        state = lookup(frame.resources, "/ExtGState", name)
        if isinstance(state, pikepdf.Dictionary):
            self.observer.ext_gstate(frame.place, name, state)
            if "/LW" in state:
                frame.state.line_width = abs(float(state.LW))

    def begin_text(self, frame: Frame, operands: Operands) -> None:
        frame.text_matrix = (1.0, 0.0, 0.0, 1.0)

    def font(self, frame: Frame, operands: Operands) -> None:
        frame.state.font_size = float(operands[1])

    def text_matrix(self, frame: Frame, operands: Operands) -> None:
        # Td, TD, T*, ' and " only move the text matrix: the size of the glyphs depends on its
        # linear part alone, which Tm sets and BT resets.
        a, b, c, d = (float(value) for value in operands[:4])
        frame.text_matrix = (a, b, c, d)

    def render_mode(self, frame: Frame, operands: Operands) -> None:
        frame.state.render_mode = int(operands[0])

    def show_text(self, frame: Frame, operator: str) -> None:
        state = frame.state
        mode = state.render_mode
        if mode in TEXT_FILL_MODES and state.fill is INITIAL_COLOUR:
            self.observer.colour(frame.place, "fill", operator, INITIAL_COLOUR)
        if mode in TEXT_STROKE_MODES and state.stroke is INITIAL_COLOUR:
            self.observer.colour(frame.place, "stroke", operator, INITIAL_COLOUR)
        self.observer.text(frame.place, operator, text_size(state.font_size, frame.text_matrix, state.ctm),
                           mode, state.fill, state.stroke)

    def paint(self, frame: Frame, operator: str) -> None:
        state = frame.state
        strokes = operator in ("S", "s", "B", "B*", "b", "b*")
        if operator not in ("S", "s") and state.fill is INITIAL_COLOUR:
            self.observer.colour(frame.place, "fill", operator, INITIAL_COLOUR)
        if strokes:
            if state.stroke is INITIAL_COLOUR:
                self.observer.colour(frame.place, "stroke", operator, INITIAL_COLOUR)
            self.observer.stroke(frame.place, operator, state.line_width * scale(state.ctm), state.stroke)

    # -- colour ----------------------------------------------------------------------------

    def set_device(self, frame: Frame, operands: Operands, role: str, operator: str, space: ColourSpace) -> None:
        colour = Colour(space, tuple(map(float, operands)))
        self.set_colour(frame, role, colour)
        self.observer.colour(frame.place, role, operator, colour)

    def set_space(self, frame: Frame, operands: Operands, role: str, operator: str) -> None:
        space = resolve(operands[0], frame.resources)
        # The colour a space starts with: black for CMYK (0 0 0 1), zeros elsewhere.
        values = (0.0, 0.0, 0.0, 1.0) if space.cmyk else (0.0,) * min(space.components, MAX_OPERANDS)
        colour = Colour(space, values)
        self.set_colour(frame, role, colour)
        if not space.cmyk:  # a CMYK space is judged by the values set later
            self.observer.colour(frame.place, role, operator, colour)

    def set_values(self, frame: Frame, operands: Operands, role: str, operator: str) -> None:
        current = frame.state.fill if role == "fill" else frame.state.stroke
        numbers = tuple(float(value) for value in operands if not isinstance(value, pikepdf.Name))
        colour = Colour(current.space, numbers)
        self.set_colour(frame, role, colour)
        if current.space.cmyk:
            self.observer.colour(frame.place, role, operator, colour)
        if current.space.pattern and operands and isinstance(operands[-1], pikepdf.Name):
            self.use_pattern(frame, str(operands[-1]))

    def set_colour(self, frame: Frame, role: str, colour: Colour) -> None:
        if role == "fill":
            frame.state.fill = colour
        else:
            frame.state.stroke = colour

    # -- patterns, shadings, images, forms --------------------------------------------------

    def use_pattern(self, frame: Frame, name: str) -> None:
        pattern = lookup(frame.resources, "/Pattern", name)
        if pattern is None or pattern.objgen in self.patterns_walked:
            return
        if pattern.objgen != (0, 0):
            self.patterns_walked.add(pattern.objgen)
        place = f"{frame.place}, pattern {name}"
        if isinstance(pattern, pikepdf.Stream):  # a tiling pattern: content of its own
            self.walk_form(frame, f"pattern {name}", pattern)
        elif isinstance(pattern, pikepdf.Dictionary):  # a shading pattern
            self.use_shading(place, f"shading pattern {name}", pattern.get("/Shading"), frame.resources)
            state = pattern.get("/ExtGState")
            if isinstance(state, pikepdf.Dictionary):
                self.observer.ext_gstate(place, "(of the pattern)", state)

    def shade(self, frame: Frame, operands: Operands) -> None:
        name = str(operands[0])
        self.use_shading(frame.place, f"shading {name}", lookup(frame.resources, "/Shading", name), frame.resources)

    def use_shading(self, place: str, role: str, shading: pikepdf.Object | None,
                    resources: pikepdf.Object | None) -> None:
        if isinstance(shading, (pikepdf.Dictionary, pikepdf.Stream)) and "/ColorSpace" in shading:
            self.observer.colour(place, role, "sh", Colour(resolve(shading.ColorSpace, resources), ()))

    def draw_xobject(self, frame: Frame, operands: Operands) -> None:
        name = str(operands[0])
        xobject = lookup(frame.resources, "/XObject", name)
        if not isinstance(xobject, pikepdf.Stream):
            return
        subtype = xobject.get("/Subtype")
        if subtype == pikepdf.Name.Form:
            self.walk_form(frame, f"form {name}", xobject)
        elif subtype == pikepdf.Name.Image:
            self.draw_image(frame, f"image {name}", xobject, inline=False)

    def draw_image(self, frame: Frame, role: str, image: pikepdf.Object, inline: bool) -> None:
        self.observer.image(frame.place, role, image, inline)
        if image.get("/ImageMask", False) is True or image.get("/IM", False) is True:
            if frame.state.fill is INITIAL_COLOUR:  # a stencil mask paints with the fill colour
                self.observer.colour(frame.place, "fill", role, INITIAL_COLOUR)
            return
        space = image.get("/ColorSpace", image.get("/CS"))
        if space is None:  # JPX images carry their colour inside the code stream
            description = "no /ColorSpace (colour in the JPEG 2000 data)"
            space_found = ColourSpace(description, 0)
        else:
            space_found = resolve(space, frame.resources, inline=inline)
        self.observer.colour(frame.place, role, "Do" if not inline else "BI", Colour(space_found, ()))

    def inline_image(self, frame: Frame, image: pikepdf.PdfInlineImage) -> None:
        self.draw_image(frame, "inline image", image.obj, inline=True)

    def walk_form(self, frame: Frame, label: str, form: pikepdf.Stream) -> None:
        key = form.objgen
        if frame.depth >= MAX_DEPTH or key in self.walking:
            return  # a form that draws itself, or absurd nesting: nothing more to learn
        if key != (0, 0):
            state = frame.state
            judged = (key, self.identity(frame.resources), tuple(round(value, 6) for value in state.ctm[:4]), state.fill,
                      state.stroke, state.line_width, state.font_size, state.render_mode, frame.text_matrix)
            if judged in self.forms_judged:
                return
            self.forms_judged.add(judged)
        place = f"{frame.place}, {label}"
        # Forms without resources of their own use their parent's (older PDFs do this).
        resources = form.get("/Resources", frame.resources)
        self.meet_stream(place, form)
        self.meet_resources(place, resources)
        state = frame.state.copy()
        state.ctm = multiply(matrix(form.get("/Matrix")), state.ctm)
        self.walking.append(key)
        try:
            self.walk_content(Frame(place, resources, state, frame.depth + 1, []), form)
        finally:
            self.walking.pop()

    def identity(self, resources: pikepdf.Object | None) -> tuple[int, int] | int:
        """An indirect object's number, else the object's identity, which it keeps for the
        whole preflight: the walker holds on to it, so that no object made later takes over
        its id() and passes for it."""
        if isinstance(resources, pikepdf.Object) and resources.objgen != (0, 0):
            return resources.objgen
        if resources is not None:
            self.held.append(resources)
        return id(resources)


def reason(error: Exception) -> str:
    """qpdf's message without the name it gives the in-memory file ("stream <_io.BytesIO...>")."""
    lines = str(error).strip().splitlines() or [type(error).__name__]
    return re.sub(r"^stream <[^>]*>(?: \([^)]*\))?: ", "", lines[0])


def text_size(font_size: float, text_matrix: tuple[float, float, float, float], ctm: Matrix) -> float:
    """The height of text on the page: the font size's vertical vector through Tm and the CTM,
    so rotated, mirrored and upside-down text measures what it is."""
    x, y = font_size * text_matrix[2], font_size * text_matrix[3]
    a, b, c, d = ctm[:4]
    return math.hypot(x * a + y * c, x * b + y * d)


def scale(ctm: Matrix) -> float:
    """How much the CTM enlarges a line width: the square root of its area factor."""
    return math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))


class Observers:
    """Several observers heard as one: each rule module listens for its own events."""

    def __init__(self, *observers: Observer):
        self.observers = observers

    def colour(self, place: str, role: str, operator: str, colour: Colour) -> None:
        for observer in self.observers:
            observer.colour(place, role, operator, colour)

    def text(self, place: str, operator: str, size: float, mode: int, fill: Colour, stroke: Colour) -> None:
        for observer in self.observers:
            observer.text(place, operator, size, mode, fill, stroke)

    def stroke(self, place: str, operator: str, width: float, colour: Colour) -> None:
        for observer in self.observers:
            observer.stroke(place, operator, width, colour)

    def image(self, place: str, name: str, image: pikepdf.Object, inline: bool) -> None:
        for observer in self.observers:
            observer.image(place, name, image, inline)

    def ext_gstate(self, place: str, name: str, state: pikepdf.Object) -> None:
        for observer in self.observers:
            observer.ext_gstate(place, name, state)

    def stream(self, place: str, stream: pikepdf.Object) -> None:
        for observer in self.observers:
            observer.stream(place, stream)

    def resources(self, place: str, resources: pikepdf.Object) -> None:
        for observer in self.observers:
            observer.resources(place, resources)
