"""Shrink-to-fit: words always fit their box, never below the readable minimum."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from generator.geometry.fit import fit_text
from generator.jobs.sources import load_font

FONT = load_font(None)


def test_a_short_word_gets_the_largest_size():
    fitted = fit_text("BANK", FONT, 200, 60, max_size=22, min_size=10)
    assert fitted.lines == ("BANK",) and fitted.size == 22


def test_a_long_word_shrinks_to_the_width():
    fitted = fit_text("SUPERCALIFRAGILISTIC", FONT, 150, 60, max_size=22, min_size=8)
    assert fitted.lines == ("SUPERCALIFRAGILISTIC",)
    assert FONT.width(fitted.lines[0], fitted.size) == pytest.approx(150)


def test_a_long_phrase_wraps_onto_two_balanced_lines_when_that_is_larger():
    fitted = fit_text("LONG WORDS TOGETHER HERE", FONT, 160, 60, max_size=22, min_size=10)
    assert fitted.lines == ("LONG WORDS", "TOGETHER HERE")


def test_a_word_that_cannot_reach_the_minimum_does_not_fit():
    assert fit_text("A" * 40, FONT, 160, 60, max_size=22, min_size=10) is None


@given(
    st.text(alphabet="ABCDÉÇŒ ", min_size=1, max_size=40).filter(lambda t: t.strip() == t and "  " not in t),
    st.floats(40, 400),
    st.floats(10, 100),
)
def test_whatever_is_fitted_fits_its_box(text, width, height):
    fitted = fit_text(text, FONT, width, height, max_size=30, min_size=6)
    assume(fitted is not None)
    assert 6 <= fitted.size <= 30
    assert " ".join(fitted.lines) == text
    assert max(FONT.width(line, fitted.size) for line in fitted.lines) <= width + 1e-6
    assert len(fitted.lines) * FONT.line_height(fitted.size) <= height + 1e-6
