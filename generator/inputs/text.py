"""Decoding users' text files: UTF-8 with or without a byte-order mark, or a clear refusal
that says on which line the first byte that is not UTF-8 text sits."""

from __future__ import annotations


class NotUtf8(Exception):
    def __init__(self, line: int, detail: str):
        super().__init__(detail)
        self.line = line
        self.detail = detail  # "" or a parenthesis saying why, e.g. NUL bytes


def decode_utf8(data: bytes) -> str:
    # NUL is valid UTF-8 but never in text: it is what UTF-16 and binary files look like.
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise NotUtf8(line, " (it contains NUL bytes, as UTF-16 files do)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise NotUtf8(data[: error.start].count(b"\n") + 1, "") from None
