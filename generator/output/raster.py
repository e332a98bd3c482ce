"""A photo made ready for a PDF: turned upright, cut to what the card shows, resampled to the
resolution it prints at, flattened, converted to the file's colours and encoded.

* Size: never more than ``dpi`` pixels an inch at the printed size, never enlarged. A JPEG is
  decoded at a half, a quarter or an eighth of its size when that still gives enough pixels
  (its draft mode): a 4000 x 3000 photo for a 58 mm box at 300 dpi is decoded at 1000 x 750,
  in a sixteenth of the memory and a fraction of the time. What remains is resampled with
  Lanczos.
* Pixels of every kind print: 16-bit greys, palettes (with their transparency), grey with
  alpha, RGBA, CMYK (Adobe's inverted CMYK JPEGs included: Pillow reads their marker). What is
  transparent shows the card's ground, as the picture would lie on it.
* Colour: a home file (RGB) gets sRGB, converted from the image's own ICC profile if it has
  one (Display P3, Adobe RGB...). A press file (CMYK, PDF/X-1a) gets no RGB at all: RGB pixels
  go through a colour-managed conversion (littleCMS, through Pillow) from their profile, else
  sRGB, to the CMYK profile cngen ships (``profiles/``, see its README), perceptual, within
  the ink limit; greys print in black ink alone, on a curve from that profile, so they stay
  neutral; CMYK pixels keep their numbers (they were separated for a press already), within
  the ink limit.
* Encoding: a photo becomes a baseline JPEG at quality 90 (4:2:0 for RGB, no subsampling for
  CMYK: its channels are inks, not colour differences); a picture of at most 256 colours
  (a drawing, a logo) is kept lossless, as PNG, or TIFF for CMYK, which ReportLab stores with
  Flate. A CMYK JPEG is written as Adobe writes it (inverted, with the Adobe marker), which is
  what ReportLab declares to the PDF (Decode 1 0 ...). The same image gives the same bytes.
"""

from __future__ import annotations

import functools
import io
import warnings
from typing import Sequence

import msgspec
from PIL import Image, ImageCms, ImageMath

from ..inputs.bundled import profile_path
from ..inputs.images import TRANSPOSITIONS, orientation, profile_problem

POINTS_PER_INCH = 72
JPEG_QUALITY = 90
FEW_COLOURS = 256  # at most this many colours: kept lossless
REDUCING_GAP = 3.0  # Pillow reduces by whole factors first, then resamples at least this much
DRAFT_FORMATS = ("JPEG", "MPO")
# The CMYK profile every press file's photos are separated with. It characterises FOGRA39
# (ISO Coated v2), cngen's default condition for A4 paper; the only CMYK profile we found that
# may be shipped (see profiles/README.txt), so the other conditions are separated with it too:
# close for the coated ones (FOGRA51, GRACoL, SWOP), darker and more saturated than they should
# be on uncoated paper (FOGRA47, FOGRA52).
PRESS_PROFILE = "ISOcoated_v2_300_bas.icc"
PROFILES: dict[str, str] = {}  # output condition -> profile file, where one better than PRESS_PROFILE is shipped
TOLERANCE = 1e-6


class Prepared(msgspec.Struct, frozen=True):
    """An image ready for ReportLab's drawImage (through ImageReader)."""

    data: bytes
    format: str  # "JPEG", "PNG" or "TIFF"
    mode: str  # "RGB" or "L" in a home file, "CMYK" in a press file
    size: tuple[int, int]  # pixels
    dpi: float  # pixels an inch at the printed size, the lower of the two directions


def prepare_raster(image: Image.Image, crop: Sequence[float], placed_size_pt: tuple[float, float], dpi: float,
                   cmyk: bool, ground_rgb: tuple[float, float, float], condition: str | None = None, *,
                   ink_limit: float = 300.0) -> Prepared:
    """``image`` (as the picture reader's ``open_raster`` gives it, not yet decoded, or any Pillow image)
    cut to ``crop`` (left, top, right, bottom in its pixels as shown upright: fit it to
    ``Picture.size``), printed ``placed_size_pt`` large (points), at most ``dpi`` pixels an
    inch; transparency on ``ground_rgb`` (red, green, blue, 0 to 1); for a press file
    (``cmyk``) separated for the output ``condition`` with at most ``ink_limit`` percent of ink."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Pillow's remarks on a file's metadata: nothing to tell the user
        return _prepare(image, tuple(crop), placed_size_pt, dpi, cmyk, ground_rgb, condition, ink_limit)


def _prepare(image: Image.Image, crop: tuple[float, ...], placed_size_pt: tuple[float, float], dpi: float,
             cmyk: bool, ground_rgb: tuple[float, float, float], condition: str | None,
             ink_limit: float) -> Prepared:
    turn = orientation(image)
    stored_width, stored_height = image.size
    width, height = (stored_height, stored_width) if turn in (5, 6, 7, 8) else (stored_width, stored_height)
    left, top, right, bottom = crop
    if not (-TOLERANCE <= left < right <= width + TOLERANCE and -TOLERANCE <= top < bottom <= height + TOLERANCE):
        raise ValueError(f"the crop {crop} lies outside the {width} x {height} picture: fit it to the picture's "
                         "size as shown (Picture.size), not the stored image's")
    left, top, right, bottom = max(left, 0.0), max(top, 0.0), min(right, float(width)), min(bottom, float(height))
    crop_width, crop_height = right - left, bottom - top
    placed_width, placed_height = placed_size_pt
    wanted = (placed_width / POINTS_PER_INCH * dpi, placed_height / POINTS_PER_INCH * dpi)
    scale = min(1.0, max(wanted[0] / crop_width, wanted[1] / crop_height))
    target = (max(1, round(crop_width * scale)), max(1, round(crop_height * scale)))

    icc = image.info.get("icc_profile")
    if image.format in DRAFT_FORMATS:  # a no-op once the image is decoded
        reduction = min(crop_width / target[0], crop_height / target[1])
        factor = max(step for step in (8, 4, 2, 1) if step <= reduction)
        if factor > 1:
            image.draft(image.mode, (stored_width // factor, stored_height // factor))
    image.load()
    if turn != 1:
        image = image.transpose(TRANSPOSITIONS[turn])
    scale_x, scale_y = image.size[0] / width, image.size[1] / height
    box = (left * scale_x, top * scale_y, right * scale_x, bottom * scale_y)
    image = _normalised(image)
    if scale == 1.0:  # printed with fewer pixels than dpi allows: cut, never resampled up
        whole = _whole_pixels(box, image.size)
        image = image.crop(whole) if whole != (0, 0, *image.size) else image
    else:
        image = image.resize(target, Image.Resampling.LANCZOS, box=box, reducing_gap=REDUCING_GAP)

    icc = _usable_profile(icc, image.mode)
    if image.mode == "RGBA" and icc is not None:  # to sRGB first: the ground is an sRGB colour
        image = _applied(image, _transform(icc, "RGBA", "sRGB"))
        icc = None
    image = _flattened(image, ground_rgb)
    if cmyk:
        image = _separated(image, icc, condition)
        image = _limited(image, ink_limit)
    elif image.mode == "RGB" and icc is not None:
        image = _applied(image, _transform(icc, "RGB", "sRGB"))
    elif image.mode == "CMYK":
        image = _applied(image, _transform(icc, "CMYK", "sRGB", condition))
    data, kind = _encoded(image)
    resolution = min(image.size[0] / (placed_width / POINTS_PER_INCH),
                     image.size[1] / (placed_height / POINTS_PER_INCH))
    return Prepared(data, kind, image.mode, image.size, resolution)


def _whole_pixels(box: tuple[float, float, float, float], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The whole pixels a crop covers, at least one each way: a very long picture covering its
    box shows a sliver less than a pixel wide (a 1 x 20,000 picture, a pixel's height of it),
    which rounds to nothing, so the pixel at the sliver's middle is kept."""
    (left, right), (top, bottom) = _span(box[0], box[2], size[0]), _span(box[1], box[3], size[1])
    return left, top, right, bottom


def _span(start: float, end: float, length: int) -> tuple[int, int]:
    first, last = round(start), round(end)
    if last > first:
        return first, last
    middle = min(max(int((start + end) / 2), 0), length - 1)
    return middle, middle + 1


def _usable_profile(icc: bytes | None, mode: str) -> bytes | None:
    """``icc`` if it is a readable profile of ``mode``'s colours (RGB or CMYK), else None: its
    colours are then taken as sRGB, or as made for the press, as the picture reader notes."""
    if not icc or mode not in ("RGB", "RGBA", "CMYK"):
        return None
    return icc if profile_problem(icc, "CMYK" if mode == "CMYK" else "RGB") is None else None


def _normalised(image: Image.Image) -> Image.Image:
    """Pixels of one of the kinds the rest works on: L, LA, RGB, RGBA or CMYK, 8 bits each."""
    mode = image.mode
    if mode.startswith("I"):  # 16 bits a grey: 65535 is white
        return image.convert("I").point(lambda value: value * (1 / 257)).convert("L")
    if mode == "1":
        return image.convert("L")
    if mode in ("P", "PA"):
        return image.convert("RGBA" if mode == "PA" or "transparency" in image.info else "RGB")
    if mode in ("L", "RGB") and image.info.get("transparency") is not None:  # one value marked see-through
        return image.convert(mode + "A" if mode == "L" else "RGBA")
    if mode in ("La", "RGBa"):
        return image.convert(mode[:-1] + "A")
    if mode in ("RGBX", "YCbCr"):
        return image.convert("RGB")
    return image


def _flattened(image: Image.Image, ground_rgb: tuple[float, float, float]) -> Image.Image:
    """A picture with alpha laid on the ground: no transparency reaches the file (PDF/X-1a
    allows none, and a home printer's white paper is not the card's ground)."""
    if image.mode not in ("LA", "RGBA"):
        return image
    ground = tuple(round(part * 255) for part in ground_rgb)
    alpha = image.getchannel("A")
    if image.mode == "LA" and ground[0] == ground[1] == ground[2]:  # a grey on a grey stays grey
        flat = Image.new("L", image.size, ground[0])
        flat.paste(image.convert("L"), mask=alpha)
        return flat
    flat = Image.new("RGB", image.size, ground)
    flat.paste(image.convert("RGB"), mask=alpha)
    return flat


def _separated(image: Image.Image, icc: bytes | None, condition: str | None) -> Image.Image:
    if image.mode == "L":
        zero = Image.new("L", image.size, 0)
        return Image.merge("CMYK", (zero, zero, zero, image.point(_black_curve(_profile_name(condition)))))
    if image.mode == "RGB":
        return _applied(image, _transform(icc, "RGB", _profile_name(condition)))
    return image  # CMYK: the numbers stand


def _limited(image: Image.Image, ink_limit: float) -> Image.Image:
    """No pixel with more than ``ink_limit`` percent of ink: where one has more, its black is
    kept and its cyan, magenta and yellow reduced in proportion (as the theme's colours are)."""
    limit = ink_limit * 255 / 100
    cyan, magenta, yellow, black = image.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=cyan, m=magenta, y=yellow, k=black)
    if total.getextrema()[1] <= limit:
        return image
    room = ImageMath.lambda_eval(lambda a: a["max"](limit - a["float"](a["k"]), 0.0), k=black)
    colours = ImageMath.lambda_eval(lambda a: a["max"](a["float"](a["c"] + a["m"] + a["y"]), 1.0),
                                    c=cyan, m=magenta, y=yellow)
    factor = ImageMath.lambda_eval(lambda a: a["min"](a["room"] / a["colours"], 1.0), room=room, colours=colours)
    # Rounded down, so the limit holds exactly; a pixel within it is multiplied by 1 and kept.
    scaled = [ImageMath.lambda_eval(lambda a: a["convert"](a["int"](a["float"](a["x"]) * a["f"]), "L"), x=channel,
                                    f=factor) for channel in (cyan, magenta, yellow)]
    return Image.merge("CMYK", (*scaled, black))


def _encoded(image: Image.Image) -> tuple[bytes, str]:
    """The pixels alone: no profile (a press file's CMYK is the output condition's, a home
    file's RGB is sRGB), no EXIF, no comment, nothing that changes from run to run."""
    if image.info:
        image = image.copy()
        image.info = {}
    buffer = io.BytesIO()
    if image.getcolors(FEW_COLOURS) is not None:
        if image.mode == "CMYK":
            image.save(buffer, format="TIFF", compression="tiff_adobe_deflate")
            return buffer.getvalue(), "TIFF"
        image.save(buffer, format="PNG")
        return buffer.getvalue(), "PNG"
    options = {"subsampling": 2} if image.mode == "RGB" else {"subsampling": 0} if image.mode == "CMYK" else {}
    image.save(buffer, format="JPEG", quality=JPEG_QUALITY, optimize=True, progressive=False, **options)
    return buffer.getvalue(), "JPEG"


def _profile_name(condition: str | None) -> str:
    return PROFILES.get(condition or "", PRESS_PROFILE)


@functools.lru_cache(maxsize=4)
def press_profile(name: str = PRESS_PROFILE) -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(io.BytesIO(profile_path(name).read_bytes()))


@functools.lru_cache(maxsize=1)
def _srgb() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


@functools.lru_cache(maxsize=16)
def _transform(icc: bytes | None, mode: str, target: str, condition: str | None = None) -> ImageCms.ImageCmsTransform:
    """The conversion of ``mode`` pixels described by ``icc`` (None: sRGB for RGB, the press
    profile for CMYK) to sRGB, or to the CMYK of the profile named ``target``. Built once per
    run for each profile a folder's photos carry."""
    if icc is not None:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    else:
        source = press_profile(_profile_name(condition)) if mode == "CMYK" else _srgb()
    if target == "sRGB":
        return ImageCms.buildTransform(source, _srgb(), mode, "RGBA" if mode == "RGBA" else "RGB",
                                       renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                       flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    # Photos into print: the profile's perceptual table maps what the inks cannot reach smoothly.
    return ImageCms.buildTransform(source, press_profile(target), mode, "CMYK",
                                   renderingIntent=ImageCms.Intent.PERCEPTUAL)


def _applied(image: Image.Image, transform: ImageCms.ImageCmsTransform) -> Image.Image:
    """``image`` through a colour transform, as a new image (never in place)."""
    converted = ImageCms.applyTransform(image, transform)
    assert converted is not None, "a transform not made in place returns its image"
    return converted


@functools.lru_cache(maxsize=4)
def _black_curve(name: str) -> list[int]:
    """For each sRGB grey (0 to 255), the black ink (0 to 255) that prints it as light, on the
    press profile: paper white for white, solid black for black (its darkest), and between
    them the lightness of the grey, so dot gain is allowed for."""
    to_lab = ImageCms.buildTransform(press_profile(name), ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                     renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    ramp = Image.new("CMYK", (256, 1), (0, 0, 0, 0))
    ramp.putdata([(0, 0, 0, black) for black in range(256)])
    lab = _applied(ramp, to_lab)
    lightness: list[float] = []
    for black in range(256):
        pixel = lab.getpixel((black, 0))
        assert isinstance(pixel, tuple), "a LAB image's pixel holds its three channels"
        lightness.append(pixel[0] * 100 / 255)
    for index in range(1, 256):  # more ink is never lighter
        lightness[index] = min(lightness[index], lightness[index - 1])
    paper, darkest = lightness[0], lightness[255]
    curve = []
    for grey in range(256):
        wanted = darkest + (paper - darkest) * _srgb_lightness(grey) / 100
        black = next((index for index in range(1, 256) if lightness[index] <= wanted), 255)
        above, below = lightness[black - 1], lightness[black]
        share = (above - wanted) / (above - below) if above > below else 1.0
        curve.append(min(255, max(0, round(black - 1 + share))))
    return curve


def _srgb_lightness(grey: int) -> float:
    """CIE L* (0 to 100) of an sRGB grey."""
    value = grey / 255
    linear = value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    return 116 * linear ** (1 / 3) - 16 if linear > 216 / 24389 else linear * 24389 / 27
