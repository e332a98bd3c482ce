"""Choosing the size and line breaks that make a word fit its box.

Pure: the font is consulted only for widths and line heights.

Lines break at spaces. Chinese and Japanese write no spaces between words (Korean does, but
its syllables may break too), so an entry in those scripts may also break between two of its
characters, as their typesetting does: only when spaces alone leave it too small to read
across the table, never inside a run of Latin letters or digits, and never before a closing
bracket, a comma or full stop, a small kana or the long-vowel mark, nor after an opening
bracket (the rules Japanese calls kinsoku).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:  # types only: fitting a word of Latin letters loads no glyph types
    from ..typeface.measure import Metrics, ShapedLine

# An entry breaks between characters, without a space, only when it would otherwise print
# below this share of the largest size: on the default card, up to about eight Chinese or
# Japanese characters stay on one line.
UNSPACED_BREAK_BELOW = 0.6

# Characters of scripts written without spaces, and their punctuation: Han, kana, Hangul
# syllables, CJK symbols and full-width forms (first and last code point of each block).
_IDEOGRAPHIC = (
    (0x2E80, 0x2FFF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x31FF), (0x3200, 0x33FF),
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF), (0x20000, 0x3FFFF),
)
# Kinsoku: what may not begin a line, and what may not end one.
_NO_LINE_START = set(
    "、。，．・：；？！‐ー―〜～…‥」』）〕］｝〉》】〙〗〟’”)]}»"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻ゝゞヽヾ"
    ",.:;?!%"
)
_NO_LINE_END = set("「『（〔［｛〈《【〘〖〝‘“([{«")


class FittedText(msgspec.Struct, frozen=True):
    lines: tuple[str, ...]
    size: float
    shaped: tuple[ShapedLine, ...] = ()  # the lines' glyphs, for text that needs shaping; () for the rest
    condensed: bool = False  # set in the font's condensed face (``Font.condensed``), not the font itself


def fit_text(
    text: str, font: Metrics, width: float, height: float, max_size: float, min_size: float,
    enough: float | None = None,
) -> FittedText | None:
    """The largest size up to ``max_size`` at which ``text`` fits, on one line or two.

    A multi-word entry may break onto two lines when that lets it be printed larger; an entry
    in Chinese or Japanese also between two characters, when spaces leave it too small (see
    the module's notes). Returns None when even ``min_size`` does not fit: the caller reports
    the word. ``enough``: a size at which a break between characters is taken in order of
    preference (where the script changes, then the most even), though a later one would print
    the entry larger.
    """
    best = _best(_line_options(text), font, width, height, max_size, min_size, None)
    if best is None or best.size < UNSPACED_BREAK_BELOW * max_size:
        best = _best(_balanced(_unspaced_breaks(text), font), font, width, height, max_size, min_size, best,
                     enough)
    return best


def _balanced(options: list[tuple[str, ...]], font: Metrics) -> list[tuple[str, ...]]:
    """The order in which breaks that reach the same size are preferred (when the height
    limits the size, many do): first where the script changes (Han to kana, or kana to Han:
    in a Japanese compound that is most often where its words meet, as in 国際宇宙|ステーション),
    then the most even, so that three characters never sit above seven."""
    return sorted(options, key=lambda lines: (_kind(lines[0][-1]) == _kind(lines[1][0]),
                                              max(font.width(line, 1.0) for line in lines)))


def _kind(char: str) -> str:
    """Han, hiragana, katakana, Hangul or other: where these meet is a likely word boundary."""
    code = ord(char)
    if 0x3040 <= code <= 0x309F:
        return "hiragana"
    if 0x30A0 <= code <= 0x30FF:
        return "katakana"
    if 0xAC00 <= code <= 0xD7AF:
        return "hangul"
    return "han" if ideographic(char) else "other"


def _best(options: list[tuple[str, ...]], font: Metrics, width: float, height: float, max_size: float,
          min_size: float, best: FittedText | None, enough: float | None = None) -> FittedText | None:
    """The option that prints largest; an earlier one wins ties (and ``best`` comes first), and
    the first that reaches ``enough`` wins outright."""
    for lines in options:
        if best is not None and enough is not None and best.size >= enough - 1e-9:
            break
        size = _largest_size(lines, font, width, height, max_size)
        if size >= min_size and (best is None or size > best.size + 0.01):
            best = FittedText(lines, size)
    return best


def _line_options(text: str) -> list[tuple[str, ...]]:
    """The text on one line, then every break into two lines at a space (one line wins ties)."""
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return [(text,), *splits]


def _unspaced_breaks(text: str) -> list[tuple[str, ...]]:
    """Every break into two lines between two characters where CJK typesetting allows one."""
    return [(text[:i], text[i:]) for i in range(1, len(text)) if _may_break(text[i - 1], text[i])]


def unspaced_pieces(word: str) -> list[str]:
    """``word`` cut wherever CJK typesetting lets a line break inside it (never before 。、」
    or a small kana, never after 「): the pieces a wrapped line of Japanese is made of."""
    pieces = [word[:1]]
    for before, after in zip(word, word[1:]):
        if _may_break(before, after):
            pieces.append(after)
        else:
            pieces[-1] += after
    return pieces if word else []


def _may_break(before: str, after: str) -> bool:
    if before == " " or after == " ":
        return False  # a break at a space is one of the ordinary options
    if not (ideographic(before) or ideographic(after)):
        return False  # inside a Latin word, a number, or a word of any spaced script
    return after not in _NO_LINE_START and before not in _NO_LINE_END


def written_without_spaces(text: str) -> bool:
    """Whether ``text`` is mostly Chinese, Japanese or Korean (a third of its characters or
    more): a paragraph of it may then break between any two characters, not only at spaces."""
    characters = [char for char in text if not char.isspace()]
    return bool(characters) and 3 * sum(map(ideographic, characters)) >= len(characters)


def ideographic(char: str) -> bool:
    """A character of a script written without spaces between words (Han, kana, Hangul), or
    its punctuation."""
    code = ord(char)
    return code >= 0x2E80 and any(first <= code <= last for first, last in _IDEOGRAPHIC)


def _largest_size(
    lines: tuple[str, ...], font: Metrics, width: float, height: float, max_size: float
) -> float:
    widest = max(font.width(line, 1.0) for line in lines)
    by_width = width / widest if widest > 0 else max_size
    by_height = height / (len(lines) * font.line_height(1.0))
    return min(max_size, by_width, by_height)
