"""What cngen tells the user after a run: summaries, the kit's table, the balance report.

Pure text from results; the commands print it. Counts carry thousands separators and nouns
agree with them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..games import DEFAULT_GAME
from ..games.game import Game
from ..model.kit import KitContents
from ..units import format_mm, paper_title, plural

if TYPE_CHECKING:  # only for the annotations: a command loads the jobs it runs, no others
    from ..geometry.sheet import SheetPlan
    from ..jobs.box import BoxResult
    from ..jobs.codenames import DeckResult
    from ..jobs.keys import KeysResult
    from ..jobs.kit import KitResult
    from ..jobs.rules import RulesResult
    from ..jobs.stand import StandResult
    from ..jobs.tokens import TokensResult
    from ..output.record import EarlierFiles
    from ..preflight import Report
    from ..settings.options import CalibrationOptions, KeyOptions, SheetOptions


def deck_summary(result: DeckResult, output: Path, sheet: SheetOptions, folder: Path | None = None) -> str:
    lines = [
        _wrote(output, folder=folder),
        f"  {plural(result.cards, 'card')}: {result.word_cards:,} with {result.kind.noun}s "
        f"({plural(result.words, result.kind.noun)} from {result.source}), {result.blank_cards:,} blank",
        sheets_line(result.plan, result.sheets, result.pages, "card"),
    ]
    if result.categories:
        counted = ", ".join(f"{name or '(none)'} {count:,}" for name, count in result.categories)
        lines.append(f"  Words by category: {counted}")
    if result.copies:
        lines.append(f"  {plural(result.copies, 'further copy', 'further copies')} of words the copies column "
                     "asks for, each set after the first printed as a deck of its own")
    if result.dropped:
        lines.append(f"  Left out {plural(result.dropped, 'repeated word')} (--dedupe keeps the first of each).")
    if result.blank_back:
        noun = result.kind.noun
        lines.append(f"  The {noun} count is odd: the last {noun} card has a blank back to {result.kind.blank_side} on.")
    lines.append(f"  To print: {how_to_print(sheet, sheets=result.sheets)}")
    return "\n".join(lines)


def _wrote(*paths: Path, folder: Path | None = None) -> str:
    written = " and ".join(str(path) for path in paths)
    return f"Wrote {written}" + (f", and the images to upload in {folder}/" if folder else "")


def how_to_print(sheet: SheetOptions, short: bool = False, sheets: int = 0) -> str:
    if sheet.profile == "shop":
        return _shop_advice(sheet, short, sheets)
    if sheet.profile == "pod":
        from ..geometry.services import SERVICES

        service = SERVICES[sheet.service] if sheet.service else None
        name = service.name if service and service.key != "generic" else "a print-on-demand service"
        if service and service.images:  # the service takes pictures, and converts their RGB itself
            if short:
                return f"upload the PNG images to {name}: one a face, {service.dpi} dpi"
            return (f"upload the PNG images to {name}: one a card face at trim plus bleed, {service.dpi} dpi, "
                    "RGB (the service converts the colours, prints and cuts). The PDF beside them holds the same "
                    "faces as CMYK PDF/X-1a.")
        if short:
            return f"upload to {name}: one face a page, PDF/X-1a"
        return (f"upload to {name}: one face a page at trim plus bleed, CMYK PDF/X-1a "
                "(the service prints and cuts).")
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


def _shop_advice(sheet: SheetOptions, short: bool, sheets: int) -> str:
    """What to order at the copy shop: how many sheets of which paper, and how to turn them."""
    paper = paper_title(sheet.paper)
    edge = "long" if sheet.sides == "long-edge" else "short"
    if short:
        return f"copy shop: {paper}, both sides, turn on the {edge} edge"
    count = f"{plural(sheets, 'sheet')} of " if sheets else ""
    return (f"at a copy shop, order {count}{paper} card stock printed on both sides, turned over on the "
            f"{edge} edge, and cut along the crop marks. CMYK PDF/X-1a.")


def sheets_line(plan: SheetPlan, sheets: int, pages: int, thing: str) -> str:
    size = f"{format_mm(plan.page_width)} x {format_mm(plan.page_height)} mm"
    if plan.press and not plan.slug:  # a print-on-demand page: one face
        return f"  one face a page of {size} (trim plus bleed): {plural(pages, 'page')}"
    return f"  {plural(plan.per_sheet, thing)} per {size} sheet: {plural(sheets, 'sheet')}, {plural(pages, 'page')}"


def table_again(game: Game) -> str:
    """The options that seat the game at its table again ("--teams 4 --grid 7x7 --assassins 1 "),
    none at its own table."""
    at = game.table
    if at is None or game.at_own_table:
        return ""
    return f"--teams {at.teams} --grid {at.rows}x{at.columns} --assassins {at.assassins} "


def keys_summary(game: Game, result: KeysResult, output: Path, manifest: Path, options: KeyOptions,
                 folder: Path | None = None) -> str:
    held, advice = game.key_cards.described(result.cards, options.single_sided)
    again = ("" if game.name == DEFAULT_GAME else f"--game {game.name} ") + table_again(game)
    return "\n".join([
        _wrote(output, manifest, folder=folder),
        f"  {held}, seed {result.seed}",
        sheets_line(result.plan, result.sheets, result.pages, "card"),
        f"  To print: {how_to_print(options.sheet, sheets=result.sheets)}",
        *(f"  {line}" for line in advice),
        f"  The same deck again: {again}--seed {result.seed} with the same --count.",
    ])


def tokens_summary(game: Game, result: TokensResult, output: Path, sheet: SheetOptions,
                   folder: Path | None = None) -> str:
    tiles = ", ".join(plural(count * result.sets, noun) for noun, count in game.tiles_per_set().items())
    return "\n".join([
        _wrote(output, folder=folder),
        f"  {plural(len(result.tiles), 'tile')} in {plural(result.sets, 'set')}: {tiles}",
        sheets_line(result.plan, result.sheets, result.pages, "tile"),
        f"  To print: {how_to_print(sheet, sheets=result.sheets)}",
    ])


def rules_summary(game: Game, result: RulesResult, output: Path, paper: tuple[float, float],
                  profile: str = "home") -> str:
    kept = [section.variant for section in result.rules.sections if section.variant]
    which = f"variants: {', '.join(kept) if kept else 'none'}" if game.variants else f"the rules of {game.title}"
    return "\n".join([
        f"Wrote {output}",
        f"  {plural(result.pages, 'page')}, {format_mm(paper[0])} x {format_mm(paper[1])} mm; {which}",
        f"  It describes {describe_kit(game, result.contents)}.",
        "  To print: 100% scale (\"actual size\"), one or both sides." if profile == "home" else
        "  To print: one or both sides, at a press: the file is CMYK PDF/X-1a.",
    ])


def describe_kit(game: Game, contents: KitContents) -> str:
    """The kit in one line, as the rules sheet counts it."""
    keys = game.in_sentence or ("double-sided" if contents.keys_per_card == 2 else "single-sided")
    tiles = f"{game.in_sentence} tiles".lstrip()
    printing = ("on a copy shop's press sheets" if contents.profile == "shop" else
                "for a print-on-demand service" if contents.profile == "pod" else
                "folded from one-sided sheets" if contents.sides == "fold" else
                f"printed both sides, flipped on the {contents.sides.split('-')[0]} edge")
    cards, faces = game.grid.cards.card_in_kit, game.grid.cards.shown
    return (f"{plural(contents.word_cards, cards)} ({plural(contents.codenames, faces)} from "
            f"{contents.source or contents.deck}), {plural(contents.blank_cards, 'blank card')}, "
            f"{plural(contents.key_cards, f'{keys} key card')}, {plural(contents.tile_sets, 'set')} of {tiles}, "
            f"{printing}")


def kit_table(game: Game, result: KitResult, out_dir: Path, sheet: SheetOptions, previews: list[str], reuse: str,
              earlier: EarlierFiles, rules_paper: tuple[float, float] = (0.0, 0.0)) -> str:
    rows = [("file", "pages", "sheets", "how to print")]
    for part in result.parts:
        if part.name == "keys.json":
            advice = f"not printed: every key, cell by cell (seed {result.seed})"
        elif part.name == "kit.pdf":
            advice = "everything above in one file, for a single upload"
        elif part.paper is not None:
            advice = net_advice(sheet, part.paper, short=True)
        elif not part.duplex and sheet.profile != "home":
            advice = f"{paper_title(rules_paper)}, one or both sides, PDF/X-1a"
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
    lines += _kit_in_all(result, out_dir, sheet)
    if result.dropped:
        lines.append(f"  Left out {plural(result.dropped, 'repeated word')} (--dedupe keeps the first of each).")
    if previews:
        lines.append(f"  Previews: {', '.join(previews)}")
    if earlier.ours:
        lines.append(f"  Removed from an earlier kit here: {', '.join(path.name for path in earlier.ours)}.")
    if earlier.others:
        lines.append(f"  Left as they were, though not from this kit: {', '.join(path.name for path in earlier.others)}.")
    lines.append(f"  rules.pdf describes {describe_kit(game, result.contents)}.")
    lines.append(f"  The same kit again: {reuse}")
    return "\n".join(lines)


def _kit_in_all(result: KitResult, out_dir: Path, sheet: SheetOptions) -> list[str]:
    """What a copy shop or a service is given for the whole kit: the press sheets to order in
    all, or the folders of images to upload."""
    if sheet.profile == "shop":
        cards = [part for part in result.parts if part.duplex and part.sheets and part.paper is None]
        total = sum(part.sheets or 0 for part in cards)
        each = ", ".join(f"{part.name} {part.sheets}" for part in cards)
        return [f"  In all, for the cards ({each}): {how_to_print(sheet, sheets=total)}"]
    if sheet.profile == "pod" and sheet.service and any(part.images for part in result.parts):
        from .outputs import image_folder

        folders = [f"{image_folder(out_dir / part.name, sheet.service)}/ ({len(part.images):,} images)"
                   for part in result.parts if part.images]
        return [f"  To upload: {', '.join(folders)}"]
    if sheet.profile == "pod":
        files = [part.name for part in result.parts if part.duplex and part.pages]
        return [f"  To upload: {', '.join(files)} from {out_dir}/, one card face a page"]
    return []


def record_notes(record: Path, earlier: EarlierFiles, command: str) -> tuple[str, ...]:
    """What a folder's record held that the run did not act on: a link in its place, names of
    files the command never writes there (a path, a way up, another file's name)."""
    from ..errors import first_few, quoted

    if earlier.linked:
        return (f"{record} is a link, not the record {command} keeps there: nothing was removed by it, "
                "and the link was replaced by this run's record",)
    if not earlier.ignored:
        return ()
    names = first_few(earlier.ignored, 5, lambda name: quoted(name, 100))
    which = "which is not a file" if len(earlier.ignored) == 1 else "which are not files"
    return (f"{record} lists {names}, {which} {command} writes in {record.parent}: ignored, and left as "
            f"{'it is' if len(earlier.ignored) == 1 else 'they are'}",)


def box_summary(result: BoxResult, output: Path, sheet: SheetOptions) -> str:
    lines = [f"Wrote {output}"]
    for made in result.boxes:
        width, height, depth = (format_mm(length) for length in made.inside)
        card = f"{format_mm(made.card_size[0])} x {format_mm(made.card_size[1])} mm"
        joined = "one sheet" if made.pieces == 1 else f"{made.pieces} sheets joined by a glue tab"
        lines.append(f"  a box for {plural(made.cards, made.what.removesuffix('s'))} of {card}: inside {width} x "
                     f"{height} x {depth} mm, on {joined} ({_pages(made.pages)})")
    lines.append(f"  To print: {net_advice(sheet, result.paper)}")
    return "\n".join(lines)


def stand_summary(result: StandResult, output: Path, sheet: SheetOptions) -> str:
    plan = result.plan
    card = f"{format_mm(plan.card[0])} x {format_mm(plan.card[1])} mm"
    return "\n".join([
        f"Wrote {output}",
        f"  a stand for a {card} key card: base {format_mm(plan.base)} mm, ridge {format_mm(plan.height)} mm "
        f"(it hides the card's lowest {format_mm(plan.hidden)} mm, below every cell)",
        f"  the card leans {plan.lean:.1f}° at most, and the stand tips only past {plan.tipping:.1f}°",
        f"  To print: {net_advice(sheet, result.paper)} Then slide the card down through both slots.",
    ])


def net_advice(sheet: SheetOptions, paper: tuple[float, float], short: bool = False) -> str:
    """How to print a net to cut and fold: one side, on card stock."""
    if sheet.profile == "pod":
        return "one net a page, CMYK PDF/X-1a" if short else \
            "one net a page at its size plus bleed, CMYK PDF/X-1a, printed one side on card stock."
    if sheet.profile == "shop":
        if short:
            return f"{paper_title(paper)} card stock, one side, PDF/X-1a"
        return (f"at a copy shop, {paper_title(paper)} card stock printed on one side (CMYK PDF/X-1a); then cut "
                "along the solid lines, fold along the dashed ones and glue the grey areas.")
    if short:
        return "one side on card stock, 100% scale; cut, fold, glue"
    return ("one side, on card stock, 100% scale (\"actual size\"); cut along the solid lines, fold along the "
            "dashed ones, glue the grey areas.")


def _pages(pages: tuple[int, ...]) -> str:
    numbers = [str(page) for page in pages]
    return f"page {numbers[0]}" if len(numbers) == 1 else f"pages {', '.join(numbers[:-1])} and {numbers[-1]}"


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


# After a report of a file that never claimed PDF/X: the rules were a shop's, not the file's.
# (Keyed by preflight.report's file kinds, by value: the preflight loads pikepdf, and only the
# preflight command may pay for it.)
NOT_FOR_PRESS = {
    "cngen home": ("  This is a cngen file for home printers: they print RGB, and so these files are RGB and not "
                "PDF/X by design.\n  For a print shop, make it again with --profile shop (CMYK PDF/X-1a, which "
                "passes these rules); for a print-on-demand service, with --profile pod --service NAME."),
    "other": ("  This file does not claim to be PDF/X, so a print shop would ask for another: export it as "
                 "PDF/X-1a, or with cngen, make it with --profile shop."),
}


def preflight_table(path: Path, report: Report) -> str:
    """One row a rule: its name, pass or FAIL, and where it fails."""
    width = max(len(finding.rule) for finding in report.findings)
    verdict = "passes every rule" if report.ok else "FAILS"
    lines = [f"{path}: {verdict}"]
    for finding in report.findings:
        where = "; ".join(finding.where)
        lines.append(f"  {finding.rule:<{width}}  {'pass' if finding.ok else 'FAIL'}  {where}".rstrip())
    if not report.ok and report.kind in NOT_FOR_PRESS:
        lines.append(NOT_FOR_PRESS[report.kind])
    return "\n".join(lines)
