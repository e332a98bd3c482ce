"""The web address the sheet images are put at (--base-url), read as RFC 3986 writes one: each
image's address is this one followed by the image's file name, so anything that would send
that name elsewhere (a query, a fragment), fail to load for the other players (no host, a bad
port, a character no address holds, an IPv6 address that does not parse) or show them a secret
(a user name or password) is refused, with what to write instead."""

from __future__ import annotations

import re
import string
from urllib.parse import quote

from ...errors import UsageError, describe_character, quoted, text_problem

EXAMPLE = "https://example.org/codenames/"
LONGEST = 2_000  # characters: what every browser and web server takes in an address
# What an address may hold as it is: letters, digits, - . _ ~, the delimiters, and % escapes.
ALLOWED = frozenset(string.ascii_letters + string.digits + "-._~:/?#[]@!$&'()*+,;=%")
SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
# A host name's part between dots (underscores are not in the standard, yet servers use them).
HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)")


def parse_base_url(text: str) -> str:
    """An address the images will be at: http or https, a host, maybe a port and a folder's path;
    returned with a slash to end it, so that an image's file name follows the folder."""
    hidden = text_problem(text)
    if hidden is not None:  # the rule for every text a user gives, before what an address may hold
        raise UsageError(f"{quoted(text)} holds {hidden}: write the web address alone, such as {EXAMPLE}")
    address = text.strip()
    if len(address) > LONGEST:
        raise UsageError(f"{quoted(address)} is longer than a web address can be (at most {LONGEST:,} characters): "
                         f"give the folder's address, such as {EXAMPLE}")
    scheme = SCHEME.match(address)
    if scheme is None or not address[scheme.end():].startswith("//"):
        raise UsageError(f"{quoted(text)} is not a web address: write one such as {EXAMPLE}")
    _check_scheme(text, scheme.group(1).lower())
    rest = address[scheme.end() + 2:]
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    _check_characters(text, address, authority)
    for mark, part in (("?", "a query"), ("#", "a fragment")):
        if mark in address:
            raise UsageError(f"{quoted(text)} holds {part} ('{mark}...'), and each image's file name would follow "
                             f"it, so no image would load: give the folder's address alone, such as {EXAMPLE}")
    if "@" in authority:
        raise UsageError(f"{quoted(text)} holds a user name or password (before '@'), which the saved object "
                         "would show every player: put the images where anyone may read them without one")
    _check_host_and_port(text, authority)
    return address.rstrip("/") + "/"


def _check_scheme(text: str, scheme: str) -> None:
    if scheme == "file":
        raise UsageError(f"{quoted(text)} is an address on this computer alone: without --base-url cngen "
                         "writes those itself; to play with friends, give the http or https address the "
                         f"images are served from, such as {EXAMPLE}")
    if scheme not in ("http", "https"):
        raise UsageError(f"{quoted(text)} begins {scheme}:, and Tabletop Simulator loads images only from "
                         f"http and https addresses: give one such as {EXAMPLE}")


def _check_characters(text: str, address: str, authority: str) -> None:
    """Only what an address may hold as it is; the fix for the first character that is not."""
    for char in address:
        if char in ALLOWED:
            continue
        if char in authority and not char.isascii():
            raise UsageError(f"{quoted(text)} has {describe_character(char)} in its host name, which an address "
                             "writes in its ASCII form: give the host as its xn-- name (as a browser's address "
                             "bar shows it)")
        raise UsageError(f"{quoted(text)} holds {describe_character(char)}, which a web address cannot "
                         f"hold as it is: write it as {quote(char, safe='')}")
    if ESCAPE.search(address):
        raise UsageError(f"{quoted(text)} holds a '%' that is not followed by two hexadecimal digits: write a "
                         "percent sign as %25")


def _check_host_and_port(text: str, authority: str) -> None:
    if authority.startswith("["):
        host, closed, port = authority[1:].partition("]")
        if not closed:
            raise UsageError(f"{quoted(text)} opens an IPv6 address with '[' and never closes it: write it "
                             "as https://[2001:db8::1]/codenames/")
        _check_ipv6(text, host)
        if port and not port.startswith(":"):
            raise UsageError(f"{quoted(text)} has {quoted(port)} after its IPv6 address, where only a port "
                             "(:8080) may follow")
        given: str | None = port[1:] if port else None
    else:
        host, colon, port = authority.rpartition(":") if ":" in authority else (authority, "", "")
        given = port if colon else None
        if "[" in host or "]" in host:
            raise UsageError(f"{quoted(text)} has a bracket in its host name: only an IPv6 address is written "
                             "in brackets, such as https://[2001:db8::1]/")
        if not host:
            raise UsageError(f"{quoted(text)} has no host: write the server's name after the //, such as "
                             f"{EXAMPLE}")
        labels = host[:-1].split(".") if host.endswith(".") else host.split(".")
        if not all(HOST_LABEL.fullmatch(label) for label in labels):
            raise UsageError(f"{quoted(text)} has {quoted(host)} as its host, which is not a host name: "
                             "write names of letters, digits and hyphens between dots, such as example.org")
    if given is not None and not (given.isdigit() and given.isascii() and 1 <= int(given) <= 65_535):
        raise UsageError(f"{quoted(text)} has {quoted(':' + given)} as its port, which is not one: a port is a "
                         "number from 1 to 65535, and most addresses need none")


def _check_ipv6(text: str, host: str) -> None:
    import ipaddress  # only an address in brackets needs it

    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        raise UsageError(f"{quoted(text)} has {quoted('[' + host + ']')} as its host, which is not an IPv6 "
                         "address: write one such as [2001:db8::1], or the server's name") from None
