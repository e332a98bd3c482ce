"""The rules sheet: the rules text, filled in for the kit it describes, typeset on any paper."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

import msgspec
from msgspec.structs import replace

from ..draw.figure import ExampleArt
from ..draw.rules import RulesDoNotFit, SheetLayout, set_in, sheet_pages, typeset_rules
from ..draw.theme import Theme, make_theme
from ..errors import CngenError, UsageError
from ..games import owners_of_marks
from ..games.game import Game
from ..geometry.rulespage import BODY_SIZES, RulesPage, page_fits, rules_page
from ..geometry.style import BODY
from ..inputs.bundled import ENGLISH
from ..inputs.reader import read_input, source_name
from ..model.capitals import primary
from ..model.counts import CountStyle
from ..model.kit import KitContents
from ..model.ruletext import (
    GameText,
    RulesText,
    completed_from,
    parse_rules,
    select_variants,
    with_typographic_quotes,
)
from ..model.typography import Typography
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.declarations import DEFAULT_TITLE, is_cmyk
from ..settings.options import DeckOptions, KeyOptions, RulesOptions, Style, TokenOptions
from ..typeface.font import FontFamily, register_family
from ..units import format_mm, is_us_paper
from .cards import condition_for, document_title
from .contents import planned_contents
from .language import Language, settle_language, shipped_languages, shipped_name, titled
from .sources import check_title, font_family, load_emblem, unprintable

WHITE = (1.0, 1.0, 1.0)  # the rules sheet's paper, under a photo emblem's clear parts



class RulesResult(msgspec.Struct, frozen=True):
    pdf: bytes
    pages: int
    rules: RulesText
    contents: KitContents
    notes: tuple[str, ...] = ()  # what is printed in English for want of a translation; a sheet over two pages
    body_size: float = BODY  # points: the running text's size


class PreparedSheet(msgspec.Struct, frozen=True):
    """Everything the sheet is set from: the rules text filled in for the kit, its fonts
    (registered), the page, the colours and the example laid out for the page's columns."""

    rules: RulesText
    contents: KitContents
    notes: tuple[str, ...]
    fonts: FontFamily
    page: RulesPage
    theme: Theme
    art: ExampleArt | None
    press: bool


def build_rules(game: Game, options: RulesOptions, language: Language | None = None) -> RulesResult:
    """The game's rules sheet, for the kit ``options.contents`` describes (else the kit cngen
    prints by default); ``language`` is the kit's, settled once (else the options' own)."""
    sheet = prepare_rules(game, options, language)
    rules = sheet.rules
    document = PdfDocument(PdfSettings(document_title(rules.title or "Rules", options.style), options.paper,
                                       sheet.fonts.regular.name, cmyk=sheet.press))
    try:
        layout = typeset_rules(document.canvas, rules, sheet.fonts, sheet.page, sheet.theme, sheet.art)
    except RulesDoNotFit as problem:
        raise too_tall(rules.source, problem, options.paper) from None
    notes = sheet.notes
    if sheet.page.columns > 1 and not layout.fits:
        notes = (*notes, too_long(rules.source, layout.pages))
    pdf = document.finish()
    if sheet.press:
        from .press import finish_for_press  # pikepdf and the checks only for press files

        pdf = finish_for_press(pdf, condition_for(options.output_condition, is_us_paper(options.paper)),
                               options.ink_limit)
    return RulesResult(pdf, layout.pages, rules, sheet.contents, notes, layout.size)


def rules_pages(game: Game, options: RulesOptions, language: Language | None = None) -> SheetLayout:
    """How many pages the sheet ``build_rules`` makes takes, and the body's size it is set at,
    measured without drawing it (its spacing is the tightest, its last page not balanced)."""
    sheet = prepare_rules(game, options, language)
    try:
        return sheet_pages(sheet.rules, sheet.fonts, sheet.page, sheet.theme, sheet.art)
    except RulesDoNotFit as problem:
        raise too_tall(sheet.rules.source, problem, options.paper) from None


def prepare_rules(game: Game, options: RulesOptions, language: Language | None = None) -> PreparedSheet:
    """The sheet's text, fonts, page, colours and example, each checked (``build_rules``)."""
    contents = options.contents
    if contents is not None and contents.tile_kinds != game.tiles:
        raise ValueError("the sheet's game and the kit it describes differ: count the kit's contents for "
                         f"{game.name}")
    if contents is None:
        contents, planned = default_contents(game, options.style)
        language = language or planned
    language = language or settle_language(game, options.style.lang, contents.language, options.style.sharp_s)
    given = bool(options.style.title_from) or options.style.title != DEFAULT_TITLE
    options = replace(options, style=titled(options.style, language))
    if not given and options.style.title and language.game_title.startswith(options.style.title):
        # cngen's own title names the game, as the board's heading does: Codenames Pictures
        options = replace(options, style=replace(options.style, title=language.game_title))
    text = game_text(game)
    shipped = shipped_languages()
    notes: tuple[str, ...] = ()  # what is printed in English for want of a translation
    if options.text is not None:
        rules = read_rules(options.text, contents, text, shipped.count_styles())
    else:
        rules, notes = bundled_rules(game, primary(language.code), contents, text, shipped.count_styles())
    rules = replace(rules, page_label=language.labels.texts["page"])
    if game.variants:  # a game without variants prints every section
        rules = select_variants(rules, options.variants, game.variants)
    fonts = rule_fonts(options, rules.language or language.code)
    title = options.style.title
    typography = shipped.typography(rules.language or language.code)
    if typographic_fonts(fonts, typography):
        rules = with_typographic_quotes(rules, typography)
        title = shipped.typography(language.code).quoted(title) if title else title
    check_deck_name(contents, fonts)
    check_characters(rules, fonts)
    check_title(title, fonts.bold, options.style.title_from)
    check_title(title, fonts.regular, options.style.title_from)  # the footer
    if not page_fits(options.paper):
        raise UsageError(too_small(options.paper))
    page = rules_page(options.paper)
    drawn = rules.example is not None and any(block.kind == "example" for section in rules.sections
                                              for block in section.blocks)
    figure = game.rules_example.lay_out(rules, fonts, page) if drawn else None
    press = is_cmyk(options.profile)
    # The sheet's example shows the cards in full ink, whatever style the cards are printed in.
    theme = make_theme(press, dict(options.style.colours), title, ink_limit=options.ink_limit, ink="full")
    if options.style.emblem is not None:  # the user's, on the white sheet: a photo's clear parts stay white
        condition = condition_for(options.output_condition, is_us_paper(options.paper)) if press else None
        theme = replace(theme, emblem=load_emblem(options.style.emblem, theme, options.ink_limit, fonts.regular.name,
                                                  condition, ground=WHITE))
    art = game.rules_example.art(figure, rules.example, fonts, theme) if drawn else None
    register_family(fonts)
    return PreparedSheet(rules, contents, notes, fonts, page, theme, art, press)


def check_deck_name(contents: KitContents, fonts: FontFamily) -> None:
    """The sheet says the name a deck file gives itself: a character the font lacks is that
    file's to change, not the rules text's."""
    problem = unprintable(contents.deck, fonts.regular) if contents.named_by else None
    if problem is not None:
        raise CngenError(f"{contents.named_by}: name: {problem}, and the rules sheet prints the deck's name: "
                         "change the name, or give the rules sheet a --font that has them")


def game_text(game: Game) -> GameText:
    """What the game brings to reading a rules text: its example, its variants, and what marks
    another game's text."""
    return GameText(game.rules_example, game.variants, owners_of_marks(game))


def read_rules(path: Path, contents: KitContents, text: GameText, styles: Mapping[str, CountStyle]) -> RulesText:
    return parse_rules(read_input(path, "rules text"), source_name(path), contents, text, styles)


def bundled_rules(game: Game, code: str, contents: KitContents, text: GameText,
                  styles: Mapping[str, CountStyle]) -> tuple[RulesText, tuple[str, ...]]:
    """The game's rules in ``code``, with English's sections for any the translation lacks,
    and notes on what is in English; English's own when cngen has no translation."""
    english = read_rules(game.rules_text(ENGLISH), contents, text, styles)
    path = game.rules_text(code)
    if code == ENGLISH or not path.is_file():
        untranslated = f"cngen has no rules in '{code}': the rules sheet is in English (--text prints a translation of yours)"
        return english, () if code == ENGLISH else (untranslated,)
    rules, missing = completed_from(read_rules(path, contents, text, styles), english)
    return rules, tuple(f"{shipped_name(path)} has no '{name}': printed in English" for name in missing)


def too_tall(source: str, problem: RulesDoNotFit, page: tuple[float, float]) -> CngenError:
    """Part of the sheet is taller than a column: a table's row, which the message places in
    the rules text, or else the drawn example, which needs larger paper."""
    place = problem.place
    if place is None or place.kind != "table":
        return UsageError(too_small(page, tall=True))
    return CngenError(f"{source}:{place.line}: {place.where}: a row of this table is taller than a column of a "
                      f"{format_mm(page[0])} x {format_mm(page[1])} mm page: shorten its cells, or choose larger paper")


def too_long(source: str, pages: int) -> str:
    """A sheet in two columns that takes more than one sheet of paper, even set smaller."""
    return (f"{source}: the rules sheet takes {pages} pages: its text is too long for two even at "
            f"{BODY_SIZES[-1]:g} pt; print it as it is, or give a shorter text with --text")


def too_small(page: tuple[float, float], tall: bool = False) -> str:
    size = f"a {format_mm(page[0])} x {format_mm(page[1])} mm page"
    advice = "choose --paper a5 or larger (a5 sets one column; a4 or letter print two columns on two pages)"
    if tall:
        return f"{size} is too small for part of the rules text (a table row or the example): {advice}"
    return f"{size} is too small for the rules sheet's two columns, or for one: {advice}"


def typographic_fonts(fonts: FontFamily, typography: Typography) -> bool:
    """Whether every font of the sheet has the language's quotes and the apostrophe (a user's
    font may not)."""
    return not any(font.missing_characters(typography.marks) for font in (fonts.regular, fonts.bold, fonts.slanted))


def check_characters(rules: RulesText, fonts: FontFamily) -> None:
    """Refuse, with its line, the first string the sheet would print wrongly: letters written
    right to left (any font would print them reversed and unjoined), or characters the font
    it is set in has no glyph for (they would print blank)."""
    for text, line, where, font in set_in(rules, fonts):
        problem = unprintable(text, font)
        if problem is not None:
            fix = "write the rules in a left-to-right script" if problem.backwards else \
                "use --font FILE.ttf with a font that has them, or change the text"
            raise CngenError(f"{rules.source}:{line}: {where}: {problem}: {fix}")


def rule_fonts(options: RulesOptions, lang: str | None = None) -> FontFamily:
    """The bundled family (``lang``'s own, where its folder names one), or the user's one font
    for every style."""
    return font_family(options.font, lang)


def default_contents(game: Game, style: Style = Style()) -> tuple[KitContents, Language]:
    """The kit cngen prints of ``game`` with its defaults, in ``style``'s language, and that
    language."""
    return planned_contents(game, DeckOptions(style=style), KeyOptions(seed=0, count=game.default_key_cards),
                            TokenOptions())
