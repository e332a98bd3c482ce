"""Fonts: a font file checked and read, text measured in it, complex scripts shaped, and the
glyphs of shaped text embedded. The one place that registers fonts with ReportLab."""
