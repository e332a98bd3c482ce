"""Reading what users give cngen: files and standard input, text decoding, plain YAML, and the
decks, fonts and rules text that ship with it. The only place that reads input files."""
