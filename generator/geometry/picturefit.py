"""How a picture is fitted to the box it is printed in.

"cover" fills the box and cuts off what overflows, as much on each side; "contain" shows the
whole picture, as large as the box allows, centred, with the box's ground round it.

Pure: a picture's size (pixels, or a drawing's points) in, the part of it that is shown and
where that lands in the box (points) out.
"""

from __future__ import annotations

from .sheet import Box

FITS = ("cover", "contain")

# The part of a picture that is shown: left, top, right, bottom in the picture's own units,
# from its top-left corner, as Pillow's crop and resize boxes take it. Fractions are kept: a
# resampled image is cut between pixels as precisely as it is scaled.
Crop = tuple[float, float, float, float]


def fit_picture(size: tuple[float, float], box: Box, fit: str) -> tuple[Crop, Box]:
    """(the part of the picture shown, the box it is drawn in) for a picture of ``size``
    placed in ``box`` as ``fit`` says. The two have the same shape, so the picture is never
    stretched; "cover" draws in ``box`` itself, "contain" in a box centred in it."""
    width, height = size
    if not (width > 0 and height > 0 and box.width > 0 and box.height > 0):
        raise ValueError(f"a picture of {width} x {height} cannot be fitted to a {box.width} x {box.height} box")
    if fit == "cover":
        # Whichever side is relatively longer than the box's is cut, the other shown whole.
        if width * box.height > height * box.width:
            shown = height * box.width / box.height
            left = (width - shown) / 2
            return (left, 0.0, left + shown, float(height)), box
        shown = width * box.height / box.width
        top = (height - shown) / 2
        return (0.0, top, float(width), top + shown), box
    if fit == "contain":
        if width * box.height > height * box.width:  # wider than the box: its width is the box's
            placed_width, placed_height = box.width, height * box.width / width
        else:
            placed_width, placed_height = width * box.height / height, box.height
        placed = Box(box.x + (box.width - placed_width) / 2, box.y + (box.height - placed_height) / 2,
                     placed_width, placed_height)
        return (0.0, 0.0, float(width), float(height)), placed
    raise ValueError(f"the fit is one of {', '.join(FITS)}, not {fit!r}")


def whole_box(size: tuple[float, float], crop: Crop, placed: Box) -> Box:
    """Where the whole picture lies when its ``crop`` fills ``placed``: a drawing (which is
    not cut, only clipped) is drawn there, and clipped to ``placed``."""
    left, top, right, bottom = crop
    width, height = size
    # Scaled by the side the crop keeps more of: the other may be a sliver too thin to divide
    # by (a 10^30 x 1 drawing covering a square shows a 10^-30th of its width).
    if (right - left) * height >= (bottom - top) * width:
        scale = placed.width / (right - left)
    else:
        scale = placed.height / (bottom - top)
    return Box(placed.x - left * scale, placed.y - (height - bottom) * scale, width * scale, height * scale)
