"""What cngen tells the user after a run: summaries, the kit's table, the balance report.

Pure text from results; the CLI prints it.
"""

from __future__ import annotations

from pathlib import Path

from .deck import DeckResult
from .keydeck import KeysResult
from .keys import BalanceReport
from .kit import KitResult
from .layout import SheetPlan
from .sheets import SheetOptions
from .tokendeck import TokensResult
from .tokens import counts_per_set
from .units import format_mm


def deck_summary(result: DeckResult, output: Path, sheet: SheetOptions) -> str:
    plan = result.plan
    word_cards = result.cards - result.blank_cards
    lines = [
        f"Wrote {output}",
        f"  {result.cards} cards: {word_cards} with words ({result.words} words from {result.source}), "
        f"{result.blank_cards} blank",
        sheets_line(plan, result.sheets, result.pages, "cards"),
    ]
    if result.blank_back:
        lines.append("  The word count is odd: the last word card has a blank back to write on.")
    lines.append(f"  To print: {how_to_print(sheet)}")
    return "\n".join(lines)


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def how_to_print(sheet: SheetOptions, short: bool = False) -> str:
    if sheet.profile == "shop":
        if short:
            return f"print shop: a card a page, {format_mm(sheet.bleed)} mm bleed, CMYK"
        return (f"send it to a print shop: one card per page, front then back, trim box = card, "
                f"{format_mm(sheet.bleed)} mm bleed, CMYK.")
    if sheet.sides == "fold":
        if short:
            return "one side, 100% scale; fold, glue, cut"
        return ("one side only, 100% scale (\"actual size\"); fold each sheet on the dashed line, "
                "glue, then cut along the marks.")
    edge = "long" if sheet.sides == "long-edge" else "short"
    if short:
        return f"both sides, flip on {edge} edge, 100% scale"
    return (
        f"both sides, flip on {edge} edge, 100% scale (\"actual size\", never \"fit to page\"), "
        "then cut along the marks."
    )


def sheets_line(plan: SheetPlan, sheets: int, pages: int, things: str) -> str:
    size = f"{format_mm(plan.page_width)} x {format_mm(plan.page_height)} mm"
    return f"  {plan.per_sheet} {things} per {size} sheet: {plural(sheets, 'sheet')}, {plural(pages, 'page')}"


def keys_summary(result: KeysResult, output: Path, manifest: Path, sheet: SheetOptions) -> str:
    imposed, plan = result.imposed, result.imposed.plan
    keys_per_card = len(result.cards[0].faces)
    layout = "two per card, opposite starting teams" if keys_per_card == 2 else "one per card, plain backs"
    return "\n".join([
        f"Wrote {output} and {manifest}",
        f"  {plural(len(result.cards), 'key card')}, {plural(len(result.cards) * keys_per_card, 'key')} "
        f"({layout}), seed {result.seed}",
        sheets_line(plan, imposed.sheets, imposed.pages, "cards"),
        f"  To print: {how_to_print(sheet)}",
        f"  The same deck again: --seed {result.seed} with the same --count.",
    ])


def balance_text(report: BalanceReport) -> str:
    closest = (
        f"{report.min_distance} cells ({plural(report.pairs_at_min_distance, 'pair')} at that distance)"
        if report.min_distance is not None else "n/a (one key)"
    )
    return "\n".join([
        f"Balance of {plural(report.key_count, 'key')}:",
        f"  starting team: red {report.red_starts}, blue {report.blue_starts}",
        "  largest per-cell deviation from the expected count:",
        f"    red {report.red_deviation:.2f}, blue {report.blue_deviation:.2f}, "
        f"bystander {report.bystander_deviation:.2f}, assassin {report.assassin_deviation:.2f}, "
        f"starting team {report.starting_deviation:.2f}, other team {report.other_deviation:.2f}",
        f"  assassins per cell: {report.assassin_min} to {report.assassin_max}",
        f"  closest two keys under rotation and mirroring: {closest}",
    ])


def tokens_summary(result: TokensResult, sets: int, output: Path, sheet: SheetOptions) -> str:
    imposed = result.imposed
    tiles = ", ".join(plural(count * sets, name.lower()) for name, count in counts_per_set().items())
    return "\n".join([
        f"Wrote {output}",
        f"  {plural(len(result.tokens), 'tile')} in {plural(sets, 'set')}: {tiles}",
        sheets_line(imposed.plan, imposed.sheets, imposed.pages, "tiles"),
        f"  To print: {how_to_print(sheet)}",
    ])


def kit_table(result: KitResult, out_dir: Path, sheet: SheetOptions, previews: list[str]) -> str:
    rows = [("file", "pages", "sheets", "how to print")]
    for part in result.parts:
        if part.name == "keys.json":
            advice = f"not printed: every key, cell by cell (seed {result.seed})"
        elif part.name == "kit.pdf":
            advice = "everything above in one file, for a single upload"
        elif not part.duplex:
            advice = "one or both sides, 100% scale"
        else:
            advice = how_to_print(sheet, short=True)
        rows.append((part.name, _count(part.pages), _count(part.sheets), advice))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [f"Wrote the kit to {out_dir}/"] + [
        f"  {name:<{widths[0]}}  {pages:>{widths[1]}}  {sheets:>{widths[2]}}  {advice}"
        for name, pages, sheets, advice in rows
    ]
    if previews:
        lines.append(f"  Previews: {', '.join(previews)}")
    lines.append(f"  The same keys again: --keys-seed {result.seed}.")
    return "\n".join(lines)


def _count(value: int | None) -> str:
    return "-" if value is None else str(value)
