"""The rules sheet: the rules text, filled in for the kit it describes, typeset on any paper."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from ..draw.rules import RulesDoNotFit, set_in, typeset_rules
from ..draw.theme import make_theme
from ..errors import CngenError, UsageError
from ..geometry.duetexample import DuetExampleLayout, duet_example_layout
from ..geometry.rulesexample import MIN_WORD_SIZE, ExampleLayout, example_layout
from ..geometry.rulespage import RulesPage, page_fits, rules_page
from ..typeface.font import FontFamily, register_family
from ..inputs.bundled import BOLD, ENGLISH, ITALIC, REGULAR, rules_path
from ..inputs.reader import read_input, source_name
from ..model.capitals import primary
from ..model.duet import DEFAULT_DUET_CARDS
from ..model.kit import KitContents
from ..model.ruletext import DuetExample, Example, RulesText, completed_from, parse_rules, select_variants, typographic, with_typographic_quotes
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.declarations import is_cmyk
from ..settings.options import DeckOptions, KeyOptions, RulesOptions, Style, TokenOptions
from ..units import format_mm, is_us_paper
from .cards import condition_for, document_title
from .contents import planned_contents
from .language import kit_language
from .sources import check_title, load_font, unprintable

QUOTES = "\u2018\u2019\u201c\u201d"  # what straight quotes become on the sheet


@dataclass(frozen=True)
class RulesResult:
    pdf: bytes
    pages: int
    rules: RulesText
    contents: KitContents
    notes: tuple[str, ...] = ()  # what is printed in English for want of a translation


def build_rules(options: RulesOptions) -> RulesResult:
    """The rules sheet: the classic game's, or Duet's for ``options.duet`` or a Duet kit."""
    duet = options.duet
    if options.contents is not None and options.contents.duet != duet:
        raise ValueError("the sheet's game and the kit it describes differ: set duet on both, or on neither")
    contents = options.contents or default_contents(duet, options.style)
    language = kit_language(options.style.lang, contents.language, options.style.sharp_s)
    if options.text is not None:
        rules, notes = _read_rules(options.text, contents, duet), ()
    else:
        rules, notes = bundled_rules(primary(language.code), contents, duet)
    rules = replace(rules, page_label=language.labels.texts["page"])
    if not duet:  # the variants change the classic game only
        rules = select_variants(rules, options.variants)
    fonts = rule_fonts(options)
    title = options.style.title
    if typographic_fonts(fonts):
        rules = with_typographic_quotes(rules)
        title = typographic(title) if title else title
    check_characters(rules, fonts)
    check_title(title, fonts.bold)
    check_title(title, fonts.regular)  # the footer
    if not page_fits(options.paper):
        raise UsageError(too_small(options.paper))
    page = rules_page(options.paper)
    example = lay_out_example(rules, fonts, page)
    press = is_cmyk(options.profile)
    # The sheet's example shows the cards in full ink, whatever style the cards are printed in.
    theme = make_theme(press, dict(options.style.colours), title, ink_limit=options.ink_limit, ink="full")
    document = PdfDocument(PdfSettings(document_title(rules.title or "Rules", options.style), options.paper,
                                       fonts.regular.name, cmyk=press))
    register_family(fonts)
    try:
        pages = typeset_rules(document.canvas, rules, fonts, page, theme, example)
    except RulesDoNotFit:
        raise UsageError(too_small(options.paper, tall=True)) from None
    pdf = document.finish()
    if press:
        from .press import finish_for_press  # pikepdf and the checks only for press files

        pdf = finish_for_press(pdf, condition_for(options.output_condition, is_us_paper(options.paper)),
                               options.ink_limit)
    return RulesResult(pdf, pages, rules, contents, notes)


def _read_rules(path: Path, contents: KitContents, duet: bool) -> RulesText:
    return parse_rules(read_input(path, "rules text"), source_name(path), contents, duet=duet)


def bundled_rules(code: str, contents: KitContents, duet: bool) -> tuple[RulesText, tuple[str, ...]]:
    """cngen's rules in ``code``, with English's sections for any the translation lacks, and
    notes on what is in English; English's own when cngen has no translation."""
    english = _read_rules(rules_path(ENGLISH, duet), contents, duet)  # type: ignore[arg-type]
    path = rules_path(code, duet) if code != ENGLISH else None
    if path is None:
        untranslated = f"cngen has no rules in '{code}': the rules sheet is in English (--text prints a translation of yours)"
        return english, () if code == ENGLISH else (untranslated,)
    rules, missing = completed_from(_read_rules(path, contents, duet), english)
    return rules, tuple(f"{path.name} has no '{name}': printed in English" for name in missing)


def too_small(page: tuple[float, float], tall: bool = False) -> str:
    size = f"a {format_mm(page[0])} x {format_mm(page[1])} mm page"
    advice = "choose --paper a5 or larger (a5 sets one column; a4 or letter print two columns on two pages)"
    if tall:
        return f"{size} is too small for part of the rules text (a table row or the example): {advice}"
    return f"{size} is too small for the rules sheet's two columns, or for one: {advice}"


def lay_out_example(rules: RulesText, fonts: FontFamily, page: RulesPage) -> ExampleLayout | DuetExampleLayout | None:
    """The example laid out for the page's columns, if a block draws it. A word, clue or
    caption that does not fit its room at the smallest size is refused with its line."""
    drawn = any(block.kind == "example" for section in rules.sections for block in section.blocks)
    example = rules.example
    if example is None or not drawn:
        return None
    if isinstance(example, DuetExample):
        return lay_out_duet_example(rules, example, fonts, page)
    layout = example_layout(
        page.column_width, example.words, fonts.bold,
        clue=example.clue.plain if example.clue is not None else None,
        clue_caption=example.clue_caption.plain if example.clue_caption is not None else None,
        grid_caption=example.grid_caption.plain if example.grid_caption is not None else None,
        caption_font=fonts.italic)
    paper = _on_paper(page)
    _refuse_unfitting_words(rules, example, layout.unfitting, "grid", paper)
    texts = {"clue": (example.clue, "its speech bubble", "a shorter clue"),
             "clue caption": (example.clue_caption, "the room beside the key card", "a shorter caption"),
             "grid caption": (example.grid_caption, "two lines under the grid", "a shorter caption")}
    for name in layout.overflowing:
        text, room, fix = texts[name]
        raise CngenError(f"{rules.source}:{text.line}: {text.where}: '{text.plain}' does not fit {room} "
                         f"at {MIN_WORD_SIZE:g} pt {paper}: write {fix} or choose larger paper")
    return layout


def lay_out_duet_example(rules: RulesText, example: DuetExample, fonts: FontFamily,
                         page: RulesPage) -> DuetExampleLayout:
    """The Duet example laid out for the page's columns; a word or caption that does not fit
    its room at the smallest size is refused with its line."""
    captions = {name: text.plain for name, text in example.captions}
    layout = duet_example_layout(page.column_width, example.words, fonts.bold, captions=captions,
                                 caption_font=fonts.italic)
    paper = _on_paper(page)
    _refuse_unfitting_words(rules, example, layout.unfitting, "table", paper)
    rooms = {"a": "the room under side A", "b": "the room under side B", "a-seat": "one line under the table",
             "b-seat": "one line above the table", "grid": "three lines under the table"}
    for name in layout.overflowing:
        text = example.caption(name)
        raise CngenError(f"{rules.source}:{text.line}: {text.where}: '{text.plain}' does not fit {rooms[name]} "
                         f"at {MIN_WORD_SIZE:g} pt {paper}: write a shorter caption or choose larger paper")
    return layout


def _on_paper(page: RulesPage) -> str:
    return f"on a {format_mm(page.width)} x {format_mm(page.height)} mm page"


def _refuse_unfitting_words(rules: RulesText, example: Example | DuetExample, unfitting: Sequence[int],
                            where: str, paper: str) -> None:
    """Stop at the first of the example's words that does not fit its cell, with its line."""
    for index in unfitting:
        word = example.words[index]
        line = example.lines[index] if index < len(example.lines) else 0
        raise CngenError(f"{rules.source}:{line}: example, word {index + 1}: '{word}' does not fit its cell "
                         f"of the example's {where} at {MIN_WORD_SIZE:g} pt {paper}: choose a shorter word or "
                         "larger paper")


def typographic_fonts(fonts: FontFamily) -> bool:
    """Whether every font of the sheet has the typographic quotes (a user's font may not)."""
    return not any(font.missing_characters(QUOTES) for font in (fonts.regular, fonts.bold, fonts.italic))


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


def rule_fonts(options: RulesOptions) -> FontFamily:
    """The bundled family, or the user's one font for every style."""
    if options.font is not None:
        font = load_font(options.font)
        return FontFamily(regular=font, bold=font, italic=font)
    return FontFamily(regular=load_font(None, REGULAR), bold=load_font(None, BOLD), italic=load_font(None, ITALIC))


def default_contents(duet: bool = False, style: Style = Style()) -> KitContents:
    """The kit cngen prints with its defaults (Duet's with ``duet``), in ``style``'s language."""
    deck = DeckOptions(style=style)
    if duet:
        return planned_contents(deck, KeyOptions(seed=0, count=DEFAULT_DUET_CARDS, duet=True), TokenOptions(duet=True))
    return planned_contents(deck, KeyOptions(seed=0), TokenOptions())
