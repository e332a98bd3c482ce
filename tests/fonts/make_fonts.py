"""How the test fonts in this folder were made (run by hand, never by the tests).

The tests must run on a machine without DejaVu or WenQuanYi installed, so they carry small
subsets of both, made with fontTools' subsetter from Debian's fonts-dejavu-core and
fonts-wqy-microhei:

- DejaVuSansBold-HebrewArabic.ttf: basic Latin, Hebrew and Arabic from DejaVu Sans Bold, with
  the layout tables (GSUB, GPOS, GDEF) that joining and mark placement need, TrueType outlines,
  no hinting. Licence: LICENSE-DejaVu.txt (Bitstream Vera; DejaVu's changes are public domain).
- WenQuanYiMicroHei-CJK.ttc: a TrueType collection of two faces, WenQuanYi Micro Hei (face 0)
  and WenQuanYi Micro Hei Mono (face 1), each cut down to basic Latin, kana, CJK punctuation,
  the Hangul and the Han characters below. Licence: LICENSE-WenQuanYi.txt (Apache-2.0).

    .venv/bin/python tests/fonts/make_fonts.py
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = Path(__file__).parent
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
WQY = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")

LATIN = range(0x20, 0x7F)
HEBREW = [*range(0x0590, 0x0600), *range(0xFB1D, 0xFB50)]
ARABIC = [*range(0x0600, 0x0700), *range(0xFE70, 0xFF00)]
KANA = [*range(0x3000, 0x3040), *range(0x3040, 0x30A0), *range(0x30A0, 0x3100)]
HAN = "東京富士山新幹線桜寿司長城熊猫北京月亮国際宇宙展望台空港電車学校図書館日本中文語字火水木金土人大小上下雨雪花海猫犬"
HANGUL = "서울김치바다한국어사랑하늘컴퓨터학교"
FULLWIDTH = [0xFF01, 0xFF08, 0xFF09, 0xFF0C, 0xFF1A, 0xFF1F]


def _options() -> subset.Options:
    options = subset.Options()
    options.layout_features = ["*"]  # every feature: Arabic joining, marks, kerning
    options.hinting = False  # smaller; the outlines stay TrueType
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    return options


def _subset(font: TTFont, characters: list[int]) -> TTFont:
    subsetter = subset.Subsetter(_options())
    subsetter.populate(unicodes=characters)
    subsetter.subset(font)
    return font


def main() -> None:
    hebrew_arabic = _subset(TTFont(DEJAVU), [*LATIN, *HEBREW, *ARABIC])
    hebrew_arabic.save(HERE / "DejaVuSansBold-HebrewArabic.ttf")
    cjk = [*LATIN, *KANA, *FULLWIDTH, *map(ord, HAN), *map(ord, HANGUL)]
    collection = TTCollection()
    collection.fonts = [_subset(TTFont(WQY, fontNumber=index), cjk) for index in (0, 1)]
    collection.save(HERE / "WenQuanYiMicroHei-CJK.ttc", shareTables=True)


if __name__ == "__main__":
    main()
