"""Pure geometry in points: sheets and the slots, marks and mirrored backs on them; each
face's layout; fitting text. Nothing here draws or reads a file."""
