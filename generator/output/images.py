"""PDF pages turned into PNG files: one image per card face for the services that take images
(The Game Crafter, MakePlayingCards), and the previews beside PDFs.

pypdfium2 is imported inside the functions: only users who ask for images pay for loading it.
The PNGs carry no time stamp or other changing metadata, so the same PDF gives the same bytes.
"""

from __future__ import annotations

import io
import math
from collections import deque
from contextlib import closing
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Sequence

from PIL import Image

if TYPE_CHECKING:
    import pypdfium2

POINTS_PER_INCH = 72
WHITE = (255, 255, 255, 255)
ENCODERS = 2  # threads compressing PNGs; more gain nothing where drawing is the other half
WAITING_PAGES = 8  # drawn pages waiting to be compressed, at most


def render_page(page: pypdfium2.PdfPage, scale: float) -> Image.Image:
    """One page on a white background, as an RGB image, at ``scale`` pixels per point."""
    image: Image.Image = page.render(scale=scale, fill_color=WHITE).to_pil().convert("RGB")  # pypdfium2: untyped
    return image


def encode_png(image: Image.Image, dpi: int | None = None, optimize: bool = True) -> bytes:
    """PNG bytes; with ``dpi``, a pHYs chunk so that viewers and print services read that
    resolution. Pillow writes no time chunk unless asked, so equal images give equal bytes."""
    buffer = io.BytesIO()
    options = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buffer, format="PNG", optimize=optimize, **options)
    return buffer.getvalue()


def exact_scale(page_size: tuple[float, float], size: tuple[int, int]) -> float | None:
    """A scale at which pdfium's bitmap (ceil of page side x scale) is exactly ``size``, or
    None when the page's shape cannot give it at any single scale.

    Each side needs target - 1 < side x scale <= target; the scale is taken just inside the top
    of the range the two sides allow, so that the drawing fills the pixels it is given."""
    (page_width, page_height), (width, height) = page_size, size
    lowest = max((width - 1) / page_width, (height - 1) / page_height)
    highest = min(width / page_width, height / page_height)
    scale = highest * (1 - 1e-9)  # just under: width / page_width x page_width may round up
    if scale <= lowest:
        return None
    fits = math.ceil(page_width * scale) == width and math.ceil(page_height * scale) == height
    return scale if fits else None


def page_image(page: pypdfium2.PdfPage, size: tuple[int, int], dpi: int) -> Image.Image:
    """The page as an image of exactly ``size`` pixels. Rendered at ``dpi`` when that already
    gives the size, else at the nearest scale that does; resampled only if no scale can."""
    page_size = (page.get_width(), page.get_height())
    nominal = dpi / POINTS_PER_INCH
    if tuple(math.ceil(side * nominal) for side in page_size) == size:
        return render_page(page, nominal)
    scale = exact_scale(page_size, size)
    if scale is not None:
        return render_page(page, scale)
    # A page of another shape than the image asked for: stretch it rather than crop artwork.
    return render_page(page, nominal).resize(size, Image.Resampling.LANCZOS)


def png_pages(pdf: bytes, size: tuple[int, int], dpi: int = 300) -> list[bytes]:
    """Every page of ``pdf`` as a PNG of exactly ``size`` pixels (RGB on white), marked ``dpi``."""
    import pypdfium2

    with pypdfium2.PdfDocument(pdf) as document, ThreadPoolExecutor(ENCODERS) as encoders:
        # pdfium draws one page at a time, while zlib lets go of Python's lock: the pages are
        # compressed on other threads as the next ones are drawn (the results keep page order).
        # Uploads run to hundreds of faces: Pillow's optimize pass would triple the time for 8% less.
        pending: deque[Future[bytes]] = deque()
        encoded = []
        for page in document:
            if len(pending) >= WAITING_PAGES:  # drawn images wait in memory: a few, not the deck
                encoded.append(pending.popleft().result())
            pending.append(encoders.submit(encode_png, page_image(page, size, dpi), dpi, False))
        return encoded + [future.result() for future in pending]



def picture_pages(pdf: bytes, sizes: Sequence[tuple[tuple[int, int], bool]]) -> list[bytes]:
    """Each page of ``pdf`` as an RGB picture of its own (pixels, as JPEG): a PNG, or a JPEG
    (quality 90) where the page is mostly photographs."""
    import pypdfium2

    pictures = []
    with pypdfium2.PdfDocument(pdf) as document:
        for page, (size, jpeg) in zip(document, sizes):
            with closing(page):  # at once: pdfium keeps a page's decoded images while it is open
                image = page_image(page, size, round(size[0] * POINTS_PER_INCH / page.get_width()))
            if jpeg:
                buffer = io.BytesIO()
                image.save(buffer, format="JPEG", quality=90, optimize=True)
                pictures.append(buffer.getvalue())
            else:
                pictures.append(encode_png(image, optimize=False))
    return pictures
