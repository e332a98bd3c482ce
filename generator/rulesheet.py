"""The rules sheet job: the rules text, typeset on A4 or Letter.

Everything ``cngen rules`` does can be done from Python with ``build_rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .draw.rules import RuleFonts, typeset_rules
from .pdf import Document, render
from .resources import font_path, rules_path
from .ruletext import VARIANTS, RulesText, read_rules, select_variants
from .sheets import SheetOptions
from .typeface import load_font


@dataclass(frozen=True)
class RulesOptions:
    text: Path | None = None  # None prints the bundled English rules
    variants: tuple[str, ...] = VARIANTS
    sheet: SheetOptions = SheetOptions()


@dataclass(frozen=True)
class RulesResult:
    pdf: bytes
    pages: int
    rules: RulesText
    document: Document


def build_rules(options: RulesOptions) -> RulesResult:
    rules = select_variants(read_rules(options.text or rules_path()), options.variants)
    fonts = RuleFonts(
        regular=load_font(font_path("FiraSans-Regular.ttf")),
        bold=load_font(font_path("FiraSans-Bold.ttf")),
        italic=load_font(font_path("FiraSans-Italic.ttf")),
    )
    pages: list[int] = []
    sheet = options.sheet
    document = Document(
        rules.title, sheet.paper, None, sheet.profile, fonts.regular,
        lambda canvas: pages.append(typeset_rules(canvas, rules, fonts, sheet.paper, sheet.theme)),
    )
    pdf = render(document)
    return RulesResult(pdf, pages[0], rules, document)
