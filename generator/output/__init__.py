"""Turning drawings into files: the PDF canvas set-up, combining PDFs, PNG previews, and the
one writer of files (atomic: every file or none)."""
