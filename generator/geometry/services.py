"""The print-on-demand card services cngen can prepare uploads for, as plain data: the card
sizes each one sells, its bleed and safe area, what file it takes and in which order; plus the
page each card goes on and the stock a component's card is best printed on.

Pure and immutable: sizes in points (72 a inch), portrait; nothing here reads or writes a file.
Sources: the poker upload sizes, bleeds and DriveThruCards' rules come from the services' own
upload guides; the other sizes from public templates for these services (TGC's 300 dpi layouts, MPC's
36 px-bleed pixel sizes). A size no source confirmed for a service is left out, even where the
service may well sell it.
"""

from __future__ import annotations

import math
from types import MappingProxyType
from typing import Mapping

import msgspec

from ..units import MM

POINTS_PER_INCH = 72.0


class Stock(msgspec.Struct, frozen=True):
    """A card size a service sells: the finished card (the cut), in points, portrait."""

    name: str
    width: float
    height: float

    def __post_init__(self) -> None:
        if not 0 < self.width <= self.height:
            raise ValueError(f"a stock is portrait and not empty: {self.name} is {self.width} x {self.height} pt")


class Service(msgspec.Struct, frozen=True, kw_only=True):
    """One print-on-demand service and what its uploads must look like.

    ``bleed`` and ``safe`` are in points: ``bleed`` is how far the artwork runs past the cut on
    every edge (None: the user's --bleed applies); ``safe`` is how far inside the cut text and
    key art must stay. ``images``: one PNG per card face rather than one PDF; ``back_first``:
    each card's back comes before its front in the upload. ``ink_limit`` is the most total ink
    (C+M+Y+K, in per cent) the service accepts.
    """

    key: str
    name: str
    stocks: tuple[Stock, ...]
    bleed: float | None
    safe: float
    back_first: bool
    ink_limit: int
    images: bool
    dpi: int = 300
    us_based: bool

    @property
    def file_type(self) -> str:
        return "PNG" if self.images else "PDF"


def _inches(name: str, width: float, height: float) -> Stock:
    return Stock(name, width * POINTS_PER_INCH, height * POINTS_PER_INCH)


def _pixels_to_points(pixels: float, dpi: int = 300) -> float:
    return pixels * POINTS_PER_INCH / dpi


# The sizes every service names the same way. Image services are defined through the pixel size
# of their uploads (see page_size), so these trims are whole pixels at 300 dpi.
POKER = _inches("poker", 2.5, 3.5)  # 63.5 x 88.9 mm
BRIDGE = _inches("bridge", 2.25, 3.5)  # 57.15 x 88.9 mm
MINI = _inches("mini", 1.75, 2.5)  # 44.45 x 63.5 mm
TAROT = _inches("tarot", 2.75, 4.75)  # 69.85 x 120.65 mm
# The Game Crafter's "euro square" (70 mm nominal): its upload is 900 x 900 px, which with TGC's
# 37.5 px bleed leaves a 825 px (69.85 mm) cut; TGC's own template says 2.76 in with 36 px of
# bleed. Either way the upload is 900 px, which is the number the service checks.
EURO_SQUARE = _inches("euro square", 2.75, 2.75)

THE_GAME_CRAFTER = Service(
    key="tgc",
    name="The Game Crafter",
    stocks=(POKER, BRIDGE, MINI, TAROT, EURO_SQUARE),
    bleed=_pixels_to_points(37.5),  # 1/8 in: poker 750 x 1050 px cut, 825 x 1125 px upload
    safe=_pixels_to_points(37.5),  # TGC's safe line is 75 px from the image edge: 37.5 px inside the cut
    back_first=False,
    ink_limit=300,  # takes RGB images and converts them itself; it publishes no ink limit
    images=True,
    us_based=True,
)

MAKE_PLAYING_CARDS = Service(
    key="mpc",
    name="MakePlayingCards",
    stocks=(POKER, BRIDGE, MINI, TAROT),
    bleed=_pixels_to_points(36),  # MPC writes "1/8 in" but checks 36 px: poker 822 x 1122 px
    safe=_pixels_to_points(36),  # ~72 px from the image edge: 36 px inside the cut
    back_first=False,
    ink_limit=300,  # RGB images; no limit published
    images=True,
    us_based=False,  # prints in Hong Kong
)

DRIVE_THRU_CARDS = Service(
    key="dtc",
    name="DriveThruCards",
    stocks=(POKER,),  # the only size we could confirm: a 2.75 x 3.75 in page per card
    bleed=POINTS_PER_INCH / 8,
    safe=POINTS_PER_INCH / 8,
    back_first=True,  # one PDF per deck: back, front, back, front...
    ink_limit=240,
    images=False,
    us_based=True,
)

GENERIC = Service(
    key="generic",
    name="Any print shop (PDF)",
    stocks=(),  # the component keeps its own card size
    bleed=None,  # the user's --bleed applies
    safe=3 * MM,  # what copy shops ask: text at least 3 mm inside the cut
    back_first=False,
    ink_limit=300,
    images=False,
    us_based=False,
)

SERVICES: Mapping[str, Service] = MappingProxyType(
    {service.key: service for service in (THE_GAME_CRAFTER, MAKE_PLAYING_CARDS, DRIVE_THRU_CARDS, GENERIC)}
)


def _bleed_of(service: Service, bleed: float | None) -> float:
    """The service's own bleed, or the user's where the service leaves it to them."""
    if service.bleed is not None:
        return service.bleed
    if bleed is None:
        raise ValueError(f"{service.name} takes the user's bleed: pass it")
    return bleed


def pixel_size(service: Service, stock: Stock, bleed: float | None = None) -> tuple[int, int]:
    """The upload's size in whole pixels at the service's dpi: cut plus bleed on both sides
    (TGC poker: 750 + 2 x 37.5 = 825 wide). ``bleed`` is used only by services without their own."""
    bleed_pixels = _bleed_of(service, bleed) * service.dpi / POINTS_PER_INCH
    width, height = (side * service.dpi / POINTS_PER_INCH + 2 * bleed_pixels for side in (stock.width, stock.height))
    # round(), not int(): 8.64 pt of bleed is 36.000000000000004 px in floating point.
    return round(width), round(height)


def page_size(service: Service, stock: Stock, bleed: float | None = None) -> tuple[float, float]:
    """The page one card face goes on, in points: the cut plus the bleed on every edge.

    For image services the page is the upload's pixel size turned back into points, so that
    rendering it at the service's dpi gives exactly the pixels the service checks (822 px, not
    821 or 823). ``bleed`` is used only by services without their own (generic)."""
    if service.images:
        width, height = pixel_size(service, stock, bleed)
        return width * POINTS_PER_INCH / service.dpi, height * POINTS_PER_INCH / service.dpi
    edge = 2 * _bleed_of(service, bleed)
    return stock.width + edge, stock.height + edge


def _mismatch(stock_size: tuple[float, float], card: tuple[float, float]) -> float:
    """How far a stock is from a card: the squared logarithms of the two sides' ratios, added.

    Logarithms, so that growing a side by a factor costs as much as shrinking it by the same
    factor, and a millimetre counts for more on a small card than on a big one. Squares, so that
    one side far off weighs more than two sides a little off. A huge card ends on the largest
    stock by area, a tiny one on the smallest."""
    return sum(math.log(stock_side / card_side) ** 2 for stock_side, card_side in zip(stock_size, card))


def closest_stock(service: Service, card: tuple[float, float]) -> tuple[Stock, bool]:
    """The stock of ``service`` closest to a component's card (width, height in points), and
    whether the card is turned a quarter to go on it (a landscape card on a portrait stock).

    Both orientations are compared with _mismatch; on a tie the card is not turned, and among
    stocks the one listed first wins. Raises ValueError for a service without stocks (generic),
    which keeps the card's own size."""
    if not service.stocks:
        raise ValueError(f"{service.name} sells no fixed card sizes: the card keeps its own size")
    if min(card) <= 0:
        raise ValueError(f"a card of {card[0]} x {card[1]} pt has no size")
    width, height = card
    ranked = (
        # Ranked by mismatch, then unturned before turned, then the order the stocks are listed in.
        (_mismatch((stock.width, stock.height), (height, width) if turned else (width, height)), turned, index)
        for index, stock in enumerate(service.stocks)
        for turned in (False, True)
    )
    _, turned, index = min(ranked)
    return service.stocks[index], turned
