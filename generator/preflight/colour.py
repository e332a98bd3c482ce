"""Colour spaces as a preflight sees them: what a space in a content stream, an image or a
shading really is once names, ICC profiles, palettes and spot-colour alternates are resolved,
and whether it prints on a CMYK press without conversion."""

from __future__ import annotations

import msgspec
import pikepdf

# Inline images may abbreviate colour space names (ISO 32000-1, table 94).
INLINE_ABBREVIATIONS = {"/G": "/DeviceGray", "/RGB": "/DeviceRGB", "/CMYK": "/DeviceCMYK", "/I": "/Indexed"}
DEVICE_COMPONENTS = {"/DeviceGray": 1, "/DeviceRGB": 3, "/DeviceCMYK": 4}
# Cal and Lab spaces are colorimetric, never press separations.
OTHER_COMPONENTS = {"/CalGray": 1, "/CalRGB": 3, "/Lab": 3}
DESCRIBED_ITEMS = 32  # of an array in a message: as many colorants as a DeviceN space may have


class ColourSpace(msgspec.Struct, frozen=True):
    description: str  # what the user is told: "DeviceRGB", "Indexed on ICCBased (3 components)"
    components: int
    cmyk: bool = False  # colour values are C, M, Y, K fractions (DeviceCMYK itself)
    printable: bool = False  # DeviceCMYK, or built only on it (palette, spot alternate, pattern)
    pattern: bool = False


DEVICE_CMYK = ColourSpace("DeviceCMYK", 4, cmyk=True, printable=True)
DEVICE_GRAY = ColourSpace("DeviceGray", 1)
DEVICE_RGB = ColourSpace("DeviceRGB", 3)
# The colour in force before a stream sets any: black, but DeviceGray.
INITIAL_GRAY = ColourSpace("DeviceGray (the initial colour: none was set)", 1)


def resolve(space: pikepdf.Object, resources: pikepdf.Object | None, inline: bool = False,
            depth: int = 0) -> ColourSpace:
    """The colour space ``space`` (a name or an array) means where ``resources`` are in force."""
    if depth > 4:  # a space defined through itself: broken, and surely not CMYK
        return ColourSpace("a colour space defined through itself", 1)
    if isinstance(space, pikepdf.Name):
        return resolve_name(str(space), resources, inline, depth)
    if isinstance(space, pikepdf.Array) and len(space) > 0:
        return resolve_array(space, resources, inline, depth)
    return ColourSpace(f"an unreadable colour space {describe(space)}", 1)


def resolve_name(name: str, resources: pikepdf.Object | None, inline: bool, depth: int) -> ColourSpace:
    if inline:
        name = INLINE_ABBREVIATIONS.get(name, name)
    if name == "/DeviceCMYK":
        return DEVICE_CMYK
    if name in DEVICE_COMPONENTS:
        return ColourSpace(name[1:], DEVICE_COMPONENTS[name])
    if name == "/Pattern":
        return ColourSpace("Pattern", 1, printable=True, pattern=True)
    named = lookup(resources, "/ColorSpace", name)
    if named is None:
        return ColourSpace(f"an undefined colour space {name}", 1)
    return resolve(named, resources, inline, depth + 1)


def resolve_array(space: pikepdf.Array, resources: pikepdf.Object | None, inline: bool,
                  depth: int) -> ColourSpace:
    family = str(space[0])
    if inline:
        family = INLINE_ABBREVIATIONS.get(family, family)
    if family == "/ICCBased" and len(space) > 1:
        components = int(space[1].get("/N", 0)) if isinstance(space[1], pikepdf.Stream) else 0
        return ColourSpace(f"ICCBased ({components} components)", components)
    if family == "/Indexed" and len(space) > 1:
        base = resolve(space[1], resources, inline, depth + 1)
        return ColourSpace(f"Indexed on {base.description}", 1, printable=base.printable)
    if family in ("/Separation", "/DeviceN") and len(space) > 2:
        return spot_colour(family, space, resources, depth)
    if family == "/Pattern":
        base = resolve(space[1], resources, inline, depth + 1) if len(space) > 1 else DEVICE_CMYK
        return ColourSpace(f"Pattern on {base.description}", 1, printable=base.printable, pattern=True)
    if family in OTHER_COMPONENTS:
        return ColourSpace(family[1:], OTHER_COMPONENTS[family])
    if len(space) == 1:  # [/DeviceRGB] is legal, if odd
        return resolve(space[0], resources, inline, depth + 1)
    return ColourSpace(f"an unknown colour space {family}", 1)


def spot_colour(family: str, space: pikepdf.Array, resources: pikepdf.Object | None,
                depth: int) -> ColourSpace:
    """A Separation or DeviceN space prints as its alternate wherever the ink is missing."""
    names = space[1]
    components = len(names) if isinstance(names, pikepdf.Array) else 1
    alternate = resolve(space[2], resources, False, depth + 1)
    label = describe(names)
    description = f"{family[1:]} {label} (alternate {alternate.description})"
    return ColourSpace(description, components, printable=alternate.cmyk)


def lookup(resources: pikepdf.Object | None, category: str, name: str) -> pikepdf.Object | None:
    """``resources[category][name]``, or None wherever a step is missing or malformed."""
    if not isinstance(resources, pikepdf.Dictionary):
        return None
    entries = resources.get(category)
    if not isinstance(entries, pikepdf.Dictionary):
        return None
    return entries.get(name)


def describe(value: object) -> str:
    """A short printable form of a PDF value for messages."""
    if isinstance(value, pikepdf.Array):
        items = [describe(item) for item in value[:DESCRIBED_ITEMS]]
        if len(value) > DESCRIBED_ITEMS:
            items.append(f"... {len(value) - DESCRIBED_ITEMS:,} more")
        return "[" + " ".join(items) + "]"
    if isinstance(value, (pikepdf.Dictionary, pikepdf.Stream)):
        return "a dictionary"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
