"""``python -m generator`` runs the cngen command line."""

from .cli import main

if __name__ == "__main__":
    main(prog_name="cngen")
