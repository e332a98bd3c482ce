"""The jobs: one per component (deck, keys, tokens, rules, calibration) and the kit. Each takes
its options, reads its inputs, and returns the PDF's bytes with what it holds; writing files
is left to the caller. Everything the command line does can be done from Python here."""
