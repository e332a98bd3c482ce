"""A kit in its players' language: --lang chooses the rules, the tiles' names, the key cards'
back title and the default deck; the bundled translations are complete and checked like any
input; capitals follow the language.

Every check reads what was printed back out of the PDFs."""

from __future__ import annotations

import functools
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from msgspec.structs import replace
from package_copy import copy_package, run_copy

from generator.errors import CngenError
from generator.games import GAMES
from generator.inputs.bundled import deck_paths, labels_path
from generator.jobs.language import GAME_TITLE, settle_language, shipped_languages, tile_nouns
from generator.jobs.rules import build_rules, default_contents, game_text
from generator.model.capitals import capitals
from generator.model.counts import CountStyle, format_count, plural_forms, plural_index
from generator.model.labels import TEXT_KEYS, Labels, parse_labels, parse_tile_names
from generator.model.ruletext import completed_from, parse_rules
from generator.model.words import Capitals, parse_text, parse_yaml_deck
from generator.settings.options import RulesOptions, Style

CLASSIC = GAMES["classic"]
# Each language cngen ships (as its folders are found) and its deck.
SHIPPED = shipped_languages()
LANGUAGE_DECKS = {code: language.deck for code, language in SHIPPED.languages.items()}
LANGUAGES = tuple(LANGUAGE_DECKS)
TRANSLATIONS = tuple(code for code in LANGUAGES if code != "en")
SHIPPED_LIST = ", ".join(("en", *TRANSLATIONS))  # as messages list them, English first
# Words most English sentences hold, and the sentences of the other languages do not, but
# where they are words of that language too (Dutch "is", and "of", its "or").
ENGLISH_WORDS = re.compile(r"\b(the|and|you|your|with|is|of|when|which|each|this|that|it)\b", re.IGNORECASE)
ALSO_THEIRS = {"nl": {"is", "of"}}


@functools.cache
def english_sentences() -> tuple[str, ...]:
    """Every sentence of five words or more of the English classic rules, without its tags."""
    texts = printed_strings(yaml.load(CLASSIC.rules_text("en").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader))
    plain = (" ".join(re.sub(r"<[^>]+>", "", text).split()) for text in texts)
    return tuple(sentence for text in plain for sentence in re.split(r"(?<=[.!?:;])\s+", text)
                 if len(sentence.split()) >= 5 and "{" not in sentence)


def english_words(text: str, code: str) -> list[str]:
    """The English words of ``text``, a text in ``code``, each once."""
    return sorted({match.lower() for match in ENGLISH_WORDS.findall(text)} - ALSO_THEIRS.get(code, set()))


def pdf_text(path: Path, pages: int | None = None) -> str:
    """The text of the PDF's pages (of its first ``pages``), as PDFium extracts it (a viewer's
    copy and paste)."""
    document = pdfium.PdfDocument(path)
    try:
        return "\n".join(document[number].get_textpage().get_text_range()
                         for number in range(len(document))[:pages])
    finally:
        document.close()


@functools.cache
def language_of(code: str, game: str = "classic"):
    """The bundled labels and the game's tile names in ``code``, as a kit in it settles them."""
    language = settle_language(GAMES[game], code)
    assert language.notes == (), f"cngen's files in '{code}' are incomplete: {language.notes}"
    return language


@functools.cache
def bundled_deck(name: str) -> dict:
    return yaml.load(deck_paths()[name].read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


# --- Capitals ------------------------------------------------------------------------------


@pytest.mark.parametrize("written, language, sharp_s, printed", [
    ("istanbul", "tr", "ss", "İSTANBUL"),
    ("ılık irmak", "tr", "ss", "ILIK İRMAK"),
    ("Iğdır", "tr", "ss", "IĞDIR"),  # a capital I stays dotless
    ("istanbul", "az", "ss", "İSTANBUL"),
    ("istanbul", "tr-TR", "ss", "İSTANBUL"),
    ("istanbul", "en", "ss", "ISTANBUL"),  # other languages dot no capital I
    ("καλημέρα", "el", "ss", "ΚΑΛΗΜΕΡΑ"),
    ("ΚΑΛΗΜΈΡΑ", "el", "ss", "ΚΑΛΗΜΕΡΑ"),  # written in capitals with the accent: dropped too
    ("μάιος", "el", "ss", "ΜΑΪΟΣ"),  # the accent kept the vowels apart: the dieresis says so
    ("ρολόι", "el", "ss", "ΡΟΛΟΪ"),
    ("προϊόν", "el", "ss", "ΠΡΟΪΟΝ"),  # a dieresis of its own stays
    ("ευχαριστώ", "el", "ss", "ΕΥΧΑΡΙΣΤΩ"),
    ("οδός", "el", "ss", "ΟΔΟΣ"),  # final sigma: Σ like every sigma
    ("σοφός", "el", "ss", "ΣΟΦΟΣ"),
    ("ĳsbeer", "nl", "ss", "IJSBEER"),  # the ligature written out as two capitals
    ("ijsbeer", "nl", "ss", "IJSBEER"),
    ("Straße", "de", "ss", "STRASSE"),
    ("Straße", "de", "capital", "STRAẞE"),
    ("Fuß", "", "capital", "FUẞ"),  # ß follows the setting in any list
    ("école", "fr", "ss", "ÉCOLE"),  # French keeps its accents on capitals
    ("niño", "es", "ss", "NIÑO"),
])
def test_capitals_are_written_as_the_language_writes_them(written, language, sharp_s, printed):
    assert capitals(written, language, sharp_s) == printed


def test_a_deck_declaring_its_language_prints_its_capitals(run):
    Path("tr.yaml").write_text("name: türkçe\nlanguage: tr\nwords: [istanbul, ılık, kiraz, ayna]\n", encoding="utf-8")
    result = run("deck", "--words", "tr.yaml", "-o", "tr.pdf")
    assert result.exit_code == 0, result.output
    text = pdf_text(Path("tr.pdf"))
    assert "İSTANBUL" in text and "ILIK" in text and "KİRAZ" in text
    assert "ISTANBUL" not in text.replace("İSTANBUL", "")


def test_a_plain_list_takes_the_language_and_the_sharp_s_given(run):
    Path("el.txt").write_text("καλημέρα\nμάιος\nοδός\n", encoding="utf-8")
    assert run("deck", "--words", "el.txt", "--lang", "el", "-o", "el.pdf").exit_code == 0
    text = pdf_text(Path("el.pdf"))
    assert {"ΚΑΛΗΜΕΡΑ", "ΜΑΪΟΣ", "ΟΔΟΣ"} <= set(text.split())
    Path("de.txt").write_text("Straße\nFuß\n", encoding="utf-8")
    assert run("deck", "--words", "de.txt", "-o", "ss.pdf").exit_code == 0
    assert run("deck", "--words", "de.txt", "--sharp-s", "capital", "-o", "capital.pdf").exit_code == 0
    assert {"STRASSE", "FUSS"} <= set(pdf_text(Path("ss.pdf")).split())
    assert {"STRAẞE", "FUẞ"} <= set(pdf_text(Path("capital.pdf")).split())


def test_a_deck_s_own_language_comes_before_the_lang_option():
    deck = parse_yaml_deck("language: tr\nwords: [istanbul]\n".encode(), "tr.yaml", caps=Capitals("en"))
    assert deck.words == ["İSTANBUL"] and deck.language == "tr"
    plain = parse_text(b"istanbul\n", "tr.txt", caps=Capitals("tr"))
    assert plain.words == ["İSTANBUL"]


def test_repeats_are_found_in_the_language_s_capitals():
    deck = parse_text("Straße\nSTRASSE\n".encode(), "de.txt", caps=Capitals("de"))
    assert [problem.kind for problem in deck.problems] == ["repeats"]


# --- The labels files ------------------------------------------------------------------------


ENGLISH = parse_labels(labels_path("en").read_bytes(), "labels/en.yaml")


def english_tiles(game) -> Labels:
    return parse_tile_names(game.tile_names("en").read_bytes(), "tiles-en.yaml", tile_nouns(game))


def test_a_misspelt_label_is_refused_with_its_file_line_and_the_key_meant():
    with pytest.raises(CngenError, match=r"^labels/fr\.yaml:2: top level: unknown key 'pages': did you mean "
                                         r"'page'\?$"):
        parse_labels("language: fr\npages: p. {number}\n".encode(), "labels/fr.yaml", ENGLISH)


@pytest.mark.parametrize("game", GAMES)
def test_a_misspelt_tile_name_is_refused_with_its_file_line_and_the_noun_meant(game):
    nouns = tile_nouns(GAMES[game])
    text = f"language: fr\n{nouns[0]}: x\n{nouns[-1][:-1]}: y\n"
    with pytest.raises(CngenError, match=rf"^tiles-fr\.yaml:3: top level: unknown key '{nouns[-1][:-1]}': did you "
                                         rf"mean '{nouns[-1]}'\?$"):
        parse_tile_names(text.encode(), "tiles-fr.yaml", nouns, english_tiles(GAMES[game]))


@pytest.mark.parametrize("text, message", [
    ("page: Seite\n", r"^labels\.yaml:1: page: the text must hold \{number\}, where cngen puts the number$"),
    ("page: Seite {nummer}\n", r"^labels\.yaml:1: page: unknown placeholder \{nummer\}: this text takes only "
                               r"\{number\}$"),
    ("key card: [a, b]\n", r"^labels\.yaml:1: key card: this must be text, not a list$"),
    # The tile names left the labels for each game's texts: an old file is told the closest key.
    ("tiles: {assassin: x}\n", r"^labels\.yaml:1: top level: unknown key 'tiles': did you mean 'title'\?$"),
    ("key card: a\nkey card: b\n", r"^labels\.yaml:2: top level: 'key card' is set twice \(first on line 1\): "
                                   r"remove one$"),
    ("key card: [\n", r"^labels\.yaml:\d+: this is not valid YAML"),
])
def test_every_mistake_in_a_labels_file_is_named_with_its_line(text, message):
    with pytest.raises(CngenError, match=message):
        parse_labels(text.encode(), "labels.yaml", ENGLISH)


@pytest.mark.parametrize("text, message", [
    ("assassin: [a]\n", r"^tiles\.yaml:1: assassin: this must be text, not a list$"),
    ("assassin: a {x}\n", r"^tiles\.yaml:1: assassin: unknown placeholder \{x\}: this text takes no placeholder$"),
    ("assassin: a\nassassin: b\n", r"^tiles\.yaml:2: top level: 'assassin' is set twice \(first on line 1\): "
                                   r"remove one$"),
    ("assassin:\n", r"^tiles\.yaml:1: assassin: this is empty"),
    ("- assassin\n", r"^tiles\.yaml:1: top level: this must be a group of keys"),
])
def test_every_mistake_in_a_tile_names_file_is_named_with_its_line(text, message):
    with pytest.raises(CngenError, match=message):
        parse_tile_names(text.encode(), "tiles.yaml", tile_nouns(CLASSIC), english_tiles(CLASSIC))


def test_a_missing_label_or_tile_name_falls_back_to_english_and_is_listed():
    labels = parse_labels("language: xx\nkey card: carte\n".encode(), "labels/xx.yaml", ENGLISH)
    assert labels.text("key card") == "carte" and labels.text("page", number="3") == "page 3"
    assert "page" in labels.missing and "key card" not in labels.missing
    tiles = parse_tile_names("language: xx\nassassin: killer\n".encode(), "tiles-xx.yaml", tile_nouns(CLASSIC),
                             english_tiles(CLASSIC))
    assert tiles.text("assassin") == "killer" and tiles.text("bystander") == "bystander"
    assert "bystander" in tiles.missing and "assassin" not in tiles.missing


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_bundled_labels_and_tile_names_file_is_complete_and_in_its_language(code, game):
    chosen = GAMES[game]
    assert labels_path(code) is not None and chosen.tile_names(code).is_file() and chosen.rules_text(code).is_file()
    language = language_of(code, game)
    labels, tiles = language.labels, language.tiles
    assert labels.language == code and tiles.language == code
    assert set(labels.texts) == set(TEXT_KEYS) and set(tiles.texts) == {*tile_nouns(chosen), GAME_TITLE}
    assert labels.missing == () and tiles.missing == ()
    if code != "en":
        english = language_of("en", game)
        same = [noun for noun in tiles.texts
                if tiles.text(noun) == english.tiles.text(noun) and noun not in ("agent", "assassin", GAME_TITLE)]
        assert not same, f"{chosen.tile_names(code).name} of {game} leaves {same} in English"
        assert labels.text("key card") != english.labels.text("key card")


# --- The rules texts -------------------------------------------------------------------------


@functools.cache
def section_ids(path: Path) -> tuple[str, ...]:
    """The ids of a rules text's sections, read once (English's is compared with each translation)."""
    text = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    return tuple(section["id"] for section in text["sections"])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_translation_has_every_section_of_the_english_rules(code, game):
    assert section_ids(GAMES[game].rules_text(code)) == section_ids(GAMES[game].rules_text("en"))


@functools.cache
def classic_english():
    contents, text = default_contents(CLASSIC)[0], game_text(CLASSIC)
    return contents, text, parse_rules(CLASSIC.rules_text("en").read_bytes(), "en.yaml", contents, text)


def test_a_translation_lacking_a_section_takes_the_english_one_and_says_so():
    contents, text, english = classic_english()
    lacking = "language: xx\ntitle: T\nsections:\n  - id: setup\n    title: Aufbau\n    blocks:\n      - text: Hier.\n"
    rules, missing = completed_from(parse_rules(lacking.encode(), "xx.yaml", contents, text), english)
    ids = [section.id for section in rules.sections]
    assert ids == [section.id for section in english.sections]  # in English's order
    assert rules.sections[ids.index("setup")].title == "Aufbau"
    assert "intro" in missing and "setup" not in missing and "example" in missing


def test_a_translation_with_a_section_english_lacks_is_refused_with_its_line():
    contents, text, english = classic_english()
    misspelt = "title: T\nsections:\n  - id: setpu\n    title: Aufbau\n    blocks:\n      - text: Hier.\n"
    with pytest.raises(CngenError, match=r"^xx\.yaml:3: section 'setpu' is not a section of cngen's rules: "
                                         r"did you mean 'setup'\?"):
        completed_from(parse_rules(misspelt.encode(), "xx.yaml", contents, text), english)


@pytest.mark.parametrize("value, language, shown", [
    (1234, "en", "1,234"), (1234, "fr", "1\u00a0234"), (1234, "de", "1.234"), (1234, "es", "1234"),
    (12345, "es", "12.345"), (7, "fr", "7"),
])
def test_counts_are_grouped_as_the_language_writes_them(value, language, shown):
    assert format_count(value, language, SHIPPED.count_style(language).minimum_grouping_digits) == shown


def test_french_takes_the_singular_for_zero_and_one():
    assert [plural_index(n, "fr") for n in (0, 1, 2)] == [0, 0, 1]
    assert [plural_index(n, "en") for n in (0, 1, 2)] == [1, 0, 1]


def test_plural_forms_come_from_cldr_for_any_language():
    assert plural_forms("en") == plural_forms("fr") == ("one", "other")
    assert plural_forms("pl") == plural_forms("ru") == plural_forms("uk") == ("one", "few", "many")
    assert plural_forms("cs") == ("one", "few", "other") and plural_forms("ja") == ("other",)
    assert plural_forms("pt-br") == ("one", "other") and plural_forms("xx-yy") == plural_forms("en")
    forms = ("karta", "karty", "kart")
    assert [forms[plural_index(n, "pl")] for n in (1, 2, 4, 5, 12, 21, 22, 25, 112, 1000)] == \
        ["karta", "karty", "karty", "kart", "kart", "kart", "karty", "kart", "kart", "kart"]


POLISH_COUNTS = "language: pl\ntitle: Zasady\nsections:\n  - id: setup\n    title: Przygotowanie\n    blocks:\n" \
                "      - text: \"{key_cards|karta|karty|kart}\"\n"


@pytest.mark.parametrize("cards, shown", [(1, "1\u00a0karta"), (3, "3\u00a0karty"), (5, "5\u00a0kart"),
                                          (22, "22\u00a0karty"), (1234, "1234\u00a0karty"),
                                          (12345, "12\u00a0345\u00a0kart")])
def test_a_rules_text_writes_each_of_its_languages_plural_forms(cards, shown):
    contents, text, _ = classic_english()
    # Polish, like Spanish, groups only five digits or more (CLDR's minimumGroupingDigits: 2),
    # which a Polish folder's language.yaml would declare.
    rules = parse_rules(POLISH_COUNTS.encode(), "pl.yaml", replace(contents, key_cards=cards), text,
                        {"pl": CountStyle(2)})
    assert rules.sections[0].blocks[0].content.plain == shown


def test_a_language_that_sets_no_space_after_a_count_writes_none():
    """Japanese writes a count and its counter as one word (40枚), as its language.yaml says."""
    from generator.model.languages import parse_language_file

    language = parse_language_file("language: ja\ndeck: nihongo\ntypography:\n  space after count: none\n".encode(),
                                   "ja/language.yaml", "ja", ("nihongo",))
    contents, text, _ = classic_english()
    japanese = POLISH_COUNTS.replace("language: pl", "language: ja").replace("{key_cards|karta|karty|kart}",
                                                                             "{key_cards|枚のキーカード}")
    rules = parse_rules(japanese.encode(), "ja.yaml", replace(contents, key_cards=40), text, {"ja": language.counting})
    assert rules.sections[0].blocks[0].content.plain == "40枚のキーカード"


POLISH_LABELS = "language: pl\nbox cards: \"{count|karta|karty|kart}\"\nbox tiles: \"{count|płytka|płytki|płytek}\"\n"


@pytest.mark.parametrize("count, cards, tiles", [(1, "1 karta", "1 płytka"), (3, "3 karty", "3 płytki"),
                                                 (5, "5 kart", "5 płytek"), (22, "22 karty", "22 płytki"),
                                                 (25, "25 kart", "25 płytek")])
def test_a_labels_count_takes_the_form_its_language_gives_it(count, cards, tiles):
    english = parse_labels(labels_path("en").read_bytes(), "en/labels.yaml")
    labels = parse_labels(POLISH_LABELS.encode(), "pl/labels.yaml", english)
    assert (labels.count("box cards", count), labels.count("box tiles", count)) == (cards, tiles)
    # A text Polish lacks is English's, counted as English counts.
    lacking = parse_labels(b"language: pl\n", "pl/labels.yaml", english)
    assert lacking.count("box cards", 5) == "5 cards" and lacking.count("box cards", 1) == "1 card"


@pytest.mark.parametrize("text, problem", [
    ("\"{count|karta|kart}\"", r"pl/labels\.yaml:2: box cards: \{count\|karta\|kart\} gives 2 forms of its noun, "
                                r"and a count in Polish \('pl'\) takes 3 \(one, few, many\): write one form for each, "
                                r"in that order: \{count\|one\|few\|many\}"),
    ("\"{count} kart\"", r"pl/labels\.yaml:2: box cards: write \{count\|…\} with each form of its noun after a bar"),
    ("\"{count|karta||kart}\"", r"pl/labels\.yaml:2: box cards: write \{count\|…\} with each form"),
    ("\"{number|karta|karty|kart}\"", r"pl/labels\.yaml:2: box cards: \{number\|karta\|karty\|kart\}: only a count"),
    ("\"kart\"", r"pl/labels\.yaml:2: box cards: the text must hold \{count\}"),
])
def test_a_labels_count_of_the_wrong_shape_names_its_file_line_and_key(text, problem):
    with pytest.raises(CngenError, match=rf"^{problem}"):
        parse_labels(f"language: pl\nbox cards: {text}\n".encode(), "pl/labels.yaml")


@pytest.mark.parametrize("placeholder, language, forms", [
    ("{key_cards|karta|kart}", "pl", "one, few, many"), ("{key_cards|card}", "en", "one, other"),
    ("{key_cards|karta|karty|kart|kartek}", "pl", "one, few, many"),
    ("{key_cards|carte|cartes|cartess}", "fr", "one, other"), ("{key_cards|枚|枚}", "ja", "other"),
])
def test_a_count_with_the_wrong_number_of_forms_is_refused_naming_them(placeholder, language, forms):
    contents, text, _ = classic_english()
    wrong = POLISH_COUNTS.replace("{key_cards|karta|karty|kart}", placeholder).replace("language: pl",
                                                                                       f"language: {language}")
    with pytest.raises(CngenError, match=rf"^xx\.yaml:7: section 'setup', block 1: .* in \w+ \('{language}'\) "
                                         rf"takes {len(forms.split(','))} \({forms}\): write one form for each"):
        parse_rules(wrong.encode(), "xx.yaml", contents, text)


# --- A whole kit in each language ------------------------------------------------------------


@pytest.fixture(scope="module", params=TRANSLATIONS)
def kit(request, tmp_path_factory):
    """A single-sided kit in one of the bundled translations, chosen by --lang alone (one sheet
    of key cards: their number has nothing to do with the language)."""
    from click.testing import CliRunner

    from generator.cli import main

    code = request.param
    folder = tmp_path_factory.mktemp(code)
    result = CliRunner().invoke(main, ["kit", "--lang", code, "--single-sided", "--seed", "5", "--keys-count", "8",
                                       "--out-dir", str(folder)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return code, folder, result


@functools.cache
def kit_text(path: Path) -> str:
    """A kit's PDF as text, read once however many tests read it."""
    return pdf_text(path)


def test_a_kit_in_another_language_prints_no_english_sentence(kit):
    code, folder, result = kit
    assert "Note:" not in result.output, result.output
    rules = kit_text(folder / "rules.pdf")
    english = english_words(rules, code)
    assert not english, f"{code}: English words on the rules sheet: {english}"
    shown = " ".join(rules.split())
    assert not [sentence for sentence in english_sentences() if sentence in shown], code
    assert not re.search(r"[{}]", rules), "an unfilled placeholder"
    for title in ("How to play", "Setting up", "A turn", "Guessing", "Winning", "Printing and cutting"):
        assert title not in rules


def test_a_kit_in_another_language_names_its_tiles_and_backs_in_it(kit):
    code, folder, _ = kit
    language = language_of(code)
    tiles = kit_text(folder / "tokens.pdf")
    for noun in dict.fromkeys(face.name for kind in CLASSIC.tiles for face in (kind.front, kind.back)):  # its own
        for word in capitals(language.tiles.text(noun), code).split():
            assert word in tiles, f"{code}: {noun} is not named {language.tiles.text(noun)!r}"
    assert "BYSTANDER" not in tiles and "RED AGENT" not in tiles
    backs = kit_text(folder / "keys.pdf")
    assert capitals(language.labels.text("key card"), code) in backs and "KEY CARD" not in backs
    rules = kit_text(folder / "rules.pdf")
    assert language.labels.text("page", number="1") in rules
    # The kit is titled by the game's name in its language (Krycí jména), no title being given.
    title = language.labels.text("title")
    assert rules.count(title) >= 2 and title in backs, f"{code}: the kit is not titled {title!r}"


def test_a_kit_in_another_language_prints_its_own_deck(kit):
    code, folder, _ = kit
    deck = bundled_deck(LANGUAGE_DECKS[code])
    printed = set(pdf_text(folder / "deck.pdf", pages=1).split())  # the first sheet's fronts
    first = capitals(deck["words"][0], code).split()[0]
    assert first in printed
    assert printed <= {part for word in deck["words"] for part in capitals(word, code).split()}


def test_a_deck_s_language_is_the_kit_s_without_lang(run):
    result = run("kit", "--deck", "francais", "--seed", "3", "--keys-count", "1", "--out-dir", "fr")
    assert result.exit_code == 0, result.output
    assert pdf_text(Path("fr/rules.pdf")).count(" de ") > 10  # French running text
    assert capitals(language_of("fr").tiles.text("bystander"), "fr") in pdf_text(Path("fr/tokens.pdf"))


def test_a_language_cngen_does_not_ship_prints_english_and_says_so(run):
    Path("tr.txt").write_text("istanbul\nkiraz\nayna\nelma\n", encoding="utf-8")
    result = run("kit", "--lang", "tr", "--words", "tr.txt", "--seed", "3", "--keys-count", "1", "--out-dir", "tr")
    assert result.exit_code == 0, result.output
    assert "Note: cngen has no labels in 'tr'" in result.output
    assert "Note: cngen has no rules in 'tr'" in result.output
    assert "İSTANBUL" in pdf_text(Path("tr/deck.pdf"))  # the capitals still follow the language
    assert "How to play" in pdf_text(Path("tr/rules.pdf"))
    result = run("deck", "--lang", "tr", "-o", "d.pdf")
    assert "Note: cngen has no deck in 'tr'" in result.output


def test_a_malformed_language_code_is_a_usage_error(run):
    result = run("kit", "--lang", "français")
    assert result.exit_code == 2
    assert "'français' is not a language's code: did you mean 'fr' (French)?" in result.output
    assert not Path("output").exists()


@pytest.mark.parametrize("game", [name for name in GAMES if name != "classic"])  # classic: the kits above
@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_games_rules_are_in_the_kit_s_language(code, game):
    """The sheet `cngen rules --game GAME --lang CODE` prints: the default kit's contents in the
    language (test_rules_fit.py counts cngen's picture deck once a session for every language:
    counting it reads its 310 drawings), that --lang reaches the rules' options being
    test_settings.py's to prove."""
    from test_rules_fit import contents

    counted, language = contents(game, code)
    result = build_rules(GAMES[game], RulesOptions(contents=counted, style=Style(lang=code)), language)
    assert result.notes == ()  # the command prints none
    text = pdf_text(result.pdf)
    assert not english_words(text, code), english_words(text, code)


# --- The bundled decks ------------------------------------------------------------------------


@pytest.mark.parametrize("code, name", LANGUAGE_DECKS.items())
def test_every_language_has_a_deck_of_its_own(code, name):
    deck = bundled_deck(name)
    assert deck["language"] == code and deck["licence"] == "CC0-1.0"
    words = [capitals(word, code) for word in deck["words"]]
    assert len(words) >= 400
    assert len(set(word.casefold() for word in words)) == len(words)


# Endings that make another form of a word: a plural, a feminine. Two entries that differ
# only by one are forms of one word.
FORMS = {"en": ("S", "ES"), "fr": ("S", "X", "E", "ES"), "de": ("E", "EN", "N", "ER", "S", "IN", "NEN"),
         "es": ("S", "ES", "A", "AS"), "it": ("I", "E", "A", "INO", "ETTO"), "pt": ("S", "ES", "A", "AS", "INHO"),
         "nl": ("EN", "S", "JE", "TJE", "ETJE"), "pl": ("A", "Y", "I", "E", "U", "ÓW", "KA", "EK"),
         "cs": ("A", "Y", "E", "I", "U", "EK", "KA"), "ru": ("А", "Ы", "И", "Е", "У", "ОВ", "КА", "ИК"),
         "uk": ("А", "И", "І", "Е", "У", "ІВ", "КА", "ИК"), "ja": ()}  # Japanese inflects no noun
# Different words that only look like two forms of one (a wolf and a magnifying glass, a
# scarf and a bowl).
DISTINCT = {("GRAIN", "GRAINE"), ("LOUP", "LOUPE"), ("SCHAL", "SCHALE")}


@pytest.mark.parametrize("code, name", LANGUAGE_DECKS.items())
def test_no_two_entries_of_a_deck_are_forms_of_one_word(code, name):
    deck = bundled_deck(name)
    words = {capitals(word, code) for word in deck["words"]}
    pairs = sorted((word, word + ending) for word in words for ending in FORMS.get(code, ())
                   if word + ending in words and (word, word + ending) not in DISTINCT)
    assert not pairs, pairs


# --- Typography -------------------------------------------------------------------------------


def printed_strings(node, key: str = "") -> list[str]:
    """Every string of a rules or labels file that is printed (not ids, conditions or grids)."""
    if isinstance(node, dict):
        return [text for name, value in node.items() if name not in ("id", "when", "variant", "language", "key",
                                                                     "example" if isinstance(value, str) else "")
                for text in printed_strings(value, name)]
    if isinstance(node, list):
        return [text for value in node for text in printed_strings(value, key)]
    return [node] if isinstance(node, str) else []


def translation_files(code: str) -> list[Path]:
    """cngen's labels in ``code``, and every game's rules text and tile names in it."""
    paths = [labels_path(code)]
    paths += [path for game in GAMES.values() for path in (game.rules_text(code), game.tile_names(code))]
    assert None not in paths and all(path.is_file() for path in paths), \
        f"cngen ships its labels, and every game its rules and tile names, in '{code}'"
    return paths  # type: ignore[return-value]


def shipped_texts(code: str) -> list[Path]:
    """Every file of texts in the folder of ``code``: labels, rules, tile names, exports' texts."""
    return sorted(path for path in (labels_path(code).parent).glob("*.yaml") if path.name != "language.yaml")


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_follows_its_languages_typography(code):
    """The typography each language.yaml declares (quotes, the space before : ; ! ?, the space
    inside quotes, ¿ and ¡) holds in every text of its folder, and no straight quote is left."""
    typography = SHIPPED.typography(code)
    for path in shipped_texts(code):
        for text in printed_strings(yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)):
            assert not typography.problems(text), f"{path.name}: {typography.problems(text)} in {text!r}"


@pytest.mark.parametrize("code, text, problem", [
    ("fr", "Attention : fin", "takes a no-break space"), ("fr", "Qui\u00a0?", "takes a narrow space"),
    ("fr", "le «\u202fmot»", "need the space inside"), ("fr", "le \"mot\"", "a straight quote"),
    ("de", "das „Wort", "1 opening „ and 0 closing"), ("es", "Ganaste!", "1 ! and 0 ¡"),
    ("en", "Wait ; no", "takes no space"), ("en", "it's", "a straight quote"),
])
def test_a_text_breaking_its_typography_is_found(code, text, problem):
    assert any(problem in found for found in SHIPPED.typography(code).problems(text)), SHIPPED.typography(code).problems(text)


@pytest.mark.parametrize("code, text", [
    ("fr", "Attention\u00a0: fin\u202f; le «\u202fmot\u202f», l’équipe\u202f!"), ("de", "das „Wort“ und ‚so‘"),
    ("es", "¿Quién? ¡Nadie! El «mazo»."), ("en", "At 10:30, see https://example.org: the “word”."),
])
def test_a_text_keeping_its_typography_passes(code, text):
    assert SHIPPED.typography(code).problems(text) == []


# --- Glyph coverage ---------------------------------------------------------------------------


@pytest.mark.parametrize("code, name", LANGUAGE_DECKS.items())
def test_the_bundled_font_draws_every_entry_of_every_deck_in_both_capitals(code, name):
    from generator.jobs.sources import in_language, load_font

    font = in_language(load_font(None), code)  # cngen's font for the language (Japanese's own)
    deck = bundled_deck(name)
    for sharp_s in ("ss", "capital"):
        missing = {word: font.missing_characters(capitals(word, code, sharp_s)) for word in deck["words"]}
        assert not {word: chars for word, chars in missing.items() if chars}, sharp_s


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_bundled_fonts_draw_every_printed_string_of_every_language(code):
    from generator.inputs.bundled import BOLD, ITALIC, REGULAR
    from generator.jobs.sources import load_font

    fonts = [load_font(None, name, code) for name in (REGULAR, BOLD, ITALIC)]  # the language's own
    for path in translation_files(code):
        for text in printed_strings(yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)):
            for font in fonts:
                assert not font.missing_characters(capitals(text, code)), f"{path.name}: {text!r} in {font.label}"
                assert not font.missing_characters(text), f"{path.name}: {text!r} in {font.label}"


def test_a_kit_of_a_hebrew_deck_keeps_its_rules_readable(run):
    """The rules sheet cannot set Hebrew yet: it calls a Hebrew deck 'your own word list'
    instead of failing on its name; the cards print the words, shaped."""
    font = Path(__file__).parent / "fonts" / "DejaVuSansBold-HebrewArabic.ttf"
    Path("he.yaml").write_text("name: עברית\nlanguage: he\nwords: [שלום, ירושלים, בית ספר]\n", encoding="utf-8")
    Path("cngen.yaml").write_text(f"deck:\n  font: {font}\n", encoding="utf-8")
    result = run("kit", "--words", "he.yaml", "--seed", "2", "--keys-count", "1", "--out-dir", "he")
    assert result.exit_code == 0, result.output
    assert "your own word list" in " ".join(pdf_text(Path("he/rules.pdf")).split())
    assert "Note: cngen has no rules in 'he'" in result.output


@pytest.mark.parametrize("code, game, title", [
    ("en", "duet", "Codenames Duet"), ("de", "duet", "Codenames Duett"), ("fr", "pictures", "Codenames Images"),
    ("es", "pictures", "Código Secreto Imágenes"), ("fr", "classic", "Codenames"), ("cs", "classic", "Krycí jména"),
    ("cs", "duet", "Krycí jména: Duet"), ("cs", "pictures", "Krycí jména: Obrázky"),
])
def test_the_game_is_named_as_its_language_names_it(code, game, title):
    assert language_of(code, game).game_title == title


def test_a_language_cngen_does_not_ship_names_the_game_in_english():
    assert settle_language(GAMES["duet"], "tr").game_title == "Codenames Duet"


# --- A language is a folder of data --------------------------------------------------------------

POLISH = {  # a partial translation, as a new language's first files would be
    "language.yaml": "language: pl\ndeck: polski\nminimum grouping digits: 2\n",
    "labels.yaml": "language: pl\nname: Polski\nkey card: karta klucza\n",
    "classic-tiles.yaml": "language: pl\ntitle: Tajniacy\nred agent: agent czerwony\nblue agent: agent niebieski\n"
                          "bystander: przechodzień\nassassin: zabójca\ndouble agent: podwójny agent\n",
    "classic.yaml": "language: pl\ntitle: Zasady gry\nsections:\n  - id: components\n    title: W zestawie\n"
                    "    blocks:\n      - text: \"{key_cards|karta klucza|karty klucza|kart klucza} i "
                    "{tiles|płytka|płytki|płytek}.\"\n",
    "decks/polski.yaml": "name: polski\nlanguage: pl\nlicence: CC0-1.0\ndescription: Słowa do testu.\nwords: ["
                         "ZAMEK, SZKŁO, RAKIETA, LAS, MOST, RZEKA, KOT, PIES, OKNO, GÓRA, MORZE, SŁOŃCE, KSIĘŻYC, "
                         "GWIAZDA, CHMURA, DESZCZ, ŚNIEG, WIATR, OGIEŃ, WODA, ZIEMIA, DRZEWO, KWIAT, LIŚĆ, "
                         "KORONA, MIECZ, TARCZA, ŁÓDŹ, ŻABA, JEŻ]\n",
}
POLISH_RUN = """
import json
from click.testing import CliRunner
from generator.cli import main
runs = {name: CliRunner().invoke(main, args) for name, args in {
    "decks": ["decks"], "help": ["kit", "--help"],
    "kit": ["kit", "--lang", "pl", "--seed", "1", "--out-dir", "pl"],
    "by deck": ["kit", "--deck", "polski", "--seed", "1", "--out-dir", "deck"],
}.items()}
print(json.dumps({name: [run.exit_code, run.output] for name, run in runs.items()}))
"""


@pytest.fixture(scope="module")
def polish(tmp_path_factory):
    """A copy of cngen given a Polish folder, and what its commands print."""
    import json

    root = tmp_path_factory.mktemp("polish")
    folder = copy_package(root) / "languages" / "pl"
    if folder.exists():  # the shipped Polish, replaced by a first translation's few files
        shutil.rmtree(folder)
    for name, text in POLISH.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    done = run_copy(root, POLISH_RUN, root / "out")
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "out", json.loads(done.stdout)


def test_a_language_added_as_a_folder_is_found_listed_and_offered(polish):
    _, runs = polish
    code, listing = runs["decks"]
    assert code == 0 and re.search(r"^polski\s+pl\s+30 words\s+Słowa do testu\.$", listing, re.M)
    code, help_text = runs["help"]
    assert code == 0 and f"{', '.join(sorted({*LANGUAGES, 'pl'}, key=lambda c: (c != 'en', c)))};" in \
        " ".join(help_text.split())


@pytest.mark.parametrize("run", ["kit", "by deck"])
def test_a_kit_prints_in_a_language_added_as_a_folder_and_names_what_fell_back(polish, run):
    out, runs = polish
    code, output = runs[run]
    assert code == 0, output
    said = " ".join(output.split())
    # What the folder lacks is printed in English, and said, file and key.
    assert "languages/pl/labels.yaml has no 'page': it is printed in English" in said
    assert "languages/pl/classic-tiles.yaml has no 'green agent': it is printed in English" in said
    folder = out / ("pl" if run == "kit" else "deck")
    rules = " ".join(pdf_text(folder / "rules.pdf").split())
    # Polish counts: 40 takes the plural of five and more, 25 too; the rest of the sheet is English's.
    assert "W zestawie 40 kart klucza i 25 płytek. Setting up" in rules and rules.count("Zasady gry") == 3
    tiles = " ".join(pdf_text(folder / "tokens.pdf").split())
    assert "AGENT CZERWONY" in tiles and "PRZECHODZIEŃ" in tiles and "ZABÓJCA" in tiles
    cards = pdf_text(folder / "deck.pdf")
    assert all(word in cards for word in ("ŁÓDŹ", "ŻABA", "KSIĘŻYC"))


# A language folder of the user's with one mistake each: the file, its line and the key named,
# in one line, and nothing written.
BROKEN = {
    "shape": ("labels.yaml", "language: pl\nbox steps: [cut, fold]\n",
              r"languages/pl/labels\.yaml:2: box steps: this must be text"),
    "labels form": ("labels.yaml", "language: pl\nbox cards: \"{count|karta|kart}\"\n",
                    r"languages/pl/labels\.yaml:2: box cards: \{count\|karta\|kart\} gives 2 forms of its noun, "
                    r"and a count in Polish \('pl'\) takes 3"),
    "rules form": ("classic.yaml", POLISH["classic.yaml"].replace("{tiles|płytka|płytki|płytek}", "{tiles|płytka|płytek}"),
                   r"languages/pl/classic\.yaml:7: section 'components', block 1: '\{tiles\|płytka\|płytek\}' gives 2 "
                   r"forms of its noun, and a count in Polish \('pl'\) takes 3"),
    "board form": ("board.yaml", "language: pl\nbystanders: \"{count|przechodzień}\"\n",
                   r"languages/pl/board\.yaml:2: bystanders: \{count\|przechodzień\} gives 1 form of its noun"),
    "typography": ("language.yaml", POLISH["language.yaml"] + "typography:\n  space inside quotes: thin\n",
                   r"languages/pl/language\.yaml:5: typography: space inside quotes: unknown space 'thin'"),
}
BROKEN_RUN = """
import json, pathlib, sys
from click.testing import CliRunner
from generator.cli import main
folder = pathlib.Path(sys.argv[1])
results = {}
for name, (file, text) in json.loads(sys.argv[2]).items():
    kept = (folder / file).read_bytes() if (folder / file).exists() else None
    (folder / file).write_text(text, encoding="utf-8")
    command = ["board", "--lang", "pl", "--key-output", name + "-key.txt", "-o", name + ".txt"] if file == "board.yaml" \\
        else ["kit", "--lang", "pl", "--seed", "1", "--out-dir", name]
    run = CliRunner().invoke(main, command)
    results[name] = [run.exit_code, run.output, sorted(p.name for p in pathlib.Path().iterdir())]
    (folder / file).unlink() if kept is None else (folder / file).write_bytes(kept)
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def broken(polish, tmp_path_factory):
    """What cngen says of a Polish folder with each mistake of BROKEN in turn."""
    import json
    import subprocess
    import sys

    root = polish[0].parent
    cases = json.dumps({name: [file, text] for name, (file, text, _) in BROKEN.items()})
    cwd = tmp_path_factory.mktemp("broken")
    done = subprocess.run([sys.executable, "-c", BROKEN_RUN, str(root / "generator" / "languages" / "pl"), cases],
                          cwd=cwd, capture_output=True, text=True, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", BROKEN)
def test_a_mistake_in_a_language_folder_is_one_line_naming_file_line_and_key(broken, name):
    code, output, written = broken[name]
    assert code == 1, output
    errors = [line for line in output.splitlines() if line.startswith("Error")]  # progress lines aside
    assert len(errors) == 1 and "Traceback" not in output, output
    assert re.search(BROKEN[name][2], errors[0]), errors[0]
    assert written == [], written  # nothing written, not even a folder


def test_no_module_names_a_language_cngen_ships():
    """Languages are data: no string in generator/ is the code of a shipped language, but the
    fallback's (inputs/bundled.py's ENGLISH) and the casing rules' own table (capitals.py's
    SPECIAL_CASING, Unicode's and CLDR's, which hold for languages cngen does not ship too).
    The preflight reads PDF operators, some spelt as language codes (cs), and is left out."""
    import ast

    from generator.model.capitals import SPECIAL_CASING

    package = Path(__file__).resolve().parent.parent / "generator"
    codes = set(LANGUAGES) | set(SPECIAL_CASING)
    allowed = {("inputs/bundled.py", "en"), *(("model/capitals.py", code) for code in SPECIAL_CASING),
               ("errors.py", "cs"),  # Unicode's category Cs, a surrogate, spelt as Czech's code
               ("units.py", "pt"), ("draw/keycard.py", "pt")}  # points, the unit, spelt as Portuguese's
    named = set()
    for path in package.rglob("*.py"):
        where = path.relative_to(package).as_posix()
        if where.startswith("preflight/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in codes:
                named.add((where, node.value.lower(), node.lineno))
    assert {(where, code) for where, code, _ in named} <= allowed, sorted(named)
    assert len([entry for entry in named if entry[0] == "inputs/bundled.py"]) == 1


@pytest.mark.parametrize("typed, meant", [
    ("sp", "es"), ("spanish", "es"), ("Espanol", "es"), ("Deutsch", "de"), ("franc", "fr"), ("eng", "en"),
    ("xx", None), ("tlh", None), ("fr fr", None),
])
def test_a_language_that_is_not_one_is_refused_naming_the_one_meant(run, typed, meant):
    result = run("kit", "--lang", typed, "--seed", "1")
    assert result.exit_code == 2 and not Path("output").exists()  # nothing written
    error = result.output.strip().splitlines()[-1]
    assert f"'{typed}' is not a language's code" in error and f"cngen's texts are in {SHIPPED_LIST}," in error
    assert (f"did you mean '{meant}'" in error) if meant else "did you mean" not in error


def test_a_settings_files_language_is_held_to_the_same_rule(run):
    Path("cngen.yaml").write_text("lang: sp\n", encoding="utf-8")
    result = run("rules")
    assert result.exit_code == 1 and not Path("output/rules.pdf").exists()
    assert result.output.startswith("Error: cngen.yaml:1: lang: 'sp' is not a language's code: did you mean 'es'")


@pytest.mark.parametrize("code", ["tr", "el", "pt-BR", "nl-BE", "zh-Hant", "fil"])
def test_any_language_cldr_knows_is_taken_for_its_capitals_and_counts(code):
    from generator.model.languages import kit_language

    assert kit_language(code, LANGUAGES) == code.lower()


@pytest.mark.parametrize("typography, message", [
    ("  space inside quotes: thin\n", r"pl/language\.yaml:6: typography: space inside quotes: unknown space 'thin': "
                                      r"use none, narrow, no-break"),
    ("  quotes: «»\n", r"pl/language\.yaml:6: typography: quotes: an opening and a closing mark, a space between"),
    ("  space before:\n    \"%\": narrow\n", r"pl/language\.yaml:7: typography: space before: unknown key '%'"),
    ("  opening marks:\n    \"?\": ¿¿\n", r"pl/language\.yaml:7: typography: opening marks: \?: one character"),
])
def test_a_language_file_of_the_wrong_shape_names_its_line_and_key(typography, message):
    from generator.model.languages import parse_language_file

    data = f"language: pl\ndeck: polski\n# a comment\nminimum grouping digits: 2\ntypography:\n{typography}"
    with pytest.raises(CngenError, match=rf"^{message}"):
        parse_language_file(data.encode(), "pl/language.yaml", "pl", ("polski",))


@pytest.mark.parametrize("fonts, message", [
    ("  bold: NotoSans-Bold.ttf\n  regular: FiraSans-Regular.ttf\n  italic: FiraSans-Italic.ttf\n",
     r"ja/language\.yaml:4: fonts: bold: unknown bundled font 'NotoSans-Bold\.ttf': did you mean 'FiraSans-Bold\.ttf'\?"),
    ("  bold: FiraSans-Bold.ttf\n", r"ja/language\.yaml:3: fonts: 'regular:' is missing: add it"),
])
def test_a_language_names_only_fonts_cngen_ships(fonts, message):
    from generator.inputs.bundled import bundled_fonts
    from generator.model.languages import parse_language_file

    data = f"language: ja\ndeck: nihongo\nfonts:\n{fonts}".encode()
    with pytest.raises(CngenError, match=rf"^{message}"):
        parse_language_file(data, "ja/language.yaml", "ja", ("nihongo",), bundled_fonts())


def test_a_language_file_names_its_own_folder_and_one_of_its_decks():
    from generator.model.languages import parse_language_file

    with pytest.raises(CngenError, match=r"^it/language\.yaml:1: language: 'pl' is not the code of this folder, 'it': "
                                         r"a language's code is its folder's name, so write language: it"):
        parse_language_file(b"language: pl\ndeck: polski\n", "it/language.yaml", "it", ("polski",))
    with pytest.raises(CngenError, match=r"^it/language\.yaml:2: deck: unknown bundled deck 'italian'"):
        parse_language_file(b"language: it\ndeck: italian\n", "it/language.yaml", "it", ("italiano",))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_names_the_games_terms_and_where_they_come_from(code):
    from generator.model.languages import TERMS

    language = SHIPPED.languages[code]
    assert set(language.terms) == set(TERMS) and language.terms_source, code


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_deck_holds_one_of_its_languages_game_terms(code):
    """A codename that is a word of the game's own (KEY, CARD, CLUE, TURN in that language)
    makes a clue about the game, not the word: no bundled deck holds one."""
    language = SHIPPED.languages[code]
    for path in (labels_path(code).parent / "decks").glob("*.yaml"):
        words = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)["words"]
        assert not [word for word in words if word.casefold() in language.term_words()], path.name


def test_a_terms_word_is_each_word_of_it_and_the_whole():
    from generator.model.languages import LanguageFile

    language = LanguageFile("fr", "francais", terms={"spymaster": "maître-espion", "key card": "carte clé",
                                                     "team": "l’équipe"})
    assert language.term_words() == {"maître-espion", "maître", "espion", "carte clé", "carte", "clé", "l’équipe",
                                     "équipe"}


@pytest.mark.parametrize("width", [40, 55, 70, 90, 120, 160])
def test_japanese_wraps_between_characters_as_its_typesetting_allows(width):
    """A caption in Japanese, which has no spaces, breaks between characters, but never before
    a closing mark or a small kana, nor after an opening bracket (kinsoku)."""
    from generator.geometry.fit import _NO_LINE_END, _NO_LINE_START
    from generator.geometry.rulespage import wrap_words
    from generator.jobs.sources import load_font

    font = load_font(None, "BIZUDPGothic-Regular.ttf")
    text = "スパイマスターが見るキー。赤のヒント「海」は丸で囲んだ3語を指します。ちょっと待って、ショートケーキ！"
    lines = wrap_words(text, font, 7.0, width)
    assert lines is not None and "".join(lines) == text and len(lines) > 1
    assert all(font.width(line, 7.0) <= width for line in lines)
    assert not [line for line in lines[1:] if line[0] in _NO_LINE_START]
    assert not [line for line in lines[:-1] if line[-1] in _NO_LINE_END]


# --- The bundled pictures' names and a spreadsheet's column names ------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_bundled_picture_has_one_name_of_its_own_in_every_language(code):
    """Word-and-picture cards print the bundled pictures under their names in the kit's
    language: every picture is named, no two alike once printed in capitals, none a word of
    the game's own terms."""
    from generator.inputs.bundled import picture_deck_path
    from generator.model.words import normalise

    names = yaml.load((labels_path(code).parent / "picture-names.yaml").read_text(encoding="utf-8"),
                      Loader=yaml.CSafeLoader)
    assert set(names) == {path.stem for path in picture_deck_path().glob("*.svg")}
    printed = [normalise(name, code).casefold() for name in names.values()]
    assert len(set(printed)) == len(printed), [name for name in printed if printed.count(name) > 1]
    terms = SHIPPED.languages[code].term_words()
    assert not [name for name in names.values() if name.casefold() in terms]


def test_no_column_name_means_two_fields_in_any_language():
    """A sheet's headers are matched against every language's names at once: a name may mean
    one field alone."""
    from generator.jobs.language import column_names

    names = column_names()
    meanings: dict[str, set[str]] = {}
    for field, headers in names.items():
        for header in headers:
            meanings.setdefault(header.casefold(), set()).add(field)
    assert not {header: fields for header, fields in meanings.items() if len(fields) > 1}
    assert all(names[field] for field in ("word", "second", "picture", "category", "copies"))
    assert {path.parent.name for path in labels_path("en").parent.parent.glob("*/columns.yaml")} == set(LANGUAGES)
