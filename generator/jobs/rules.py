"""The rules sheet: the rules text, filled in for the kit it describes, typeset on any paper."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.rules import RuleFonts, set_in, typeset_rules
from ..draw.theme import is_cmyk, make_theme
from ..errors import CngenError
from ..inputs.bundled import BOLD, ITALIC, REGULAR, rules_path
from ..inputs.reader import read_input, source_name
from ..model.kit import KitContents
from ..model.ruletext import RulesText, parse_rules, select_variants
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.options import DeckOptions, KeyOptions, RulesOptions, TokenOptions
from ..settings.units import is_us_paper
from .cards import condition_for, document_title
from .contents import planned_contents
from .sources import check_title, load_font, unprintable



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
    check_title(options.style.title, fonts.italic)
    press = is_cmyk(options.profile)
    theme = make_theme(options.profile, dict(options.style.colours), options.style.title, ink_limit=options.ink_limit)
    document = PdfDocument(PdfSettings(document_title(rules.title or "Rules", options.style), options.paper,
                                       fonts.regular.name, cmyk=press))
    pages = typeset_rules(document.canvas, rules, fonts, options.paper, theme)
    pdf = document.finish()
    if press:
        from .press import finish_for_press  # pikepdf and the checks only for press files

        pdf = finish_for_press(pdf, condition_for(options.output_condition, is_us_paper(options.paper)),
                               options.ink_limit)
    return RulesResult(pdf, pages, rules, contents)


def check_characters(rules: RulesText, fonts: RuleFonts) -> None:
    """Refuse, with its line, the first string the sheet would print wrongly: letters written
    right to left (any font would print them reversed and unjoined), or characters the font
    it is set in has no glyph for (they would print blank)."""
    for text, line, where, font in set_in(rules, fonts):
        problem = unprintable(text, font)
        if problem is not None:
            fix = "write the rules in a left-to-right script" if problem.backwards else \
                "use --font FILE.ttf with a font that has them, or change the text"
            raise CngenError(f"{rules.source}:{line}: {where}: {problem}: {fix}")


def rule_fonts(options: RulesOptions) -> RuleFonts:
    """The bundled family, or the user's one font for every style."""
    if options.font is not None:
        font = load_font(options.font)
        return RuleFonts(regular=font, bold=font, italic=font)
    return RuleFonts(regular=load_font(None, REGULAR), bold=load_font(None, BOLD), italic=load_font(None, ITALIC))


def default_contents() -> KitContents:
    """The kit cngen prints with its defaults."""
    return planned_contents(DeckOptions(), KeyOptions(seed=0), TokenOptions())
