"""Worked examples of the library (run from the repository's root, not by ``make test``)."""
