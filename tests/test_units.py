import pytest

from generator.errors import UsageError
from generator.units import MM, parse_length, parse_paper, parse_size


@pytest.mark.parametrize(
    "text, points",
    [("3mm", 3 * MM), ("0.5cm", 5 * MM), ("1in", 72.0), ("14pt", 14.0), (" 2.5 MM ", 2.5 * MM), (".5in", 36.0)],
)
def test_lengths_are_converted_to_points(text, points):
    assert parse_length(text) == pytest.approx(points)


@pytest.mark.parametrize("text", ["3", "mm", "-3mm", "3 furlongs", "1e3mm", ""])
def test_a_length_without_a_known_unit_is_refused_with_an_example(text):
    with pytest.raises(UsageError, match="e.g. 5mm"):
        parse_length(text)


def test_sizes_take_one_unit_for_both_sides_or_one_each():
    assert parse_size("70x45mm") == pytest.approx((70 * MM, 45 * MM))
    assert parse_size("2.75in x 1.75in") == pytest.approx((198.0, 126.0))
    assert parse_size("7cmx45mm") == pytest.approx((70 * MM, 45 * MM))


def test_papers_by_name_are_portrait_and_custom_sizes_work():
    assert parse_paper("A4") == pytest.approx((210 * MM, 297 * MM))
    assert parse_paper("letter") == pytest.approx((612.0, 792.0))
    assert parse_paper("320x450mm") == pytest.approx((320 * MM, 450 * MM))


def test_an_unknown_paper_lists_the_known_ones():
    with pytest.raises(UsageError, match="a0 to a10, b0 to b10, letter, legal, tabloid, .*sra3"):
        parse_paper("foolscap")


@pytest.mark.parametrize("name, mm", [("a5", (148, 210)), ("b5", (176, 250)), ("sra3", (320, 450)),
                                      ("Tabloid", (279.4, 431.8)), ("sra4", (225, 320))])
def test_iso_and_us_papers_come_from_reportlab_and_shops_sra_sizes_are_added(name, mm):
    assert parse_paper(name) == pytest.approx((mm[0] * MM, mm[1] * MM), abs=0.5)


@pytest.mark.parametrize("text", ["0", "0.0", "0mm", ".0"])
def test_zero_needs_no_unit(text):
    assert parse_length(text) == 0.0
