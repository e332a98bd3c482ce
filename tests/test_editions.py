"""Editions of your own (``--edition FILE.yaml``): the file read and checked, its values as
settings, its names and lines printed on the right tiles in the kit's language, a user's
emblem in place of the keyhole, and the two examples cngen ships."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from test_tokens_pdf import read_tiles

from generator.cards import WORD_CARDS
from generator.errors import CngenError, UsageError
from generator.games import GAMES
from generator.inputs.bundled import edition_paths
from generator.jobs.cards import card_printing, card_theme, print_cards
from generator.jobs.codenames import draw_codenames, read_entries
from generator.jobs.rules import build_rules
from generator.jobs.sources import load_font
from generator.jobs.tokens import build_tokens
from generator.model.tiles import TileText, covered
from generator.settings.edition import example_edition_text, load_edition
from generator.settings.options import DeckOptions, RulesOptions, Style, TokenOptions

CAKE = Path(__file__).resolve().parent.parent / "editions" / "party" / "cake.svg"


def write(folder: Path, text: str, name: str = "party.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- Reading the file ------------------------------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ("title: Ana\ntitel: x\n", "party.yaml:2: top level: unknown key 'titel': did you mean 'title'?"),
    ("colours:\n  rd: '#FF0000'\n", "party.yaml:2: colours: unknown key 'rd': did you mean 'red'?"),
    ("tiles:\n  asassin:\n    name: X\n", "party.yaml:2: tiles: unknown key 'asassin': did you mean 'assassin'?"),
    ("tiles:\n  red agent:\n    - name: A\n      lien: b\n",
     "party.yaml:4: tiles: red agent, character 1: unknown key 'lien': did you mean 'line'?"),
    ("title: [a, b]\n", "party.yaml:1: title: this must be one line of text"),
    ("colours:\n  red: '#FF00'\n", "party.yaml:2: colours: red: '#FF00' is not a colour"),
    ("game: clasic\n", "party.yaml:1: game: this must be one of classic, duet, pictures"),
    ("tiles:\n  assassin:\n    - name: A\n    - name: B\n",
     "party.yaml:2: tiles: assassin: 2 characters are too many: a set holds at most 1 assassin tile"),
    ("tiles:\n  assassin:\n    name:\n", "party.yaml:3: tiles: assassin: name: this is empty"),
    ("tiles:\n  assassin: {}\n", "party.yaml:2: tiles: assassin: give the tile a name, a line, or both"),
    ("tiles:\n  bystander:\n    name: [a]\n", "party.yaml:3: tiles: bystander: name: this must be text, not a list"),
    ("deck:\n  bundled: standard\n  words: w.txt\n", "party.yaml:3: deck: give one deck, not bundled and words"),
    ("deck:\n  bundled: standrd\n", "party.yaml:2: deck: bundled: unknown bundled deck 'standrd': did you mean"),
])
def test_every_mistake_is_named_with_its_line_and_the_fix(tmp_path, text, message):
    with pytest.raises(CngenError) as error:
        load_edition(write(tmp_path, text))
    assert str(error.value).startswith(str(tmp_path / message.split(":", 1)[0]) + ":" + message.split(":", 1)[1])


def test_values_are_settings_from_the_edition_with_paths_from_its_folder(tmp_path):
    edition = load_edition(write(tmp_path, "title: Ana's Party\nlang: fr\ncolours:\n  red: '#D35400'\n"
                                           "deck:\n  words: words.txt\nemblem: art/cake.svg\n"))
    values = edition.values
    assert set(values) == {"title", "lang", "theme.red", "deck.words", "emblem"}
    assert values["title"].value == "Ana's Party" and values["title"].line == 1
    assert values["deck.words"].value == tmp_path / "words.txt"
    assert values["emblem"].value == tmp_path / "art" / "cake.svg"
    assert values["theme.red"].text == "#D35400" and values["theme.red"].line == 4
    assert {value.source for value in values.values()} == {str(tmp_path / "party.yaml")}
    assert edition.tiles == ()


def test_tiles_are_read_for_every_tile_of_a_kind_or_one_character_a_tile(tmp_path):
    path = write(tmp_path, "tiles:\n  assassin: The Clown\n  red agent:\n    - name: Aunt Rosa\n"
                           "      line: Dances on tables\n    - Uncle Bo\n  bystander:\n    line: Here for cake\n")
    place = str(path)
    assert load_edition(path).tiles == (
        TileText("assassin", "The Clown", None, None, f"{place}:2", f"{place}:2: tiles: assassin"),
        TileText("red agent", "Aunt Rosa", "Dances on tables", 0, f"{place}:4",
                 f"{place}:4: tiles: red agent, character 1: name", f"{place}:5: tiles: red agent, character 1: line"),
        TileText("red agent", "Uncle Bo", None, 1, f"{place}:6", f"{place}:6: tiles: red agent, character 2"),
        TileText("bystander", None, "Here for cake", None, f"{place}:7", "", f"{place}:8: tiles: bystander: line"),
    )


def test_an_empty_edition_changes_nothing(tmp_path):
    edition = load_edition(write(tmp_path, "# nothing yet\n"))
    assert (edition.values, edition.tiles) == ({}, ())


# --- The tiles --------------------------------------------------------------------------------

TEXTS = (
    TileText("assassin", "Le Clown", "Personne ne l’a invité", place="party.yaml:3"),
    TileText("red agent", "Tante Rosa", "Danse sur les tables", 0, "party.yaml:6"),
    TileText("red agent", "Oncle Bo", None, 1, "party.yaml:8"),
)


@pytest.fixture(scope="module")
def french_tiles():
    result = build_tokens(GAMES["classic"], TokenOptions(style=Style(lang="fr", tiles=TEXTS)))
    return read_tiles(result.pdf)


def test_edition_names_print_on_their_tiles_in_the_language_s_capitals(french_tiles):
    fronts = Counter((tile["role"], tile["name"]) for tile in french_tiles if tile["page"] % 2 == 0)
    assert fronts[("assassin", "LE CLOWN Personne ne l’a invité")] == 1
    assert fronts[("red", "TANTE ROSA Danse sur les tables")] == 1
    assert fronts[("red", "ONCLE BO")] == 1
    assert fronts[("red", "INFORMATEUR ROUGE")] == 6  # the other red agents keep the language's name
    assert fronts[("blue", "INFORMATEUR BLEU")] == 8 and fronts[("bystander", "TÉMOIN")] == 7


def test_a_character_is_on_both_faces_of_its_own_tile(french_tiles):
    width = 210 * 72 / 25.4
    for name in ("TANTE ROSA Danse sur les tables", "ONCLE BO", "LE CLOWN Personne ne l’a invité"):
        (front,) = [tile for tile in french_tiles if tile["name"] == name and tile["page"] % 2 == 0]
        (back,) = [tile for tile in french_tiles if tile["name"] == name and tile["page"] % 2 == 1]
        card = front["card"]
        assert back["page"] == front["page"] + 1
        assert abs(back["card"].x0 - (width - card.x1)) < 1 and abs(back["card"].y0 - card.y0) < 1


def test_duet_takes_its_own_nouns_and_refuses_those_it_has_no_tiles_for():
    texts = (TileText("timer token", "Tea Break", place="duet.yaml:2"),
             TileText("agent", "Pal", None, 0, "duet.yaml:4"))
    pdf = build_tokens(GAMES["duet"], TokenOptions(style=Style(tiles=texts))).pdf
    document = pdfium.PdfDocument(pdf)
    text = " ".join(document[index].get_textpage().get_text_range() for index in range(len(document)))
    # Every timer token's front (the spares' too), and the first agent's two faces.
    timers = covered(GAMES["duet"].tiles, "timer token")
    assert (text.count("TEA BREAK"), text.count("PAL"), text.count("AGENT")) == (timers, 2, 28)
    assert timers == sum(kind.per_set for kind in GAMES["duet"].tiles if kind.front.name == "timer token")
    with pytest.raises(CngenError, match=r"^duet.yaml:2: Codenames Duet has no 'red agent' tiles: name its tiles"):
        build_tokens(GAMES["duet"], TokenOptions(style=Style(tiles=(TileText("red agent", "X", place="duet.yaml:2"),))))


def test_a_list_longer_than_the_game_s_tiles_is_refused_when_they_are_built():
    texts = tuple(TileText("red agent", f"Guest {number}", None, number, f"p.yaml:{number + 2}") for number in range(8))
    with pytest.raises(CngenError, match=r"^p.yaml:9: a set of Codenames Pictures has 7 'red agent' tiles"):
        build_tokens(GAMES["pictures"], TokenOptions(style=Style(tiles=texts)))


@pytest.mark.parametrize("text, what", [
    (TileText("assassin", "Supercalifragilisticexpialidocious", place="p.yaml:3"), "name"),
    (TileText("assassin", "Bo", "He came early, stayed late and ate every cake there was", place="p.yaml:3"), "line"),
])
def test_a_name_or_line_too_long_for_the_tile_names_its_place_and_the_fix(text, what):
    with pytest.raises(UsageError, match=rf"^p.yaml:3: the {what} '.*' is too long for a 70 x 45 mm tile.*: "
                                         r"shorten it, or choose a larger --card-size"):
        build_tokens(GAMES["classic"], TokenOptions(style=Style(tiles=(text,))))


# --- The emblem -------------------------------------------------------------------------------


def _word_card_page(style: Style):
    options = DeckOptions(seed=1, style=style)
    font = load_font(None)
    printing = card_printing(options.card_size, options.sheet)
    theme = card_theme(options.sheet, style, font)
    _, entries = read_entries(WORD_CARDS, options, 25)
    cards = draw_codenames(WORD_CARDS, entries, options, printing.card_size, printing.bleed, font, theme).cards
    pdf = print_cards(cards.title, printing, cards.faces, cards.artist, theme, options.sheet, style, font).pdf
    return pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")


def _differs(first, second, box) -> int:
    """How many pixels of ``box`` differ between two renders."""
    from PIL import ImageChops

    return ImageChops.difference(first.crop(box), second.crop(box)).convert("L").point(
        lambda value: 255 if value > 40 else 0).histogram()[255]


@pytest.fixture(scope="module")
def word_card_pages():
    return _word_card_page(Style()), _word_card_page(Style(emblem=CAKE))


def test_the_user_s_emblem_replaces_the_keyhole_on_word_cards(word_card_pages):
    keyhole, cake = word_card_pages
    width, height = keyhole.size
    everywhere = _differs(keyhole, cake, (0, 0, width, height))
    assert everywhere > 0
    # The cake's orange is nowhere on a card with the keyhole.
    assert not any(_cake_orange(colour) for _, colour in keyhole.getcolors(1 << 24))
    assert any(_cake_orange(colour) for _, colour in cake.getcolors(1 << 24))


def _cake_orange(colour: tuple[int, int, int]) -> bool:
    red, green, blue = colour
    return red > 200 and 70 < green < 110 and blue < 40


def test_the_user_s_emblem_heads_the_rules_sheet():
    pages = [pdfium.PdfDocument(build_rules(GAMES["classic"], RulesOptions(style=Style(emblem=emblem))).pdf)[0]
             .render(scale=2).to_pil().convert("RGB") for emblem in (None, CAKE)]
    head = (0, 0, pages[0].width // 6, pages[0].height // 8)  # the emblem, left of the title
    assert _differs(*pages, head) > 100
    assert _differs(*pages, (pages[0].width // 6, 0, pages[0].width, pages[0].height)) == 0


def test_an_emblem_that_is_not_an_image_is_refused(tmp_path):
    for name in ("emblem.txt", "emblem.png"):
        path = write(tmp_path, "not a picture\n", name)
        with pytest.raises(CngenError, match=rf"^the emblem {path}.*PNG, JPEG, WebP, TIFF or SVG"):
            card_theme(DeckOptions().sheet, Style(emblem=path), load_font(None))


# --- The examples -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["party", "soiree"])
def test_the_examples_load_and_their_tiles_build(name):
    edition = load_edition(edition_paths()[name])
    values = {key: value.value for key, value in edition.values.items()}
    game = GAMES[values["game"]]  # type: ignore[index]
    result = build_tokens(game, TokenOptions(style=Style(lang=values["lang"], tiles=edition.tiles)))  # type: ignore[arg-type]
    assert result.pages == 4
    for path in (values.get("deck.words"), values.get("emblem")):
        assert path is None or Path(path).is_file()  # type: ignore[arg-type]


def test_the_party_edition_has_its_own_words_and_emblem():
    values = load_edition(edition_paths()["party"]).values
    words = [line for line in Path(values["deck.words"].value).read_text().splitlines()  # type: ignore[arg-type]
             if line and not line.startswith("#")]
    assert len(words) >= 60 and len(set(words)) == len(words)
    assert values["emblem"].value.suffix == ".svg"  # type: ignore[attr-defined]


def test_the_example_cngen_init_writes_runs_as_written(tmp_path):
    edition = load_edition(write(tmp_path, example_edition_text(), "edition.yaml"))
    assert {"title", "game", "lang", "deck.deck"} <= set(edition.values)
    assert "emblem" not in edition.values  # null: cngen's keyhole
    build_tokens(GAMES["classic"], TokenOptions(style=Style(tiles=edition.tiles)))


def _clashes(words: list[str]) -> list[tuple[str, str]]:
    """Pairs of codenames where one is a word of the other or the start or end of one of its
    words (PUNCH and PUNCHLINE): a clue for one is a form of the other, which the rules forbid."""
    found = []
    for part in words:
        for whole in words:
            if part == whole:
                continue
            if any(word == part or ((word.startswith(part) or word.endswith(part)) and len(word) - len(part) >= 4)
                   for word in whole.split()):
                found.append((part, whole))
    return found


@pytest.mark.parametrize("name", sorted(edition_paths()))
def test_a_shipped_editions_codenames_clash_neither_with_each_other_nor_with_its_tiles(name):
    from generator.jobs.sources import load_words
    from generator.settings.options import Style

    path = edition_paths()[name]
    edition = yaml.safe_load(path.read_text(encoding="utf-8"))
    deck = edition.get("deck", {})
    words = load_words(path.parent / deck["words"] if "words" in deck else None, deck.get("bundled"), False,
                       Style(lang=edition.get("lang"))).words
    if "words" in deck:  # its own list: written for the edition, with its tiles in mind
        assert not _clashes(words)
    names = []
    for texts in edition.get("tiles", {}).values():
        for text in texts if isinstance(texts, list) else [texts]:
            names.append(text["name"] if isinstance(text, dict) else text)
    on_tiles = {word.strip(".,’'").upper() for name in names for word in name.split() if len(word) > 3}
    assert not on_tiles & set(words), "a tile's name is a codename on the table"
