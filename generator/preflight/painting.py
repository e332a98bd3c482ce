"""The rules about what is painted: colour spaces, total ink, text size, and small text and
thin lines in black ink only. They listen to the content walker."""

from __future__ import annotations

import pikepdf
from PIL import Image, ImageMath

from ..errors import CngenError
from .content import TEXT_FILL_MODES, TEXT_STROKE_MODES, Colour
from .limits import Budget, TooLarge, read_stream
from .report import BLACK_TEXT, COLOUR_SPACES, INK, TEXT_SIZE, Finding, Places

THIN_LINE = 2.0  # points: thinner strokes must be black ink alone to survive misregistration
INVISIBLE_TEXT_MODES = frozenset({3, 7})  # OCR layers and clipping paint nothing
MAX_IMAGE_PIXELS = 8_000_000  # larger images are not decoded just to find their darkest pixel
EPSILON = 1e-6


class PaintingRules:
    """An observer for ``ContentWalker``: collects the places that break the painting rules."""

    def __init__(self, ink_limit: float, min_text_size: float, budget: Budget):
        self.ink_limit = ink_limit
        self.budget = budget
        self.min_text_size = min_text_size
        self.spaces = Places()
        self.inks = Places()
        self.small_text = Places()
        self.colour_lines = Places()
        self.image_inks: dict[tuple[int, int], float | None] = {}

    def findings(self) -> tuple[Finding, ...]:
        return (self.spaces.finding(COLOUR_SPACES), self.inks.finding(INK, worst_first=True),
                self.small_text.finding(TEXT_SIZE), self.colour_lines.finding(BLACK_TEXT))

    def colour(self, place: str, role: str, operator: str, colour: Colour) -> None:
        space = colour.space
        if not space.printable:
            self.spaces.add(f"{place}: {role} {space.description}{values_text(colour)} ({operator})")
        elif space.cmyk and len(colour.values) == 4:
            total = sum(colour.values) * 100
            if total > self.ink_limit + EPSILON:  # the message is only built when needed: speed
                self.inks.add(f"{total:.0f}% at {place}: {role}{values_text(colour)} ({operator})", total)

    def text(self, place: str, operator: str, size: float, mode: int, fill: Colour, stroke: Colour) -> None:
        if mode in INVISIBLE_TEXT_MODES:
            return
        if size < self.min_text_size - EPSILON:
            self.small_text.add(f"{place}: {size:.3g} pt text ({operator})")
        if mode in TEXT_FILL_MODES and not black_only(fill):
            self.colour_lines.add(f"{place}: text filled{values_text(fill)} ({operator})")
        if mode in TEXT_STROKE_MODES and not black_only(stroke):
            self.colour_lines.add(f"{place}: text outlined{values_text(stroke)} ({operator})")

    def stroke(self, place: str, operator: str, width: float, colour: Colour) -> None:
        if width < THIN_LINE - EPSILON and not black_only(colour):
            self.colour_lines.add(f"{place}: {width:.3g} pt line stroked{values_text(colour)} ({operator})")

    def image(self, place: str, name: str, image: pikepdf.Object, inline: bool) -> None:
        if inline or image.objgen == (0, 0):
            return  # inline images are small: decoding them is not worth it
        if image.objgen not in self.image_inks:
            self.image_inks[image.objgen] = darkest_pixel(image, f"{place}, {name}", self.budget)
        total = self.image_inks[image.objgen]
        if total is not None and total > self.ink_limit + EPSILON:
            self.inks.add(f"{total:.0f}% at {place}: darkest pixel of {name}", total)

    def ext_gstate(self, place: str, name: str, state: pikepdf.Object) -> None:
        pass

    def stream(self, place: str, stream: pikepdf.Object) -> None:
        pass

    def resources(self, place: str, resources: pikepdf.Object) -> None:
        pass


def black_only(colour: Colour) -> bool:
    """No cyan, magenta or yellow: any amount of black, or none (paper white).

    Colours that are not CMYK are the colour-space rule's business, not reported twice.
    """
    if not colour.space.cmyk or len(colour.values) != 4:
        return True
    return all(value <= EPSILON for value in colour.values[:3])


def values_text(colour: Colour) -> str:
    return "".join(f" {value:g}" for value in colour.values)


def darkest_pixel(image: pikepdf.Object, where: str, budget: Budget) -> float | None:
    """The highest total ink, in percent, of an 8-bit DeviceCMYK image, or None when the image
    is another kind or too costly to decode (JPEG data, inverted /Decode arrays...).

    Raises CngenError, naming ``where``, when its data decodes to more than the limits allow.
    """
    try:
        width, height = int(image.Width), int(image.Height)
        if (image.get("/ColorSpace") != pikepdf.Name.DeviceCMYK or image.get("/BitsPerComponent") != 8
                or "/Decode" in image or width * height > MAX_IMAGE_PIXELS):
            return None
        # Undoes Flate and LZW; JPEG data raises.
        if not isinstance(image, pikepdf.Stream):
            return None
        data = read_stream(image, where, pikepdf.StreamDecodeLevel.generalized)
    except TooLarge:
        raise
    except (CngenError, pikepdf.PdfError, AttributeError, TypeError, ValueError):
        return None
    budget.image(len(data))
    if len(data) < width * height * 4:
        return None
    cyan, magenta, yellow, black = Image.frombytes("CMYK", (width, height), data[:width * height * 4]).split()
    total = ImageMath.lambda_eval(lambda channels: channels["c"] + channels["m"] + channels["y"] + channels["k"],
                                  c=cyan, m=magenta, y=yellow, k=black)
    darkest: float = total.getextrema()[1]
    return darkest * 100 / 255
