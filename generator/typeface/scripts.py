"""Which text needs shaping, and which way a paragraph runs: decided from the characters
alone, without loading HarfBuzz or python-bidi, so that Latin, Greek, Cyrillic and CJK words
(which need neither) never pay for them.
"""

from __future__ import annotations

import bisect
import unicodedata

_STRONG_RIGHT = ("R", "AL")
# Blocks whose letters change shape or order with their neighbours (Indic, South-East Asian,
# Hangul jamo, Arabic presentation forms...): first and last code point of each.
_COMPLEX = (
    (0x0590, 0x08FF),  # Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
    (0x0900, 0x0DFF),  # Devanagari to Sinhala
    (0x0E00, 0x0FFF),  # Thai, Lao, Tibetan
    (0x1000, 0x109F),  # Myanmar
    (0x1100, 0x11FF),  # Hangul jamo (composed syllables need no shaping)
    (0x1780, 0x18AF),  # Khmer, Mongolian
    (0x1A00, 0x1CFF),  # Buginese to Vedic extensions
    (0x200C, 0x200D),  # the joiners
    (0xA800, 0xA8FF),  # Syloti Nagri to Devanagari extended
    (0xA960, 0xA97F),  # Hangul jamo extended-A
    (0xA980, 0xAAFF),  # Javanese to Tai Viet
    (0xD7B0, 0xD7FF),  # Hangul jamo extended-B
    (0xFB1D, 0xFDFF),  # Hebrew and Arabic presentation forms
    (0xFE70, 0xFEFF),  # Arabic presentation forms B
    (0x10800, 0x10FFF),  # historic right-to-left scripts
    (0x11000, 0x11FFF),  # Brahmi and other historic Indic scripts
    (0x1E800, 0x1EFFF),  # Mende Kikakui, Adlam, Arabic mathematical letters
)
_STARTS = tuple(start for start, _ in _COMPLEX)
_FIRST_COMPLEX = _COMPLEX[0][0]


def needs_shaping(text: str) -> bool:
    """Whether ``text`` must be shaped to print right: letters written right to left, or a
    script whose letters join, reorder or stack. Latin, Greek, Cyrillic and CJK need not."""
    if text.isascii():  # the common case, decided at C speed
        return False
    return any(ord(char) >= _FIRST_COMPLEX and _complex(ord(char)) for char in text)


def _complex(code: int) -> bool:
    index = bisect.bisect_right(_STARTS, code) - 1
    return index >= 0 and code <= _COMPLEX[index][1]


def starts_right_to_left(text: str) -> bool:
    """The paragraph's direction (rules P2 and P3): that of its first strong letter."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in _STRONG_RIGHT:
            return True
        if kind == "L":
            return False
    return False


# Free fonts that draw each script on word cards (the README lists them), for messages about
# letters a font lacks: the first word of the letters' Unicode names -> the script, its fonts.
_CJK_FONTS = "WenQuanYi Micro Hei (wqy-microhei.ttc)"
FONTS_FOR_SCRIPTS = {
    "HEBREW": ("Hebrew", "DejaVu Sans Bold or Noto Sans Hebrew"),
    "ARABIC": ("Arabic", "DejaVu Sans Bold, Noto Naskh Arabic or Noto Sans Arabic"),
    "CJK": ("Chinese and Japanese", _CJK_FONTS),
    "HIRAGANA": ("Chinese and Japanese", _CJK_FONTS),
    "KATAKANA": ("Chinese and Japanese", _CJK_FONTS),
    "HANGUL": ("Korean", _CJK_FONTS),
}


def fonts_for(characters: list[str]) -> str:
    """' (for Hebrew: DejaVu Sans Bold or Noto Sans Hebrew)' when the characters are of a
    script the README names fonts for, else ''."""
    scripts = (unicodedata.name(char, "").split(" ", 1)[0] for char in characters)
    named = dict.fromkeys(FONTS_FOR_SCRIPTS[script] for script in scripts if script in FONTS_FOR_SCRIPTS)
    if not named:
        return ""
    return " (" + "; ".join(f"for {script}: {fonts}" for script, fonts in named) + ")"
