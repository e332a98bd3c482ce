"""docs/stand.png: the key stand folded, with a key card standing in it, drawn from the real
geometry and the real printed faces: cngen stand's net and cngen keys' first card are rendered
and laid, face by face, on the planes of a parallel projection (a plane stays a parallelogram,
so each face is one affine transform). Beside it, the stand seen end on, with its figures.

    python -c "import sys; sys.path.insert(0, 'docs'); from stand_picture import stand_picture; \
stand_picture('docs/stand.png')"

Needs the test extra (pypdfium2).
"""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2
from PIL import Image, ImageDraw, ImageFont

from generator.games import GAMES
from generator.geometry.dieline import place_nets
from generator.geometry.stand import CARD_THICKNESS, END, SLOT_GAP
from generator.jobs.dieline import net_sheet
from generator.jobs.keys import build_keys
from generator.jobs.stand import build_stand, stand_plan
from generator.settings.options import KeyOptions, SheetOptions, StandOptions
from generator.units import MM

FONT = Path(__file__).resolve().parent.parent / "fonts" / "FiraSans-Regular.ttf"
CARD = (70 * MM, 70 * MM)
SCALE = 8.0  # pixels a point on the drawing, before it is halved for smooth edges
TEXTURE = 6.0  # pixels a point of the rendered faces
AZIMUTH, ELEVATION = math.radians(28), math.radians(22)
INK = (40, 40, 40)
INSIDE = (205, 200, 190)  # the unprinted inside, in the prism's shade
SHEET = SheetOptions(profile="pod", bleed=0.0)  # the net alone on its page, cut to its outline


def stand_picture(path: str | Path) -> None:
    """The folded stand holding a classic key card, and its end view with the figures."""
    game = GAMES["classic"]
    plan = stand_plan(game, CARD)
    folded = _folded(game, plan)
    end = _end_view(plan, folded.height)
    picture = Image.new("RGB", (folded.width + end.width, folded.height), "white")
    picture.paste(folded, (0, 0))
    picture.paste(end, (folded.width, 0))
    picture.save(path, optimize=True)


def _project(x: float, y: float, z: float) -> tuple[float, float]:
    """Points (x along the prism, y across it away from the viewer, z up) on the drawing."""
    across = x * math.cos(AZIMUTH) + y * math.sin(AZIMUTH)
    depth = -x * math.sin(AZIMUTH) + y * math.cos(AZIMUTH)
    return across * SCALE, -(z * math.cos(ELEVATION) + depth * math.sin(ELEVATION)) * SCALE


def _folded(game, plan) -> Image.Image:
    stand = build_stand(game, StandOptions(KeyOptions(seed=1, card_size=CARD), sheet=SHEET))
    net = place_nets([plan.net], net_sheet(SHEET)).placed[0].net
    page = pypdfium2.PdfDocument(stand.pdf)[0]
    sheet = page.render(scale=TEXTURE).to_pil().convert("RGB")
    page_height = page.get_height()
    card = pypdfium2.PdfDocument(build_keys(game, KeyOptions(seed=1234, count=1, card_size=CARD,
                                                             sheet=SHEET)).pdf)[0].render(scale=TEXTURE).to_pil()
    half, ridge, length = plan.base / 2, plan.height, plan.length
    corners = [_project(x, y, z) for x in (0, length) for y in (-half, half, 0) for z in (0, ridge, CARD[1])]
    left, top = min(u for u, _ in corners) - 40, min(v for _, v in corners) - 40
    size = (round(max(u for u, _ in corners) - left + 40), round(max(v for _, v in corners) - top + 60))
    canvas = Image.new("RGB", size, "white")

    def screen(x, y, z):
        u, v = _project(x, y, z)
        return u - left, v - top

    shadow = [screen(x, y, 0) for x, y in ((-4, -half - 4), (length + 4, -half - 4), (length + 4, half + 4),
                                             (-4, half + 4))]
    ImageDraw.Draw(canvas).polygon(shadow, fill=(236, 236, 236))
    panels = {panel.name: panel for panel in net.panels}

    def face(panel_name, start, across, along):
        """A panel of the placed net laid on the plane from ``start``: the net's x runs
        ``across`` (a 3D step a point), its y runs ``along``."""
        box = panels[panel_name].box
        crop = (box.x * TEXTURE, (page_height - box.top) * TEXTURE, box.right * TEXTURE,
                (page_height - box.y) * TEXTURE)
        texture = sheet.crop(tuple(round(value) for value in crop))
        # Texture pixel (0, 0) is the box's top left: net (box.x, box.top).
        origin = [start[i] + across[i] * 0 + along[i] * box.height for i in range(3)]
        right = [origin[i] + across[i] * box.width for i in range(3)]
        below = [origin[i] - along[i] * box.height for i in range(3)]
        _lay(canvas, texture, screen(*origin), screen(*right), screen(*below))

    slope_in = (0.0, half / plan.slope, ridge / plan.slope)  # up a front slope, a point of its width
    slope_out = (0.0, half / plan.slope, -ridge / plan.slope)
    # The net's y runs against x once folded, so that the printed side faces out.
    along = (-1.0, 0.0, 0.0)
    face("slope-b", (length, 0.0, ridge), slope_out, along)
    _lay(canvas, card, screen(END, 0, CARD[1]), screen(END + CARD[0], 0, CARD[1]), screen(END, 0, 0))
    draw = ImageDraw.Draw(canvas)
    opening = [screen(length, -half, 0), screen(length, half, 0), screen(length, 0, ridge)]
    draw.polygon(opening, fill=INSIDE)
    face("slope-a", (length, -half, 0.0), slope_in, along)
    edges = [((0, -half, 0), (length, -half, 0)), ((0, 0, ridge), (length, 0, ridge)),
             ((0, -half, 0), (0, 0, ridge)), ((length, -half, 0), (length, 0, ridge)),
             ((length, half, 0), (length, 0, ridge)), ((length, -half, 0), (length, half, 0))]
    for start, end in edges:
        draw.line([screen(*start), screen(*end)], fill=INK, width=3)
    card_edges = [(END, 0, ridge), (END, 0, CARD[1]), (END + CARD[0], 0, CARD[1]), (END + CARD[0], 0, ridge)]
    draw.line([screen(*point) for point in card_edges], fill=INK, width=3)
    return canvas.resize((canvas.width // 2, canvas.height // 2), Image.LANCZOS)


def _lay(canvas: Image.Image, texture: Image.Image, origin, right, below) -> None:
    """``texture`` laid on the parallelogram whose top left is ``origin``, top right ``right``
    and bottom left ``below`` (screen pixels)."""
    width, height = texture.size
    ax, ay = (right[0] - origin[0]) / width, (right[1] - origin[1]) / width
    bx, by = (below[0] - origin[0]) / height, (below[1] - origin[1]) / height
    det = ax * by - ay * bx
    # PIL maps each output pixel back to its texture pixel: the inverse of the forward map.
    ia, ib, id_, ie = by / det, -bx / det, -ay / det, ax / det
    data = (ia, ib, -(ia * origin[0] + ib * origin[1]), id_, ie, -(id_ * origin[0] + ie * origin[1]))
    laid = texture.convert("RGB").transform(canvas.size, Image.AFFINE, data, Image.BICUBIC)
    mask = Image.new("L", texture.size, 255).transform(canvas.size, Image.AFFINE, data, Image.BILINEAR)
    canvas.paste(laid, (0, 0), mask)


def _end_view(plan, height: int) -> Image.Image:
    """The stand end on, to scale, with its figures beside it."""
    scale = 5.0  # pixels a point
    width = round(plan.base * scale + 520)
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONT), 24)
    table_y = height - 110
    middle = 40 + plan.base * scale / 2
    half, ridge = plan.base / 2 * scale, plan.height * scale
    draw.line([(10, table_y), (width - 20, table_y)], fill=(170, 170, 170), width=2)
    draw.polygon([(middle - half, table_y), (middle + half, table_y), (middle, table_y - ridge)], outline=INK,
                 fill=(247, 235, 208), width=3)
    card_top = max(30, table_y - plan.card[1] * scale)
    thickness = max(3, round(CARD_THICKNESS * scale))
    draw.rectangle([middle - thickness / 2, card_top, middle + thickness / 2, table_y], fill=INK)
    draw.line([(middle - half, table_y + 25), (middle + half, table_y + 25)], fill=INK, width=2)
    draw.text((middle, table_y + 35), f"base {plan.base / MM:.0f} mm", fill=INK, font=font, anchor="mt")
    right = middle + half + 25
    draw.line([(right, table_y), (right, table_y - ridge)], fill=INK, width=2)
    draw.text((right + 12, table_y - ridge / 2), f"ridge {plan.height / MM:.0f} mm: all the card hides",
              fill=INK, font=font, anchor="lm")
    lines = (f"key card {plan.card[0] / MM:.0f} x {plan.card[1] / MM:.0f} mm, {CARD_THICKNESS / MM:.2f} mm thick",
             f"slots {SLOT_GAP / MM:.0f} mm across, {plan.slot_length / MM:.0f} mm long",
             f"the card leans {plan.lean:.1f}° at most",
             f"card and stand tip only past {plan.tipping:.1f}°")
    for index, line in enumerate(lines):
        draw.text((middle + 30, card_top + 20 + index * 38), line, fill=INK, font=font)
    return image
