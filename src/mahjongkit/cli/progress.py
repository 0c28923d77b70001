"""A progress bar on standard error for the long commands (``simulate``,
``botzone-match``, ``dataset``): drawn only when standard error is a terminal, gone when
the work ends, so piped output and logs hold the results alone."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(label: str, total: int | None) -> Iterator[Callable[[int], None] | None]:
    """A bar for ``total`` things (None: a count of them, no end known) while the block
    runs: the callback advances it by the number just done; None when standard error is
    not a terminal.

    >>> with progress_bar("hands", 10) as advance:  # doctests write to no terminal
    ...     advance is None
    True
    """
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    ending = TimeRemainingColumn() if total is not None else TimeElapsedColumn()
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        ending,
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


__all__ = ["progress_bar"]
