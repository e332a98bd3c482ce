"""cngen tts: decks for Tabletop Simulator, read back as TTS would read them.

The saved object is parsed as JSON and checked against the format (CardID = deck number x 100
+ slot, each contained card with its own CardID and a copy of its CustomDeck entry, grids that
match the sheets' pixels); a sheet is cut into its slots as TTS cuts it, and a known word's slot
compared with that word's face drawn alone by the same artist. The sheet layout of a 20,000
word deck is checked without drawing it. Every distinct run happens once in this module.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from generator.cli import main
from generator.exports.export import CODENAMES, ImageFile, Made
from generator.exports.tts import TTS, saved
from generator.exports.tts.address import parse_base_url
from generator.exports.tts.saved import Part, TtsMaker, pile, shown_text, tile_kinds
from generator.exports.tts.sheets import (
    BACK,
    COLUMNS,
    FRONT,
    MOST_PIXELS,
    PER_SHEET,
    ROWS,
    Sheet,
    plan_sheets,
    sheet_drawing,
    sheet_grid,
    slot_crop,
    slot_pixels,
)
from generator.exports.tts.table import Transform, card_scale, extent, lay_out
from generator.games import GAMES
from generator.jobs.export import export_texts
from generator.jobs.language import shipped_languages
from generator.model.tiles import TileText, tiles
from generator.units import MM

WORD_CARD, KEY_CARD, PICTURE_CARD = (70 * MM, 45 * MM), (70 * MM, 70 * MM), (64 * MM, 64 * MM)
SYLLABLES = ("BA", "DO", "KI", "LU", "ME", "NO", "RA", "SI", "TE", "VU", "ZO", "PA")
# 150 words, each the list's own: 75 cards, so a full sheet of 70 and a second one of 5.
WORDS = [a + b + c for a in SYLLABLES for b in SYLLABLES[:4] for c in SYLLABLES[:4]][:150]
PROBED = 143  # the back of card 71: the second sheet's slot 1, CardID 201 (codenames take decks 1 and 2)
SEED = "7"


def generated_words(count: int) -> list[str]:
    """``count`` distinct words of letters, as a user's long list would be."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return ["".join(letters[(number // 26 ** place) % 26] for place in range(4)) for number in range(count)]


class Probe(TtsMaker):
    """The real maker, with one more picture: the probed word's face alone, drawn by the same
    artist into one slot of the same pixels, as TTS would show that card."""

    def make(self, request):
        made = super().make(request)
        cards = request.cards[CODENAMES]
        face = cards.named[WORDS[PROBED]]
        alone = Sheet("probe", 1, 99, 0, 1, 1, 1, slot_pixels(cards.card_size))
        probe = ImageFile(request.own.out_dir / "probe.png",
                          sheet_drawing(alone, [(face, face)], FRONT, cards.artist, cards.card_size), alone.pixels)
        return Made((*made.files, probe), made.summary, made.notes)


def cngen(folder: Path, *args: str) -> dict:
    """cngen tts run in ``folder``: its exit code, what it printed, and every file it wrote
    (and the digest of every file of the folder's before the run, to compare after)."""
    folder.mkdir(parents=True, exist_ok=True)
    before = {path.name: sha256(path) for path in folder.iterdir() if path.is_file() and not path.is_symlink()}
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, ["tts", *args])
    finally:
        os.chdir(here)
    out = folder / "out"
    files = {path.name: path.read_bytes() for path in sorted(out.iterdir())} if out.is_dir() else {}
    saved_object = json.loads(files["codenames.json"]) if "codenames.json" in files else None
    return {"code": result.exit_code, "output": result.output, "files": files, "json": saved_object, "out": out,
            "before": before}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def plant_record(folder: Path, entries: dict[str, Path]) -> None:
    """A record of cngen's in ``folder``/out that someone else wrote: each name listed with the
    size and digest of the file beside it, as a record of cngen's would."""
    (folder / "out").mkdir(parents=True)
    recorded = {name: f"{path.stat().st_size}:{sha256(path)}" for name, path in entries.items()}
    (folder / "out" / ".cngen-tts.json").write_text(json.dumps({"written_by": "cngen", "files": recorded}))


@pytest.fixture(scope="module")
def words(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("words") / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def classic(tmp_path_factory) -> dict:
    """The default run: the bundled deck of 434 words, 40 key cards, one set of tiles."""
    return cngen(tmp_path_factory.mktemp("classic"), "--seed", SEED, "--out-dir", "out")


@pytest.fixture(scope="module")
def probed(tmp_path_factory, words) -> dict:
    maker = saved.MAKER
    saved.MAKER = Probe()
    try:
        return cngen(tmp_path_factory.mktemp("probed"), "--words", str(words), "--keys-count", "3", "--seed", SEED,
                     "--out-dir", "out")
    finally:
        saved.MAKER = maker


@pytest.fixture(scope="module")
def web(tmp_path_factory, words) -> dict:
    """With a link where the folder's record goes, to a file of the user's."""
    folder = tmp_path_factory.mktemp("web")
    (folder / "thesis.txt").write_text("my thesis")
    (folder / "out").mkdir()
    (folder / "out" / ".cngen-tts.json").symlink_to("../thesis.txt")
    return cngen(folder, "--words", str(words), "--keys-count", "3", "--seed", SEED,
                 "--out-dir", "out", "--base-url", "https://example.org/our-game")


@pytest.fixture(scope="module")
def duet(tmp_path_factory, words) -> dict:
    """With a record someone planted in the folder, naming files outside it (by a way up, by an
    absolute path) and one inside that cngen never writes, each with its size and digest."""
    folder = tmp_path_factory.mktemp("duet")
    for name in ("secret.txt", "elsewhere.txt"):
        (folder / name).write_text(f"the user's {name}")
    plant_record(folder, {"../secret.txt": folder / "secret.txt", str(folder / "elsewhere.txt"): folder / "elsewhere.txt",
                          "notes.txt": folder / "secret.txt"})
    (folder / "out" / "notes.txt").write_text("the user's secret.txt")
    return cngen(folder, "--duet", "--words", str(words), "--keys-count", "2", "--seed", SEED, "--out-dir", "out")


TITLE = "[FF0000]Our [b]night[/b][-]"  # Tabletop Simulator's own tags, in a title


@pytest.fixture(scope="module")
def pictures(tmp_path_factory) -> dict:
    """The picture edition with 24 small generated pictures of the user's."""
    folder = tmp_path_factory.mktemp("pictures") / "mine"
    folder.mkdir()
    for number in range(24):
        image = Image.linear_gradient("L").resize((96, 96)).convert("RGB")
        image.paste(Image.new("RGB", (32, 32), ((number * 37) % 256, (number * 91) % 256, 200)), (32, 32))
        image.save(folder / f"p{number:02}.png")
    return cngen(folder.parent, "--pictures", "--images", str(folder), "--keys-count", "2", "--seed", SEED,
                 "--out-dir", "out", "--title", TITLE)


def objects(run: dict) -> list[dict]:
    assert run["code"] == 0, run["output"]
    return run["json"]["ObjectStates"]


def cards_of(piece: dict) -> list[dict]:
    return piece["ContainedObjects"] if piece["Name"] == "DeckCustom" else [piece]


def picture(run: dict, url: str) -> Image.Image:
    return Image.open(io.BytesIO(run["files"][url.rsplit("/", 1)[-1]]))


def sheet_of(run: dict, piece: dict, card_id: int) -> tuple[dict, int]:
    """The CustomDeck entry that holds ``card_id``, and the card's slot on it."""
    entry = piece["CustomDeck"][str(card_id // 100)]
    return entry, card_id % 100


# The saved object against the format, for every game.

@pytest.mark.parametrize("run_name", ["classic", "duet", "pictures"])
def test_every_card_names_its_sheet_and_slot_as_tts_counts_them(request, run_name):
    run = request.getfixturevalue(run_name)
    decks_seen: dict[str, dict] = {}
    for piece in objects(run):
        cards = cards_of(piece)
        if piece["Name"] == "DeckCustom":
            assert piece["DeckIDs"] == [card["CardID"] for card in cards]
            assert set(piece["CustomDeck"]) == {str(card["CardID"] // 100) for card in cards}
        for card in cards:
            assert card["Name"] == "Card" and list(card["CustomDeck"]) == [str(card["CardID"] // 100)]
            entry, slot = sheet_of(run, card, card["CardID"])
            assert slot < entry["NumWidth"] * entry["NumHeight"] <= PER_SHEET
            assert entry["NumWidth"] <= COLUMNS and entry["NumHeight"] <= ROWS
            assert entry["UniqueBack"] is True and entry["BackIsHidden"] is True and entry["Type"] == 0
            if piece["Name"] == "DeckCustom":
                assert piece["CustomDeck"][str(card["CardID"] // 100)] == entry
            decks_seen.setdefault(str(card["CardID"] // 100), entry)
    all_ids = [card["CardID"] for piece in objects(run) for card in cards_of(piece)]
    assert len(all_ids) == len(set(all_ids))
    assert sorted(decks_seen, key=int) == [str(number) for number in range(1, len(decks_seen) + 1)]


@pytest.mark.parametrize("run_name", ["classic", "duet", "pictures"])
def test_each_sheet_is_an_rgb_picture_of_its_grid_within_the_limits(request, run_name):
    run = request.getfixturevalue(run_name)
    entries = {number: entry for piece in objects(run) for card in cards_of(piece)
               for number, entry in card["CustomDeck"].items()}
    for entry in entries.values():
        face, back = picture(run, entry["FaceURL"]), picture(run, entry["BackURL"])
        assert face.size == back.size and face.mode == back.mode == "RGB"
        assert max(face.size) <= MOST_PIXELS
        assert face.width % entry["NumWidth"] == 0 and face.height % entry["NumHeight"] == 0
    named = {url.rsplit("/", 1)[-1] for entry in entries.values() for url in (entry["FaceURL"], entry["BackURL"])}
    users = {"notes.txt"} if run_name == "duet" else set()  # a file of the user's lies in that folder too
    assert named | {"codenames.json", "codenames.png", ".cngen-tts.json"} == set(run["files"]) - users


def test_the_default_deck_of_434_words_is_217_cards_on_four_sheets_of_each_side(classic):
    codenames, keys, _, *tiles = objects(classic)
    assert len(codenames["DeckIDs"]) == 217 and len(codenames["CustomDeck"]) == 4
    assert [codenames["CustomDeck"][str(number)]["NumHeight"] for number in range(1, 5)] == [7, 7, 7, 1]
    assert len(keys["DeckIDs"]) == 40 and list(keys["CustomDeck"]) == ["5"]
    assert sum(len(cards_of(tile)) for tile in tiles) == 25
    names = sorted(classic["files"])
    assert [name for name in names if name.startswith("codenames-")] == [
        f"codenames-{number}-{side}.png" for number in range(1, 5) for side in ("back", "front")]
    assert {"keys-1-front.png", "keys-1-back.png", "tiles-1-front.png", "tiles-1-back.png"} <= set(names)


def test_a_slot_holds_the_card_its_card_id_names(probed):
    """The probed word is the back of card 71: DeckIDs[71] is 201, sheet 2's slot 1, whose crop
    of the back sheet is that word's face as its artist draws it alone."""
    codenames = objects(probed)[0]
    card_id = codenames["DeckIDs"][PROBED // 2]
    assert card_id == 201
    entry, slot = sheet_of(probed, codenames, card_id)
    sheet = picture(probed, entry["BackURL"]).convert("RGB")
    width, height = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
    alone = Image.open(io.BytesIO(probed["files"]["probe.png"])).convert("RGB")
    assert alone.size == (width, height)

    def difference(at: int) -> float:
        row, column = divmod(at, entry["NumWidth"])
        crop = sheet.crop((column * width, row * height, (column + 1) * width, (row + 1) * height))
        return sum(ImageStat.Stat(ImageChops.difference(crop, alone)).mean) / 3

    assert difference(slot) < 0.1  # the same face, drawn the same way
    assert difference(0) > 5  # another word is not
    assert ImageStat.Stat(sheet.crop((width, 0, 2 * width, height))).stddev[0] > 10  # the slot is not blank


def test_cards_and_tiles_keep_their_printed_proportions(classic, pictures):
    codenames, keys, *_ = objects(classic)
    assert (codenames["Transform"]["scaleX"], codenames["Transform"]["scaleZ"]) == card_scale(WORD_CARD)
    assert (keys["Transform"]["scaleX"], keys["Transform"]["scaleZ"]) == card_scale(KEY_CARD)
    scale_x, scale_z = card_scale(WORD_CARD)
    assert scale_x * 2.5 / (scale_z * 3.5) == pytest.approx(70 / 45, rel=1e-3)  # TTS's card is 2.5 x 3.5 in
    face = picture(classic, codenames["CustomDeck"]["1"]["FaceURL"])
    slot = face.width / 10, face.height / 7
    assert slot[0] / slot[1] == pytest.approx(70 / 45, abs=0.01)
    assert objects(pictures)[0]["Transform"]["scaleX"] == card_scale(PICTURE_CARD)[0]


def test_codename_and_key_cards_have_a_back_each_and_tiles_lie_in_one_deck_a_kind(classic):
    codenames, keys, _, *tiles = objects(classic)
    assert codenames["Nickname"] == "Codename cards" and keys["Nickname"] == "Key cards · 1"
    assert keys["Transform"]["rotZ"] == 180.0 and codenames["Transform"]["rotZ"] == 0.0  # keys face down
    assert [(tile["Nickname"], len(cards_of(tile))) for tile in tiles] == [
        ("RED AGENT", 8), ("BLUE AGENT", 8), ("DOUBLE AGENT", 1), ("BYSTANDER", 7), ("ASSASSIN", 1)]
    assert [tile["Name"] for tile in tiles] == ["DeckCustom", "DeckCustom", "Card", "DeckCustom", "Card"]


def test_duet_has_its_timer_tokens_and_spares_beside_its_agents(duet):
    codenames, keys, _, *tiles = objects(duet)
    assert [(tile["Nickname"], len(cards_of(tile))) for tile in tiles] == [
        ("AGENT", 15), ("ASSASSIN", 1), ("TIMER", 9), ("TIMER", 2)]
    assert len(keys["DeckIDs"]) == 2 and len(codenames["DeckIDs"]) == 75
    assert duet["json"]["SaveName"] == "Codenames Duet"


def test_picture_sheets_are_jpegs_and_the_rest_pngs(pictures):
    codenames, keys, *_ = objects(pictures)
    assert len(codenames["DeckIDs"]) == 12 and codenames["Nickname"] == "Picture cards"
    entry = codenames["CustomDeck"]["1"]
    assert entry["FaceURL"].endswith("/codenames-1-front.jpg") and picture(pictures, entry["FaceURL"]).format == "JPEG"
    assert picture(pictures, keys["CustomDeck"]["2"]["FaceURL"]).format == "PNG"
    assert "12 picture cards on 1 sheet" in pictures["output"]


def test_photos_are_made_ready_at_the_pixels_of_their_slot_on_the_sheet():
    assert saved.MAKER.shown_dpi({}, GAMES["pictures"], PICTURE_CARD) == pytest.approx(409 / (64 / 25.4))
    assert saved.MAKER.shown_dpi({}, GAMES["pictures"], (20 * MM, 20 * MM)) == pytest.approx(300, abs=1)


def test_images_are_file_addresses_in_the_output_folder_by_default(classic):
    entry = objects(classic)[0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == (classic["out"] / "codenames-1-front.png").absolute().as_uri()
    assert entry["FaceURL"].startswith("file:///")


def test_a_base_url_addresses_every_image_and_changes_nothing_else(probed, web):
    text = web["files"]["codenames.json"].decode("utf-8")
    assert "file://" not in text and '"https://example.org/our-game/codenames-2-back.png"' in text
    local = probed["files"]["codenames.json"].decode("utf-8")
    assert local.replace(probed["out"].absolute().as_uri() + "/", "https://example.org/our-game/") == text
    # The same seed and inputs draw the same sheets, pixel for pixel, whoever's maker wrote them.
    for name, data in web["files"].items():
        if name.endswith(".png"):
            assert same_pixels(data, probed["files"][name]), name


def same_pixels(first: bytes, second: bytes) -> bool:
    """Whether two PNGs hold the same pixels: at once when they are the same bytes (the same
    pixels, encoded alike), else decoded and compared (a sheet of 4096 pixels takes a tenth
    of a second to decode)."""
    if first == second:
        return True
    images = [Image.open(io.BytesIO(data)).convert("RGB") for data in (first, second)]
    return ImageChops.difference(*images).getbbox() is None
    assert "looks for the images at https://example.org/our-game/" in web["output"]


def test_the_summary_says_where_to_copy_it_and_who_can_see_file_images(classic):
    output = classic["output"]
    assert r"Documents\My Games\Tabletop Simulator\Saves\Saved Objects" in output
    assert "~/Library/Tabletop Simulator/Saves/Saved Objects" in output
    assert "~/.local/share/Tabletop Simulator/Saves/Saved Objects" in output
    assert "single player and hotseat only" in output and "--base-url" in output
    assert "217 codename cards on 4 sheets, 40 key cards on 1 sheet, 25 tiles on 1 sheet" in output


# A folder's record: trusted with the names of cngen's own files in that folder, and nothing else.

def test_a_planted_record_removes_nothing_it_names_and_says_so(duet):
    folder = duet["out"].parent
    assert duet["code"] == 0, duet["output"]
    assert {name: sha256(folder / name) for name in duet["before"]} == duet["before"]  # secret.txt, elsewhere.txt
    assert (duet["out"] / "notes.txt").read_text() == "the user's secret.txt"
    note = f"Note: out/.cngen-tts.json lists '../secret.txt', '{folder}/elsewhere.txt', 'notes.txt', which are not files"
    assert note in duet["output"] and "cngen tts writes in out: ignored, and left as they are" in duet["output"]
    assert "Traceback" not in duet["output"]
    recorded = json.loads(duet["files"][".cngen-tts.json"])["files"]  # this run's own record, of its own files
    assert set(recorded) == set(duet["files"]) - {".cngen-tts.json", "notes.txt"}


def test_a_link_where_the_record_goes_is_replaced_never_written_through(web):
    folder = web["out"].parent
    assert web["code"] == 0, web["output"]
    assert (folder / "thesis.txt").read_text() == "my thesis"
    record = web["out"] / ".cngen-tts.json"
    assert not record.is_symlink() and json.loads(record.read_text())["written_by"] == "cngen"
    assert "Note: out/.cngen-tts.json is a link, not the record cngen tts keeps there: nothing was removed by it" \
        in web["output"]


def test_only_the_names_tts_gives_its_files_are_its_own():
    maker = saved.MAKER
    for name in ("codenames.json", "codenames.png", "codenames-1-front.png", "keys-12-back.jpg", "tiles-3-back.png"):
        assert maker.own_file(name), name
    for name in ("notes.txt", "codenames-0-front.png", "codenames-01-front.png", "deck-1-front.png",
                 "codenames-1-side.png", "codenames-1-front.gif", "../codenames.json", ".cngen-tts.json",
                 "codenames-１-front.png"):
        assert not maker.own_file(name), name


# Bad input: a clear message, nothing written.

def test_a_title_shows_as_written_and_opens_no_tag_of_tabletop_simulators(pictures):
    """Names and descriptions read "[b]", "[FF0000]", "[-]": a zero-width space after each "["
    of a user's text keeps it from opening one, and shows nothing."""
    name = pictures["json"]["SaveName"]
    assert name == TITLE.replace("[", "[\u200b") + " (Codenames Pictures)"
    assert not re.search(r"\[(/?[bius]|sub|sup|-|[0-9A-Fa-f]{2,8}|url=)", name)
    pile = objects(pictures)[0]
    assert pile["Nickname"] == "Picture cards" and "\u200b" not in json.dumps(objects(pictures), ensure_ascii=False)


def test_every_name_on_the_table_is_shown_as_written():
    assert shown_text("[B]BOSS[/B] [c0ffee]") == "[\u200bB]BOSS[\u200b/B] [\u200bc0ffee]"
    assert shown_text("Red agent") == "Red agent"


BAD_ADDRESSES = [
    ("example.org/cards", "is not a web address: write one such as https://example.org/codenames/"),
    ("/var/www/cards/", "is not a web address"),
    ("file:///home/me/cards/", "an address on this computer alone: without --base-url cngen writes those itself"),
    ("ftp://example.org/cards/", "begins ftp:, and Tabletop Simulator loads images only from http and https"),
    ("https://[::1/", "opens an IPv6 address with '[' and never closes it"),
    ("https://[::g]/cards/", "'[::g]' as its host, which is not an IPv6 address"),
    ("https:///cards/", "has no host: write the server's name after the //"),
    ("https://:8080/cards/", "has no host"),
    ("https://exa mple.org/", "holds U+0020 SPACE, which a web address cannot hold as it is: write it as %20"),
    ("https://example.org/my cards/", "write it as %20"),
    ('https://example.org/"cards"/', "write it as %22"),
    ("https://example.org/é/", "write it as %C3%A9"),
    ("https://exämple.org/", "in its host name, which an address writes in its ASCII form"),
    ("https://example.org/100%/", "a '%' that is not followed by two hexadecimal digits"),
    ("https://example.org:99999/", "':99999' as its port, which is not one: a port is a number from 1 to 65535"),
    ("https://example.org:0/", "':0' as its port"),
    ("https://example.org:http/", "':http' as its port"),
    ("https://example.org/cards?v=2", "holds a query ('?...'), and each image's file name would follow it"),
    ("https://example.org/cards/#top", "holds a fragment ('#...')"),
    ("https://me:secret@example.org/", "a user name or password (before '@'), which the saved object would show"),
    ("https://example..org/", "'example..org' as its host, which is not a host name"),
    ("https://" + "a" * 2_000 + ".org/", "longer than a web address can be (at most 2,000 characters)"),
]


@pytest.mark.parametrize("address, message", BAD_ADDRESSES, ids=[case[0][:40] for case in BAD_ADDRESSES])
def test_a_base_url_no_player_could_load_images_from_is_refused_naming_the_fix(tmp_path, folder_state, address,
                                                                                message):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "notes.txt").write_text("my own notes\n", encoding="utf-8")
    before = folder_state(tmp_path)
    run = cngen(tmp_path, "--base-url", address, "--out-dir", "out")
    assert run["code"] == 2, run["output"]
    assert "Invalid value for '--base-url'" in run["output"] and message in run["output"]
    assert "Traceback" not in run["output"] and folder_state(tmp_path) == before


@pytest.mark.parametrize("given, used", [
    ("https://example.org/cards", "https://example.org/cards/"),
    ("  https://example.org/cards/  ", "https://example.org/cards/"),
    ("https://example.org/cards//", "https://example.org/cards/"),
    ("https://example.org", "https://example.org/"),
    ("http://192.168.1.20:8000/our%20game/", "http://192.168.1.20:8000/our%20game/"),
    ("https://[2001:db8::1]:8443/c", "https://[2001:db8::1]:8443/c/"),
    ("https://my_host.example.org./c/", "https://my_host.example.org./c/"),
])
def test_a_base_url_a_user_would_give_is_taken_with_one_slash_to_end_it(given, used):
    assert parse_base_url(given) == used


def test_an_output_folder_that_is_a_file_is_refused_before_any_work(tmp_path):
    (tmp_path / "out").write_text("mine", encoding="utf-8")
    run = cngen(tmp_path, "--out-dir", "out")
    assert run["code"] != 0 and "out is a file" in run["output"]
    assert (tmp_path / "out").read_text(encoding="utf-8") == "mine"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]


# The layout, pure: any count, and a 20,000-word deck, without drawing.

@settings(max_examples=60, deadline=None)
@given(cards=st.integers(1, 12_000), width=st.floats(20, 300), height=st.floats(20, 300))
def test_any_deck_fits_the_sheets_limits_at_its_cards_proportions(cards, width, height):
    assume(1 / 4 <= width / height <= 4)
    size = (width * MM, height * MM)
    sheets = plan_sheets("codenames", cards, size, 1)
    assert sum(sheet.count for sheet in sheets) == cards
    assert [sheet.first for sheet in sheets] == [index * PER_SHEET for index in range(len(sheets))]
    for sheet in sheets:
        assert sheet.count <= sheet.columns * sheet.rows and sheet.columns <= COLUMNS and sheet.rows <= ROWS
        assert max(sheet.pixels) <= MOST_PIXELS
    slot_w, slot_h = sheets[0].slot
    assert abs(slot_w / slot_h - width / height) <= (width / height) * (1 / slot_h + 1 / slot_w)


def test_a_70_by_45_mm_card_is_as_sharp_as_a_full_sheet_allows():
    assert slot_pixels(WORD_CARD) == (409, 263)  # 4096 / 10 columns: about 148 dpi
    assert slot_pixels((20 * MM, 15 * MM)) == (236, 177)  # small enough for 300 dpi
    assert sheet_grid(70) == (10, 7) and sheet_grid(5) == (5, 1) and sheet_grid(25) == (10, 3)


def test_a_20000_word_deck_is_10000_cards_on_143_sheets_with_their_card_ids():
    words = generated_words(20_000)
    assert len(set(words)) == 20_000
    faces = [(words[index], words[index + 1]) for index in range(0, len(words), 2)]
    sheets = plan_sheets("codenames", len(faces), WORD_CARD, 1)
    assert len(sheets) == 143 and sheets[-1].count == 10_000 - 142 * 70
    part = Part("codenames", faces, None, WORD_CARD, sheets)
    deck = pile(part, part.card_ids(), Transform(0, 0, WORD_CARD), "Codename cards", "", lambda name: name,
                (f"{number:06x}" for number in range(1, 100_000)))
    assert deck["DeckIDs"] == [sheet.deck * 100 + slot for sheet in sheets for slot in range(sheet.count)]
    assert len(deck["CustomDeck"]) == 143 and len(deck["ContainedObjects"]) == 10_000
    last = deck["ContainedObjects"][-1]
    assert last["CardID"] == 14359 and last["CustomDeck"] == {"143": deck["CustomDeck"]["143"]}
    assert deck["CustomDeck"]["143"]["FaceURL"] == "codenames-143-front.png"
    assert slot_crop(sheets[-1], 9) == (9 * 409, 0, 10 * 409, 263)


@pytest.mark.parametrize("game, table", [*((game, None) for game in sorted(GAMES)), ("classic", (3, None)),
                                         ("classic", (4, None)), ("classic", (2, (4, 4))), ("classic", (4, (5, 7)))])
def test_the_pieces_lie_apart_around_the_space_for_the_grid(game, table):
    """No deck or tile pile overlaps another or the grid the codenames are dealt into, at any
    table: three or four teams' agents, a 7 x 7 grid, an oblong one."""
    played = GAMES[game] if table is None else GAMES[game].seat(*table, None)
    codename = PICTURE_CARD if played.grid.cards.name == "picture" else WORD_CARD
    kinds = len(played.tiles)
    layout = lay_out((played.grid.rows, played.grid.columns), codename, KEY_CARD, codename, kinds)
    card_w, card_h = extent(codename)
    grid = (0.0, 0.0, played.grid.columns * (card_w + 0.5), played.grid.rows * (card_h + 0.5))
    pieces = [grid, *((piece.x, piece.z, *extent(piece.card_size))
                      for piece in (layout.codenames, layout.keys, *layout.tiles))]
    for first, (x1, z1, w1, h1) in enumerate(pieces):
        for x2, z2, w2, h2 in pieces[first + 1:]:
            assert abs(x1 - x2) >= (w1 + w2) / 2 or abs(z1 - z2) >= (h1 + h2) / 2


def test_tiles_are_grouped_by_kind_across_sets():
    duet = GAMES["duet"]
    faces = [(kind.front, kind.back) for _ in range(2) for kind in duet.tiles for _ in range(kind.per_set)]
    kinds = tile_kinds(duet, faces)
    assert [(name, len(indices)) for name, indices in kinds] == [
        ("agent", 30), ("assassin", 2), ("timer token", 18), ("timer token", 4)]
    assert kinds[1][1] == [15, 42]


def test_tiles_with_an_editions_characters_keep_their_kinds_piles():
    classic = GAMES["classic"]
    texts = (TileText("red agent", "Aunt Rosa", tile=0), TileText("red agent", "Uncle Bo", tile=1),
             TileText("assassin", "The Clown"))
    faces = [(tile.front, tile.back) for tile in tiles(classic.tiles, 2, texts)]
    assert faces[0][0].character == 0 and faces[1][0].character == 1  # the characters are on their tiles
    kinds = tile_kinds(classic, faces)
    assert [(name, len(indices)) for name, indices in kinds] == [
        ("red agent", 16), ("blue agent", 16), ("double agent", 2), ("bystander", 14), ("assassin", 2)]


def test_a_sheet_drawing_is_one_point_a_pixel():
    sheet = plan_sheets("keys", 12, KEY_CARD, 3)[0]
    drawing = sheet_drawing(sheet, [(None, None)] * 12, BACK, None, KEY_CARD)
    assert drawing.size == (10 * 409.0, 2 * 409.0) == tuple(float(side) for side in sheet.pixels)
    assert sheet.card_id(11) == 311 and sheet.file_name(BACK) == "keys-1-back.png"


@pytest.mark.parametrize("language", tuple(shipped_languages().languages))  # as their folders are found
def test_the_piles_are_named_in_every_language_cngen_ships(language):
    texts, notes = export_texts(TTS, language)
    assert notes == () and texts.missing == () and set(texts.texts) == set(TTS.text_keys)
    hint = texts.text("key cards hint")
    if language == "fr":  # a high sign takes a no-break space before it (the labels keep no other)
        assert all(hint[at - 1] in "\u202f\u00a0" for at, sign in enumerate(hint) if sign in ":;!?")


def test_each_codename_card_is_named_by_its_two_codenames_for_a_search(classic, pictures):
    """A player finds a card by typing one of its words: its name holds both, front first."""
    from generator.jobs.sources import load_words

    codenames = objects(classic)[0]
    names = [card["Nickname"] for card in codenames["ContainedObjects"]]
    words = load_words(None, None, False).words
    assert names[0] == f"{words[0]} / {words[1]}" and names[-1] == f"{words[-2]} / {words[-1]}"
    assert sorted(word for name in names for word in name.split(" / ")) == sorted(words)
    pictured = objects(pictures)[0]
    assert all(" / " in card["Nickname"] and "." not in card["Nickname"] for card in pictured["ContainedObjects"])


@pytest.mark.parametrize("run_name, swapped", [("classic", False), ("duet", True)])
def test_each_spymaster_has_a_key_deck_of_the_same_keys_in_the_same_order(request, run_name, swapped):
    """A hand is its player's alone: two key decks, one by each spymaster, the same cards in the
    same order, so that drawing together both hold the same key. In Duet the second deck shows
    each card's other side face up: each player holds their own side."""
    _, first, second, *_ = objects(request.getfixturevalue(run_name))
    assert (first["Nickname"], second["Nickname"]) == ("Key cards · 1", "Key cards · 2")
    assert first["Transform"]["posX"] == -second["Transform"]["posX"] and first["Transform"]["posZ"] == \
        second["Transform"]["posZ"]
    assert len(first["DeckIDs"]) == len(second["DeckIDs"]) and not set(first["DeckIDs"]) & set(second["DeckIDs"])
    for one, other in zip(cards_of(first), cards_of(second)):
        assert one["CardID"] % 100 == other["CardID"] % 100
        mine, theirs = (next(iter(card["CustomDeck"].values())) for card in (one, other))
        faces = (theirs["FaceURL"], theirs["BackURL"])
        assert faces == ((mine["BackURL"], mine["FaceURL"]) if swapped else (mine["FaceURL"], mine["BackURL"]))
    assert ("side" in first["Description"]) == swapped
