"""The errors cngen raises for bad input. The CLI turns them into messages and exit codes."""


class CngenError(Exception):
    """Bad input from the user: a word list, a font, a size. Exit code 1."""


class UsageError(CngenError):
    """An option value that cannot work (a card larger than the sheet...). Exit code 2."""
