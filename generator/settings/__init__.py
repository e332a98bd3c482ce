"""Settings: every option declared once, the settings file, units, and how the command line,
the file and the defaults combine into the values each command runs with."""
