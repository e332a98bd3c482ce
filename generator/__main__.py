"""``python -m generator`` runs the cngen command line."""

from .cli import run

if __name__ == "__main__":
    run()
