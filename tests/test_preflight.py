"""Preflight: a good PDF/X-1a file passes every rule, and each crafted fault fails exactly the
rule it breaks, naming the place."""

from __future__ import annotations

import io
import time
from typing import Callable

import pikepdf
import pytest
from test_pdfx import cmyk_card_pdf

from generator.errors import CngenError
from generator.output.pdfx import finish_pdfx
from generator.preflight import RULES, Report, preflight

Name = pikepdf.Name
Resources = Callable[[pikepdf.Pdf], dict]
MEDIA, BLEED, TRIM = [0, 0, 200, 200], [5, 5, 195, 195], [10, 10, 190, 190]


def failing(report: Report) -> set[str]:
    return {finding.rule for finding in report.failed}


def where(report: Report, rule: str) -> str:
    return " | ".join(report.finding(rule).where)


def lzw(data: bytes) -> bytes:
    """LZW as PDF readers decode it, the simplest valid way: a clear code, every byte as a
    9-bit literal, end of data (short data never needs wider codes)."""
    assert len(data) < 250
    bits = "".join(format(code, "09b") for code in (256, *data, 257))
    bits += "0" * (-len(bits) % 8)
    return int(bits, 2).to_bytes(len(bits) // 8, "big")


def type3_font(pdf: pikepdf.Pdf) -> pikepdf.Object:
    """A font whose glyphs live in the file: embedded by definition, and tiny."""
    glyph = pdf.make_stream(b"500 0 0 0 500 700 d1 0 0 500 700 re f")
    return pdf.make_indirect(pikepdf.Dictionary(
        Type=Name.Font, Subtype=Name.Type3, FontBBox=[0, 0, 500, 700], FontMatrix=[0.001, 0, 0, 0.001, 0, 0],
        CharProcs=pikepdf.Dictionary(A=glyph), Encoding=pikepdf.Dictionary(Differences=[65, Name.A]),
        FirstChar=65, LastChar=65, Widths=[500], Resources=pikepdf.Dictionary()))


def crafted(content: bytes, resources: Resources | None = None, *, version: str = "1.4",
            output_intent: bool = True, boxes: dict | None = None, lzw_content: bool = False) -> bytes:
    """A one-page PDF/X-1a-shaped file drawing ``content``: every rule passes unless the content,
    the resources or the options break one."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    page = pdf.pages[0].obj
    for key, box in (boxes if boxes is not None else {"/BleedBox": BLEED, "/TrimBox": TRIM}).items():
        page[key] = pikepdf.Array(box)
    if "/MediaBox" in (boxes or {}):
        page.MediaBox = pikepdf.Array(boxes["/MediaBox"])
    stream = pdf.make_stream(lzw(content) if lzw_content else content)
    if lzw_content:
        stream.Filter = Name.LZWDecode
    page.Contents = stream
    page.Resources = pikepdf.Dictionary({"/Font": pikepdf.Dictionary(F1=type3_font(pdf)),
                                         **(resources(pdf) if resources else {})})
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(
        Title=pikepdf.String("crafted"), CreationDate=pikepdf.String("D:20240101000000Z"),
        ModDate=pikepdf.String("D:20240101000000Z"), Trapped=Name("/False"),
        GTS_PDFXVersion=pikepdf.String("PDF/X-1:2001"), GTS_PDFXConformance=pikepdf.String("PDF/X-1a:2001")))
    if output_intent:
        pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
            Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=pikepdf.String("FOGRA39"),
            RegistryName=pikepdf.String("http://www.color.org"), Info=pikepdf.String("Coated FOGRA39"))])
    buffer = io.BytesIO()
    # Streams are kept exactly as made: LZW stays LZW.
    pdf.save(buffer, force_version=version, deterministic_id=True, compress_streams=False,
             stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return buffer.getvalue()


def image(pdf: pikepdf.Pdf, space: str | pikepdf.Object, pixel: bytes, **keys) -> pikepdf.Object:
    """A one-pixel image in ``space``."""
    return pdf.make_stream(pixel, Type=Name.XObject, Subtype=Name.Image, Width=1, Height=1,
                           ColorSpace=Name(space) if isinstance(space, str) else space,
                           BitsPerComponent=8, **keys)


def form(pdf: pikepdf.Pdf, content: bytes, resources: dict | None = None, matrix=(1, 0, 0, 1, 0, 0)) -> pikepdf.Object:
    return pdf.make_stream(content, Type=Name.XObject, Subtype=Name.Form, BBox=[0, 0, 200, 200],
                           Matrix=list(matrix), Resources=pikepdf.Dictionary(resources or {}))


# -- the good file ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def good() -> bytes:
    return finish_pdfx(cmyk_card_pdf(pages=2), "FOGRA39")


def test_a_finished_cngen_style_file_passes_every_rule_in_order(good):
    report = preflight(good)
    assert [finding.rule for finding in report.findings] == list(RULES) == [
        "PDF version", "PDF/X keys", "output intent", "trailer ID", "page boxes", "colour spaces",
        "transparency", "compression", "fonts embedded", "ink", "text size", "black text and thin lines"]
    assert report.ok, report.failed
    assert all(finding.where == () for finding in report.findings)


def test_the_crafted_base_file_passes_every_rule():
    report = preflight(crafted(b"0 0 0 1 k BT /F1 10 Tf 20 20 Td (A) Tj ET 0.2 0.1 0 0 k 20 20 50 50 re f"))
    assert report.ok, report.failed


def test_reportlabs_file_before_finishing_lacks_exactly_the_pdfx_parts():
    report = preflight(cmyk_card_pdf())
    assert failing(report) == {"PDF/X keys", "output intent"}
    assert "no GTS_PDFXVersion" in where(report, "PDF/X keys")


# -- colour spaces --------------------------------------------------------------------------------


def test_an_rgb_fill_is_named():
    report = preflight(crafted(b"1 0 0 rg 20 20 50 50 re f"))
    assert failing(report) == {"colour spaces"}
    assert where(report, "colour spaces") == "page 1: fill DeviceRGB 1 0 0 (rg)"


def test_an_rgb_fill_through_a_named_colour_space_inside_a_form_is_found():
    def resources(pdf):
        inner = form(pdf, b"/Warm cs 0.9 0.5 0.1 scn 0 0 10 10 re f",
                     {"/ColorSpace": pikepdf.Dictionary(Warm=[Name.CalRGB, pikepdf.Dictionary(WhitePoint=[0.95, 1, 1.09])])})
        return {"/XObject": pikepdf.Dictionary(Fm0=inner)}
    report = preflight(crafted(b"q 1 0 0 1 20 20 cm /Fm0 Do Q", resources))
    assert failing(report) == {"colour spaces"}
    assert where(report, "colour spaces") == "page 1, form /Fm0: fill CalRGB 0 0 0 (cs)"


def test_an_icc_rgb_space_and_a_spot_colour_with_an_rgb_alternate_are_named():
    def resources(pdf):
        icc = pdf.make_stream(b"not really a profile", N=3, Alternate=Name.DeviceRGB)
        tint = pdf.make_stream(b"{ pop 1 0 0 }", FunctionType=4, Domain=[0, 1], Range=[0, 1, 0, 1, 0, 1])
        return {"/ColorSpace": pikepdf.Dictionary(
            Icc=[Name.ICCBased, icc], Gold=[Name.Separation, Name.Gold, Name.DeviceRGB, tint],
            Spot=[Name.Separation, Name.Gold, Name.DeviceCMYK, tint])}
    report = preflight(crafted(b"/Icc cs 0 0 0 sc /Gold CS 1 SC /Spot cs 1 scn", resources))
    assert failing(report) == {"colour spaces"}
    assert report.finding("colour spaces").where == (
        "page 1: fill ICCBased (3 components) 0 0 0 (cs)",
        "page 1: stroke Separation /Gold (alternate DeviceRGB) 0 (CS)")


def test_an_rgb_inline_image_is_named():
    report = preflight(crafted(b"q 10 0 0 10 20 20 cm BI /W 1 /H 1 /CS /RGB /BPC 8 ID \xff\x00\x00 EI Q"))
    assert failing(report) == {"colour spaces"}
    assert where(report, "colour spaces") == "page 1: inline image DeviceRGB (BI)"


def test_an_indexed_inline_image_on_rgb_is_named():
    report = preflight(crafted(b"BI /W 1 /H 1 /CS [/I /RGB 0 <ff0000>] /BPC 8 ID \x00 EI"))
    assert failing(report) == {"colour spaces"}
    assert where(report, "colour spaces") == "page 1: inline image Indexed on DeviceRGB (BI)"


def test_a_devicegray_image_is_named():
    def resources(pdf):
        return {"/XObject": pikepdf.Dictionary(Im0=image(pdf, "/DeviceGray", b"\x80"))}
    report = preflight(crafted(b"q 50 0 0 50 20 20 cm /Im0 Do Q", resources))
    assert failing(report) == {"colour spaces"}
    assert where(report, "colour spaces") == "page 1: image /Im0 DeviceGray (Do)"


def test_a_cmyk_image_and_an_indexed_cmyk_image_pass():
    def resources(pdf):
        palette = [Name.Indexed, Name.DeviceCMYK, 0, pikepdf.String(b"\x00\x00\x00\xff")]
        return {"/XObject": pikepdf.Dictionary(Im0=image(pdf, "/DeviceCMYK", b"\x00\x40\x80\xff"),
                                               Im1=image(pdf, palette, b"\x00"))}
    assert preflight(crafted(b"q 50 0 0 50 20 20 cm /Im0 Do /Im1 Do Q", resources)).ok


def test_painting_before_any_colour_is_set_uses_devicegray():
    report = preflight(crafted(b"20 20 50 50 re f"))
    assert failing(report) == {"colour spaces"}
    assert where(report, "colour spaces") == "page 1: fill DeviceGray (the initial colour: none was set) 0 (f)"


def test_an_rgb_shading_is_named():
    def resources(pdf):
        shading = pikepdf.Dictionary(ShadingType=2, ColorSpace=Name.DeviceRGB, Coords=[0, 0, 100, 0],
                                     Function=pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[1, 0, 0], C1=[0, 0, 1], N=1))
        return {"/Shading": pikepdf.Dictionary(Sh0=shading)}
    report = preflight(crafted(b"/Sh0 sh", resources))
    assert failing(report) == {"colour spaces"}
    assert where(report, "colour spaces") == "page 1: shading /Sh0 DeviceRGB (sh)"


def test_the_content_of_a_tiling_pattern_is_walked():
    def resources(pdf):
        tile = pdf.make_stream(b"0 1 0 rg 0 0 5 5 re f", Type=Name.Pattern, PatternType=1, PaintType=1,
                               TilingType=1, BBox=[0, 0, 10, 10], XStep=10, YStep=10, Resources=pikepdf.Dictionary())
        return {"/Pattern": pikepdf.Dictionary(P0=tile)}
    report = preflight(crafted(b"/Pattern cs /P0 scn 20 20 50 50 re f", resources))
    assert failing(report) == {"colour spaces"}
    assert where(report, "colour spaces") == "page 1, pattern /P0: fill DeviceRGB 0 1 0 (rg)"


# -- transparency -------------------------------------------------------------------------------


def test_a_soft_mask_in_an_extgstate_is_found():
    def resources(pdf):
        group = form(pdf, b"0 0 0 1 k 0 0 10 10 re f")
        mask = pikepdf.Dictionary(Type=Name.Mask, S=Name.Luminosity, G=group)
        return {"/ExtGState": pikepdf.Dictionary(GS0=pikepdf.Dictionary(Type=Name.ExtGState, SMask=mask))}
    report = preflight(crafted(b"/GS0 gs 0 0 0 1 k 20 20 50 50 re f", resources))
    assert failing(report) == {"transparency"}
    assert where(report, "transparency") == "page 1: ExtGState /GS0 has a soft mask (/SMask)"


def test_a_soft_mask_of_none_is_no_transparency():
    def resources(pdf):
        return {"/ExtGState": pikepdf.Dictionary(GS0=pikepdf.Dictionary(SMask=Name("/None"), CA=1, BM=Name.Normal))}
    assert preflight(crafted(b"/GS0 gs 0 0 0 1 k 20 20 50 50 re f", resources)).ok


def test_an_image_with_a_soft_mask_is_found():
    def resources(pdf):
        alpha = image(pdf, "/DeviceGray", b"\x80")
        return {"/XObject": pikepdf.Dictionary(Im0=image(pdf, "/DeviceCMYK", b"\x00\x00\x00\xff", SMask=alpha))}
    report = preflight(crafted(b"q 50 0 0 50 20 20 cm /Im0 Do Q", resources))
    assert failing(report) == {"transparency"}
    assert where(report, "transparency") == "page 1, image /Im0: a soft mask (/SMask)"


def test_half_alpha_and_a_multiply_blend_are_found():
    def resources(pdf):
        return {"/ExtGState": pikepdf.Dictionary(GS0=pikepdf.Dictionary(ca=0.5), GS1=pikepdf.Dictionary(BM=Name.Multiply))}
    report = preflight(crafted(b"/GS0 gs /GS1 gs 0 0 0 1 k 20 20 50 50 re f", resources))
    assert failing(report) == {"transparency"}
    assert report.finding("transparency").where == (
        "page 1: ExtGState /GS0 has ca 0.5", "page 1: ExtGState /GS1 has blend mode /Multiply")


def test_a_transparency_group_on_a_form_is_found():
    def resources(pdf):
        group_form = form(pdf, b"0 0 0 1 k 0 0 10 10 re f")
        group_form.Group = pikepdf.Dictionary(S=Name.Transparency)
        return {"/XObject": pikepdf.Dictionary(Fm0=group_form)}
    report = preflight(crafted(b"/Fm0 Do", resources))
    assert failing(report) == {"transparency"}
    assert where(report, "transparency") == "page 1, form /Fm0: a transparency group"


# -- page boxes ----------------------------------------------------------------------------------


def test_a_missing_trimbox_is_found():
    report = preflight(crafted(b"0 0 0 1 k 20 20 50 50 re f", boxes={"/BleedBox": BLEED}))
    assert failing(report) == {"page boxes"}
    assert where(report, "page boxes") == "page 1: no TrimBox"


def test_a_trimbox_outside_the_mediabox_is_found():
    report = preflight(crafted(b"0 0 0 1 k 20 20 50 50 re f", boxes={"/TrimBox": [10, 10, 210, 190]}))
    assert failing(report) == {"page boxes"}
    assert where(report, "page boxes") == "page 1: the TrimBox [10 10 210 190] is outside the MediaBox [0 0 200 200]"


def test_a_trimbox_outside_the_bleedbox_is_found_and_an_artbox_stands_for_a_trimbox():
    report = preflight(crafted(b"0 0 0 1 k 20 20 50 50 re f", boxes={"/BleedBox": [12, 12, 195, 195], "/TrimBox": TRIM}))
    assert where(report, "page boxes") == "page 1: the TrimBox [10 10 190 190] is outside the BleedBox [12 12 195 195]"
    assert preflight(crafted(b"0 0 0 1 k 20 20 50 50 re f", boxes={"/ArtBox": TRIM})).ok


# -- fonts, compression, version, output intent --------------------------------------------------


def test_an_unembedded_helvetica_is_named():
    def resources(pdf):
        helvetica = pikepdf.Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica)
        return {"/Font": pikepdf.Dictionary(F2=helvetica)}
    report = preflight(crafted(b"0 0 0 1 k BT /F2 10 Tf 20 20 Td (A) Tj ET", resources))
    assert failing(report) == {"fonts embedded"}
    assert where(report, "fonts embedded") == "page 1: font /F2 Helvetica is not embedded"


def test_lzw_compressed_content_is_found():
    report = preflight(crafted(b"0 0 0 1 k 20 20 50 50 re f", lzw_content=True))
    assert failing(report) == {"compression"}
    assert where(report, "compression") == "page 1: content compressed with LZW"


def test_pdf_1_6_is_too_new():
    report = preflight(crafted(b"0 0 0 1 k 20 20 50 50 re f", version="1.6"))
    assert failing(report) == {"PDF version"}
    assert where(report, "PDF version") == "the file is PDF 1.6"


def test_a_file_without_an_output_intent_is_found():
    report = preflight(crafted(b"0 0 0 1 k 20 20 50 50 re f", output_intent=False))
    assert failing(report) == {"output intent"}
    assert where(report, "output intent") == "0 GTS_PDFX output intents, not 1"


# -- ink ----------------------------------------------------------------------------------------


def test_320_percent_ink_fails():
    report = preflight(crafted(b"0.8 0.8 0.8 0.8 k 20 20 50 50 re f"))
    assert failing(report) == {"ink"}
    assert where(report, "ink") == "320% at page 1: fill 0.8 0.8 0.8 0.8 (k)"


def test_250_percent_passes_the_default_limit_but_not_240():
    pdf = crafted(b"0.5 0.5 0.5 1 k 20 20 50 50 re f")
    assert preflight(pdf).ok
    report = preflight(pdf, ink_limit=240)
    assert failing(report) == {"ink"}
    assert where(report, "ink") == "250% at page 1: fill 0.5 0.5 0.5 1 (k)"


def test_the_worst_ink_comes_first_and_cmyk_via_scn_counts():
    pdf = crafted(b"0.9 0.9 0.9 0.5 K 0 0 m 10 10 l S /DeviceCMYK cs 1 1 1 1 scn 20 20 50 50 re f")
    report = preflight(pdf)
    assert report.finding("ink").where == ("400% at page 1: fill 1 1 1 1 (scn)",
                                           "320% at page 1: stroke 0.9 0.9 0.9 0.5 (K)")


def test_the_darkest_pixel_of_a_cmyk_image_counts():
    def resources(pdf):
        pixels = pdf.make_stream(b"\x00\x00\x00\xff" + b"\xff\xff\xff\xff", Type=Name.XObject, Subtype=Name.Image,
                                 Width=2, Height=1, ColorSpace=Name.DeviceCMYK, BitsPerComponent=8)
        return {"/XObject": pikepdf.Dictionary(Im0=pixels)}
    report = preflight(crafted(b"q 50 0 0 50 20 20 cm /Im0 Do Q", resources))
    assert failing(report) == {"ink"}
    assert where(report, "ink") == "400% at page 1: darkest pixel of image /Im0"


# -- text size ----------------------------------------------------------------------------------


def test_5_pt_text_is_too_small():
    report = preflight(crafted(b"0 0 0 1 k BT /F1 5 Tf 20 20 Td (A) Tj ET"))
    assert failing(report) == {"text size"}
    assert where(report, "text size") == "page 1: 5 pt text (Tj)"


def test_10_pt_text_halved_by_the_ctm_is_5_pt():
    report = preflight(crafted(b"0 0 0 1 k q 0.5 0 0 0.5 0 0 cm BT /F1 10 Tf 20 20 Td (A) Tj ET Q"))
    assert where(report, "text size") == "page 1: 5 pt text (Tj)"


def test_12_pt_text_upside_down_or_rotated_is_still_12_pt():
    assert preflight(crafted(b"0 0 0 1 k q -1 0 0 -1 150 150 cm BT /F1 12 Tf 20 20 Td (A) Tj ET Q")).ok
    assert preflight(crafted(b"0 0 0 1 k BT /F1 12 Tf 0 1 -1 0 100 100 Tm (A) Tj ET")).ok


def test_text_size_follows_tm_form_matrices_and_q_Q():
    def resources(pdf):
        small = form(pdf, b"0 0 0 1 k BT /F1 10 Tf (A) Tj ET", matrix=(0.4, 0, 0, 0.4, 0, 0))
        return {"/XObject": pikepdf.Dictionary(Fm0=small)}
    # 1 pt x Tm 8 = 8 pt, moved by T* and '; the form's 10 pt x 0.4 x 2 = 8 pt; after Q, 10 pt again.
    content = (b"0 0 0 1 k BT /F1 1 Tf 8 0 0 8 20 20 Tm (A) Tj 12 TL T* (A) ' 5 5 TD (A) Tj ET "
               b"q 2 0 0 2 0 0 cm /Fm0 Do Q q 0.5 0 0 0.5 0 0 cm Q BT /F1 10 Tf (A) Tj ET")
    assert preflight(crafted(content, resources)).ok
    content = b"0 0 0 1 k q 0.5 0 0 0.5 0 0 cm /Fm0 Do Q"
    assert where(preflight(crafted(content, resources)), "text size") == "page 1, form /Fm0: 2 pt text (Tj)"


def test_invisible_text_of_any_size_is_not_judged():
    assert preflight(crafted(b"BT 3 Tr /F1 2 Tf (A) Tj ET")).ok


# -- black text and thin lines --------------------------------------------------------------------


def test_a_blue_half_point_line_fails_and_a_blue_3_pt_line_passes():
    report = preflight(crafted(b"1 0.5 0 0 K 0.5 w 20 20 m 100 20 l S"))
    assert failing(report) == {"black text and thin lines"}
    assert where(report, "black text and thin lines") == "page 1: 0.5 pt line stroked 1 0.5 0 0 (S)"
    assert preflight(crafted(b"1 0.5 0 0 K 3 w 20 20 m 100 20 l S")).ok


@pytest.mark.parametrize("paint", ["S", "s", "B", "B*", "b", "b*"])
def test_every_operator_that_strokes_is_judged_as_a_line(paint):
    report = preflight(crafted(f"0 0 0 1 k 1 0.5 0 0 K 0.5 w 20 20 m 100 20 l 100 40 l {paint}".encode()))
    assert where(report, "black text and thin lines") == f"page 1: 0.5 pt line stroked 1 0.5 0 0 ({paint})"


def test_a_line_thinned_by_the_ctm_is_thin():
    report = preflight(crafted(b"1 0.5 0 0 K 3 w q 0.5 0 0 0.5 0 0 cm 20 20 m 100 20 l S Q"))
    assert where(report, "black text and thin lines") == "page 1: 1.5 pt line stroked 1 0.5 0 0 (S)"


def test_coloured_text_fails_and_black_or_white_text_passes():
    report = preflight(crafted(b"0 0.85 0.8 0.05 k BT /F1 12 Tf (A) Tj ET"))
    assert failing(report) == {"black text and thin lines"}
    assert where(report, "black text and thin lines") == "page 1: text filled 0 0.85 0.8 0.05 (Tj)"
    assert preflight(crafted(b"0 0 0 0.6 k BT /F1 12 Tf (A) Tj ET 0 0 0 0 k BT /F1 12 Tf (A) Tj ET")).ok


def test_outlined_text_is_judged_by_its_stroke_colour():
    report = preflight(crafted(b"0 0 0 1 k 0.5 0 0 0 K BT 1 Tr /F1 12 Tf (A) Tj ET"))
    assert where(report, "black text and thin lines") == "page 1: text outlined 0.5 0 0 0 (Tj)"


def test_rgb_text_is_reported_once_as_a_colour_space():
    report = preflight(crafted(b"0 0 1 rg BT /F1 12 Tf (A) Tj ET"))
    assert failing(report) == {"colour spaces"}


# -- the walker's limits ------------------------------------------------------------------------


def test_a_form_that_draws_itself_does_not_loop():
    def resources(pdf):
        loop = form(pdf, b"0 0 0 1 k 0 0 10 10 re f /Fm0 Do")
        loop.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fm0=loop))
        return {"/XObject": pikepdf.Dictionary(Fm0=loop)}
    assert preflight(crafted(b"/Fm0 Do", resources)).ok


def test_many_findings_show_five_places_and_count_the_rest():
    content = b"".join(b"%d 0 0 rg 0 0 5 5 re f " % value for value in range(8))
    places = preflight(crafted(content)).finding("colour spaces").where
    assert places[0] == "page 1: fill DeviceRGB 0 0 0 (rg)"
    assert len(places) == 6 and places[-1] == "... and 3 more"


def test_twenty_pages_of_25_cards_are_checked_fast():
    source = finish_pdfx(cmyk_card_pdf(pages=20, cards_per_page=25), "FOGRA39")
    start = time.perf_counter()
    report = preflight(source)
    assert time.perf_counter() - start < 1.0  # measured ~0.05 s; generous for slow machines
    assert report.ok


# -- what is not a PDF -------------------------------------------------------------------------


@pytest.mark.parametrize("data, reason", [
    (b"", "not a PDF"),
    (b"PK\x03\x04 a zip file", "not a PDF"),
    (b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pa", "truncated"),
    (b"%PDF-1.4\n" + bytes(range(256)) * 4, "truncated"),
    (b"%PDF-1.4\n" + bytes(range(256)) * 4 + b"\n%%EOF\n", "cannot be read|no pages"),
])
def test_what_is_not_a_readable_pdf_raises_a_cngen_error(data, reason):
    with pytest.raises(CngenError, match=reason):
        preflight(data)


def test_a_truncated_pdf_raises_a_cngen_error(good):
    with pytest.raises(CngenError, match="truncated"):
        preflight(good[: len(good) // 3])
