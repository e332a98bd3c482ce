"""The rules sheet: the rules text, filled in for the kit it describes, typeset on any paper."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.rules import RuleFonts, set_in, typeset_rules
from ..draw.theme import make_theme
from ..errors import CngenError
from ..geometry.typeface import describe_character
from ..inputs.bundled import BOLD, ITALIC, REGULAR, rules_path
from ..inputs.reader import read_input, source_name
from ..model.kit import KitContents
from ..model.ruletext import RulesText, parse_rules, select_variants
from ..model.words import RIGHT_TO_LEFT_REASON, right_to_left
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.options import DeckOptions, KeyOptions, RulesOptions, TokenOptions
from .cards import document_title
from .contents import planned_contents
from .sources import load_font

# Characters named in one message; the rest are counted.
SHOWN_CHARACTERS = 4


@dataclass(frozen=True)
class RulesResult:
    pdf: bytes
    pages: int
    rules: RulesText
    contents: KitContents


def build_rules(options: RulesOptions) -> RulesResult:
    contents = options.contents or default_contents()
    path = options.text or rules_path()
    rules = parse_rules(read_input(path, "rules text"), source_name(path), contents)
    rules = select_variants(rules, options.variants)
    fonts = rule_fonts(options)
    check_characters(rules, fonts)
    theme = make_theme(options.profile, dict(options.style.colours), options.style.title)
    document = PdfDocument(PdfSettings(document_title(rules.title or "Rules", options.style), options.paper,
                                       fonts.regular.name, cmyk=options.profile == "shop"))
    pages = typeset_rules(document.canvas, rules, fonts, options.paper, theme)
    return RulesResult(document.finish(), pages, rules, contents)


def check_characters(rules: RulesText, fonts: RuleFonts) -> None:
    """Refuse, with its line, the first string the sheet would print wrongly: letters written
    right to left (any font would print them reversed and unjoined), or characters the font
    it is set in has no glyph for (they would print blank)."""
    for text, line, where, font in set_in(rules, fonts):
        backwards = right_to_left(text)
        if backwards:
            raise CngenError(f"{rules.source}:{line}: {where}: {_listed(backwards)} "
                             f"{'is' if len(backwards) == 1 else 'are'} written right to left, "
                             f"{RIGHT_TO_LEFT_REASON}: write the rules in a left-to-right script")
        missing = font.missing_characters(text)
        if missing:
            raise CngenError(f"{rules.source}:{line}: {where}: uses {_listed(missing)}, which the font {font.label} "
                             f"cannot draw: use --font FILE.ttf with a font that has "
                             f"{'it' if len(missing) == 1 else 'them'}, or change the text")


def _listed(characters: list[str]) -> str:
    shown = ", ".join(describe_character(char) for char in characters[:SHOWN_CHARACTERS])
    more = len(characters) - SHOWN_CHARACTERS
    return f"{shown} and {more:,} more" if more > 0 else shown


def rule_fonts(options: RulesOptions) -> RuleFonts:
    """The bundled family, or the user's one font for every style."""
    if options.font is not None:
        font = load_font(options.font)
        return RuleFonts(regular=font, bold=font, italic=font)
    return RuleFonts(regular=load_font(None, REGULAR), bold=load_font(None, BOLD), italic=load_font(None, ITALIC))


def default_contents() -> KitContents:
    """The kit cngen prints with its defaults."""
    return planned_contents(DeckOptions(), KeyOptions(seed=0), TokenOptions())
