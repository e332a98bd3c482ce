"""What cngen tells the user after a run: summaries, the kit's table, the balance report.

Pure text from results; the commands print it. Counts carry thousands separators and nouns
agree with them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..model.kit import KitContents
from ..model.tiles import counts_per_set
from ..settings.units import format_mm

if TYPE_CHECKING:  # only for the annotations: a command loads the jobs it runs, no others
    from ..jobs.deck import DeckResult
    from ..jobs.keys import KeysResult
    from ..jobs.kit import KitResult
    from ..jobs.rules import RulesResult
    from ..jobs.tokens import TokensResult
    from ..geometry.sheet import SheetPlan
    from ..model.keys import BalanceReport
    from ..output.record import EarlierFiles
    from ..settings.options import CalibrationOptions, SheetOptions


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """'1 card', '2 cards', '1,250 pages'."""
    return f"{count:,} {noun if count == 1 else (nouns or noun + 's')}"


def deck_summary(result: DeckResult, output: Path, sheet: SheetOptions) -> str:
    lines = [
        f"Wrote {output}",
        f"  {plural(result.cards, 'card')}: {result.word_cards:,} with words "
        f"({plural(result.words, 'word')} from {result.source}), {result.blank_cards:,} blank",
        sheets_line(result.plan, result.sheets, result.pages, "card"),
    ]
    if result.dropped:
        lines.append(f"  Left out {plural(result.dropped, 'repeated word')} (--dedupe keeps the first of each).")
    if result.blank_back:
        lines.append("  The word count is odd: the last word card has a blank back to write on.")
    lines.append(f"  To print: {how_to_print(sheet)}")
    return "\n".join(lines)


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


def sheets_line(plan: SheetPlan, sheets: int, pages: int, thing: str) -> str:
    size = f"{format_mm(plan.page_width)} x {format_mm(plan.page_height)} mm"
    return f"  {plural(plan.per_sheet, thing)} per {size} sheet: {plural(sheets, 'sheet')}, {plural(pages, 'page')}"


def keys_summary(result: KeysResult, output: Path, manifest: Path, sheet: SheetOptions) -> str:
    two = result.keys_per_card == 2
    layout = "two per card, opposite starting teams" if two else "one per card, plain backs"
    return "\n".join([
        f"Wrote {output} and {manifest}",
        f"  {plural(len(result.cards), 'key card')}, {plural(len(result.cards) * result.keys_per_card, 'key')} "
        f"({layout}), seed {result.seed}",
        sheets_line(result.plan, result.sheets, result.pages, "card"),
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
        f"  starting team: red {report.red_starts:,}, blue {report.blue_starts:,}",
        "  largest per-cell deviation from the expected count:",
        f"    red {report.red_deviation:.2f}, blue {report.blue_deviation:.2f}, "
        f"bystander {report.bystander_deviation:.2f}, assassin {report.assassin_deviation:.2f}, "
        f"starting team {report.starting_deviation:.2f}, other team {report.other_deviation:.2f}",
        f"  assassins per cell: {report.assassin_min:,} to {report.assassin_max:,}",
        f"  closest two keys under rotation and mirroring: {closest}",
    ])


def tokens_summary(result: TokensResult, output: Path, sheet: SheetOptions) -> str:
    tiles = ", ".join(plural(count * result.sets, name.lower()) for name, count in counts_per_set().items())
    return "\n".join([
        f"Wrote {output}",
        f"  {plural(len(result.tiles), 'tile')} in {plural(result.sets, 'set')}: {tiles}",
        sheets_line(result.plan, result.sheets, result.pages, "tile"),
        f"  To print: {how_to_print(sheet)}",
    ])


def rules_summary(result: RulesResult, output: Path, paper: tuple[float, float]) -> str:
    kept = [section.variant for section in result.rules.sections if section.variant]
    return "\n".join([
        f"Wrote {output}",
        f"  {plural(result.pages, 'page')}, {format_mm(paper[0])} x {format_mm(paper[1])} mm; "
        f"variants: {', '.join(kept) if kept else 'none'}",
        f"  It describes {describe_kit(result.contents)}.",
        "  To print: 100% scale (\"actual size\"), one or both sides.",
    ])


def describe_kit(contents: KitContents) -> str:
    """The kit in one line, as the rules sheet counts it."""
    keys = "double-sided" if contents.keys_per_card == 2 else "single-sided"
    printing = ("for a print shop" if contents.profile == "shop" else
                "folded from one-sided sheets" if contents.sides == "fold" else
                f"printed both sides, flipped on the {contents.sides.split('-')[0]} edge")
    return (f"{plural(contents.word_cards, 'word card')} ({plural(contents.codenames, 'codename')} from "
            f"{contents.deck}), {plural(contents.blank_cards, 'blank card')}, "
            f"{plural(contents.key_cards, f'{keys} key card')}, {plural(contents.tile_sets, 'set')} of tiles, "
            f"{printing}")


def kit_table(result: KitResult, out_dir: Path, sheet: SheetOptions, previews: list[str], reuse: str,
              earlier: EarlierFiles) -> str:
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
    if result.dropped:
        lines.append(f"  Left out {plural(result.dropped, 'repeated word')} (--dedupe keeps the first of each).")
    if previews:
        lines.append(f"  Previews: {', '.join(previews)}")
    if earlier.ours:
        lines.append(f"  Removed from an earlier kit here: {', '.join(path.name for path in earlier.ours)}.")
    if earlier.others:
        lines.append(f"  Left as they were, though not from this kit: {', '.join(path.name for path in earlier.others)}.")
    lines.append(f"  rules.pdf describes {describe_kit(result.contents)}.")
    lines.append(f"  The same kit again: {reuse}.")
    return "\n".join(lines)


def calibration_summary(output: Path, options: CalibrationOptions) -> str:
    edge = options.sides.split("-")[0]
    return "\n".join([
        f"Wrote {output}",
        f"  To print: both sides, flip on {edge} edge, 100% scale, on the paper you print cards on.",
        "  Then hold it to the light, read where each back cross sits on the scales, and pass",
        "  the numbers to every command as --back-offset DX,DY (or back_offset in cngen.yaml).",
    ])


def _count(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"
