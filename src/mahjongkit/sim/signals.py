"""SIGINT (Ctrl-C) and SIGTERM as a request to stop a run cleanly, not a kill.

While a `StopSignals` is entered, either signal only sets it; the run asks it between
hands (`mahjongkit.sim.run.play_run`'s ``stop``), stops handing out hands and ends with
everything played so far written. The handlers in place before are put back on exit.
"""

from __future__ import annotations

import signal
from types import FrameType, TracebackType

SIGNALS = (signal.SIGINT, signal.SIGTERM)


class StopSignals:
    """Whether SIGINT or SIGTERM arrived (true once one did); ``received`` names it."""

    def __init__(self) -> None:
        self.received: signal.Signals | None = None
        self._before: dict[int, object] = {}

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.received = signal.Signals(signum)

    def __call__(self) -> bool:
        return self.received is not None

    @property
    def exit_code(self) -> int:
        """The shell's code for a process ended by the signal received (128 + its number)."""
        return 128 + int(self.received) if self.received is not None else 0

    def __enter__(self) -> StopSignals:
        for sig in SIGNALS:
            self._before[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        err: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        for sig, before in self._before.items():
            signal.signal(sig, before)  # type: ignore[arg-type]
        self._before.clear()


__all__ = ["SIGNALS", "StopSignals"]
