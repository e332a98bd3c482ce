"""The kit's one visual language, as measures: the type scale, the frame and the emblem's size.

Every component (word cards, key cards, tiles, the rules sheet, the calibration sheet) takes
its sizes from here, so that they look like one kit on the table. The colours that go with
them are in ``draw/theme.py``; the emblem's shape is in ``draw/emblem.py``.

Pure: points.
"""

from __future__ import annotations

from ..units import MM

# The type scale: one family (Fira Sans), seven steps, each about a quarter larger than the
# one below. A component picks steps by role, never a size of its own.
CAPTION = 7.0  # card numbers, the example's smallest words, slugs: the floor for print shops
BODY = 9.5  # running text of the rules
LEAD = 11.0  # the rules' subtitle, key-card back lettering
HEADING = 14.0  # section headings; tile names at their largest
SUBTITLE = 18.0  # the spymasters' upside-down word at its largest
TITLE = 24.0  # the title of a sheet; the least a long codename keeps before it shrinks
DISPLAY = 30.0  # the codename, upright, at its largest
TYPE_SCALE = (CAPTION, BODY, LEAD, HEADING, SUBTITLE, TITLE, DISPLAY)

# The frame: a rounded rectangle in the theme's line colour. A line near the cut shows every
# miscut as an uneven border, so no frame comes closer to the cut than FRAME_INSET, and text
# keeps CONTENT_GAP inside its frame.
FRAME_INSET = 3.5 * MM
FRAME_RADIUS = 2.5 * MM
FRAME_LINE = 0.8  # points
PANEL_RADIUS = 1.8 * MM  # the smaller panels inside a frame (a word card's label and band)
CONTENT_GAP = 3.0 * MM

# The emblem (a keyhole in a ring) appears on every component: its ring's line weight, and
# its radius where it marks a card rather than fills it.
EMBLEM_LINE = 0.8  # points
EMBLEM_RADIUS = 2.6 * MM
