"""The print-on-demand services' data (sizes, pixels, the stock a card goes on) and the PNG
pages made for the services that take images."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image
from reportlab.pdfgen import canvas

from generator.geometry.services import (
    DRIVE_THRU_CARDS,
    GENERIC,
    MAKE_PLAYING_CARDS,
    SERVICES,
    THE_GAME_CRAFTER,
    Stock,
    closest_stock,
    page_size,
    pixel_size,
)
from generator.output.images import exact_scale, png_pages
from generator.units import MM

POKER_SIZE = (63.5 * MM, 88.9 * MM)
WORD_CARD = (70 * MM, 45 * MM)
KEY_CARD = (70 * MM, 70 * MM)
IMAGE_SERVICES = (THE_GAME_CRAFTER, MAKE_PLAYING_CARDS)


def stock_named(service, name):
    return next(stock for stock in service.stocks if stock.name == name)


# Services ---------------------------------------------------------------------------------


def test_the_services_are_known_by_their_keys():
    assert list(SERVICES) == ["tgc", "mpc", "dtc", "generic"]
    assert all(SERVICES[key].key == key for key in SERVICES)


def test_the_game_crafter_poker_upload_is_825_by_1125_pixels():
    assert pixel_size(THE_GAME_CRAFTER, stock_named(THE_GAME_CRAFTER, "poker")) == (825, 1125)


def test_make_playing_cards_poker_upload_is_822_by_1122_pixels():
    assert pixel_size(MAKE_PLAYING_CARDS, stock_named(MAKE_PLAYING_CARDS, "poker")) == (822, 1122)


@pytest.mark.parametrize("service", IMAGE_SERVICES, ids=lambda service: service.key)
def test_an_image_page_is_its_upload_in_points_exactly(service):
    for stock in service.stocks:
        width, height = pixel_size(service, stock)
        assert page_size(service, stock) == (width * 72 / service.dpi, height * 72 / service.dpi)
        # Every trim is whole pixels: the service's pixels are not a rounding of ours.
        assert (stock.width * service.dpi / 72).is_integer() and (stock.height * service.dpi / 72).is_integer()


def test_drive_thru_cards_poker_page_is_2_75_by_3_75_inches_exactly():
    assert page_size(DRIVE_THRU_CARDS, stock_named(DRIVE_THRU_CARDS, "poker")) == (2.75 * 72, 3.75 * 72)
    assert DRIVE_THRU_CARDS.back_first and DRIVE_THRU_CARDS.ink_limit == 240 and DRIVE_THRU_CARDS.file_type == "PDF"


def test_generic_keeps_the_card_and_the_users_bleed():
    assert GENERIC.stocks == () and GENERIC.bleed is None
    card = Stock("key card", 70 * MM, 70 * MM)
    assert page_size(GENERIC, card, bleed=3 * MM) == pytest.approx((76 * MM, 76 * MM))
    with pytest.raises(ValueError, match="bleed"):
        page_size(GENERIC, card)
    with pytest.raises(ValueError, match="own size"):
        closest_stock(GENERIC, KEY_CARD)


@pytest.mark.parametrize("service, stock", [
    (THE_GAME_CRAFTER, "mini"), (MAKE_PLAYING_CARDS, "mini"), (DRIVE_THRU_CARDS, "poker"),
], ids=["tgc", "mpc", "dtc"])
def test_a_landscape_word_card_is_turned_onto_the_closest_portrait_stock(service, stock):
    assert closest_stock(service, WORD_CARD) == (stock_named(service, stock), True)


@pytest.mark.parametrize("service, stock", [
    (THE_GAME_CRAFTER, "euro square"), (MAKE_PLAYING_CARDS, "poker"), (DRIVE_THRU_CARDS, "poker"),
], ids=["tgc", "mpc", "dtc"])
def test_a_square_key_card_is_never_turned(service, stock):
    assert closest_stock(service, KEY_CARD) == (stock_named(service, stock), False)


@pytest.mark.parametrize("service", (THE_GAME_CRAFTER, MAKE_PLAYING_CARDS, DRIVE_THRU_CARDS), ids=lambda s: s.key)
def test_a_poker_card_goes_on_poker_stock_as_it_is(service):
    assert closest_stock(service, POKER_SIZE) == (stock_named(service, "poker"), False)


@pytest.mark.parametrize("service", (THE_GAME_CRAFTER, MAKE_PLAYING_CARDS, DRIVE_THRU_CARDS), ids=lambda s: s.key)
def test_a_huge_card_goes_on_the_largest_stock(service):
    largest = max(service.stocks, key=lambda stock: stock.width * stock.height)
    assert closest_stock(service, (2000 * MM, 1500 * MM)) == (largest, True)
    assert closest_stock(service, (1500 * MM, 2000 * MM)) == (largest, False)


def test_the_data_cannot_be_changed():
    with pytest.raises(TypeError):
        SERVICES["tgc"] = GENERIC  # type: ignore[index]
    with pytest.raises(AttributeError):
        THE_GAME_CRAFTER.bleed = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        THE_GAME_CRAFTER.stocks[0].width = 1  # type: ignore[misc]
    assert all(isinstance(service.stocks, tuple) for service in SERVICES.values())


def test_a_stock_is_portrait():
    with pytest.raises(ValueError, match="portrait"):
        Stock("landscape", 70 * MM, 45 * MM)


# PNG pages --------------------------------------------------------------------------------

TGC_POKER = stock_named(THE_GAME_CRAFTER, "poker")
MPC_POKER = stock_named(MAKE_PLAYING_CARDS, "poker")
RED_BOX = (10, 20, 40, 30)  # points from the page's bottom left: x, y, width, height


def card_pdf(service, stock, pages=2) -> bytes:
    """A small PDF the size of a service's upload: a red rectangle on each page."""
    buffer = io.BytesIO()
    sheet = canvas.Canvas(buffer, pagesize=page_size(service, stock), invariant=1)
    for _ in range(pages):
        sheet.setFillColorRGB(1, 0, 0)
        sheet.rect(*RED_BOX, stroke=0, fill=1)
        sheet.showPage()
    sheet.save()
    return buffer.getvalue()


def png_chunks(png: bytes) -> dict[bytes, bytes]:
    chunks, offset = {}, 8
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset : offset + 8])
        chunks[kind] = png[offset + 8 : offset + 8 + length]
        offset += 12 + length
    return chunks


@pytest.fixture(scope="module")
def tgc_pngs():
    return png_pages(card_pdf(THE_GAME_CRAFTER, TGC_POKER), pixel_size(THE_GAME_CRAFTER, TGC_POKER))


def test_every_page_becomes_a_png_of_the_exact_size(tgc_pngs):
    assert len(tgc_pngs) == 2
    for png in tgc_pngs:
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.mode == "RGB" and image.size == (825, 1125)


def test_an_mpc_page_comes_out_at_822_by_1122():
    (png,) = png_pages(card_pdf(MAKE_PLAYING_CARDS, MPC_POKER, pages=1), (822, 1122))
    assert Image.open(io.BytesIO(png)).size == (822, 1122)


def test_the_pngs_say_300_dpi_and_nothing_that_changes(tgc_pngs):
    chunks = png_chunks(tgc_pngs[0])
    per_metre = round(300 / 0.0254)
    assert chunks[b"pHYs"] == struct.pack(">IIB", per_metre, per_metre, 1)
    assert not {b"tIME", b"tEXt", b"iTXt", b"zTXt"} & set(chunks)


def test_the_same_pdf_gives_the_same_bytes(tgc_pngs):
    assert png_pages(card_pdf(THE_GAME_CRAFTER, TGC_POKER), (825, 1125)) == tgc_pngs


def test_the_red_rectangle_is_red_where_it_was_drawn(tgc_pngs):
    image = Image.open(io.BytesIO(tgc_pngs[0]))
    x, y, width, height = (round(value * 300 / 72) for value in RED_BOX)
    top = 1125 - y - height  # PDF measures from the bottom, images from the top
    assert image.getpixel((x + width // 2, top + height // 2)) == (255, 0, 0)
    assert image.getpixel((x + 2, top + 2)) == (255, 0, 0)
    assert image.getpixel((x + width + 2, top + height // 2)) == (255, 255, 255)
    assert image.getpixel((x + width // 2, top - 2)) == (255, 255, 255)
    assert image.getpixel((800, 20)) == (255, 255, 255)  # white background, not transparent black


def test_a_page_off_by_a_rounding_is_rendered_at_a_scale_that_fits():
    # 822 px is 197.28 pt; a page stored a hair wider would give 823 px at 300 dpi.
    page = (197.2801, 269.28)
    scale = exact_scale(page, (822, 1122))
    assert scale is not None and scale == pytest.approx(300 / 72, rel=1e-5)
    assert exact_scale((100.0, 300.0), (822, 1122)) is None  # another shape: no single scale


def test_a_page_a_hair_too_wide_still_gives_the_exact_size():
    buffer = io.BytesIO()
    sheet = canvas.Canvas(buffer, pagesize=(197.3, 269.3), invariant=1)  # 822.08 px: pdfium makes 823
    sheet.showPage()
    sheet.save()
    (png,) = png_pages(buffer.getvalue(), (822, 1122))
    assert Image.open(io.BytesIO(png)).size == (822, 1122)


def test_a_page_of_another_size_is_still_made_the_size_asked_for():
    (png,) = png_pages(card_pdf(THE_GAME_CRAFTER, TGC_POKER, pages=1), (300, 400), dpi=300)
    assert Image.open(io.BytesIO(png)).size == (300, 400)
