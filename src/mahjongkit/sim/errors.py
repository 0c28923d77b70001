"""Why a run can stop before its last hand: a worker that keeps dying, a records file that
cannot be written. Either way the hands already written stay, and the run can be resumed
(`mahjongkit.sim.records`)."""

from __future__ import annotations

from mahjongkit.errors import MahjongError


class RunFailedError(MahjongError):
    """The run cannot go on; the message says why and what was kept."""


class WorkerLostError(RunFailedError):
    """The same hands killed their worker process too many times."""


class RecordsWriteError(RunFailedError):
    """A hand's record could not be written (a full disk, a file too large...)."""


class RecordsFileError(MahjongError):
    """A records file cannot be started or resumed: it exists, its folder does not, or it is
    not the records of a ``simulate`` run."""


__all__ = ["RecordsFileError", "RecordsWriteError", "RunFailedError", "WorkerLostError"]
