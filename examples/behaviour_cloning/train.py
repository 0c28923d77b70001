"""Training: the cross-entropy of the defender's action under the masked policy, with Adam,
the rows in a seeded order, so a rerun gives the same weights (on the same number of
threads: `torch.set_num_threads`)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt
import torch
from torch.nn import functional

from .data import Decisions
from .model import Policy


def batches(
    data: Decisions, size: int, order: npt.NDArray[np.int64] | None = None
) -> Iterator[tuple[torch.Tensor, torch.Tensor, torch.Tensor]]:
    """The rows as tensors (planes, mask, action), ``size`` at a time, in ``order``."""
    rows = np.arange(len(data)) if order is None else order
    for start in range(0, len(rows), size):
        pick = np.sort(rows[start : start + size])
        yield (
            torch.from_numpy(data.planes[pick]),
            torch.from_numpy(data.mask[pick]),
            torch.from_numpy(data.action[pick]),
        )


def fit(
    data: Decisions,
    *,
    epochs: int,
    seed: int,
    batch: int = 256,
    lr: float = 1e-3,
    channels: int = 64,
    hidden: int = 256,
) -> Policy:
    """A policy trained to take the actions of ``data``; prints each epoch's loss and
    agreement on the training rows."""
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    policy = Policy(data.planes.shape[1], channels, hidden)
    policy.fit_scale(torch.from_numpy(data.planes))
    optimiser = torch.optim.Adam(policy.parameters(), lr=lr)
    for epoch in range(1, epochs + 1):
        start = time.perf_counter()
        policy.train()
        loss_sum, right = 0.0, 0
        for planes, mask, action in batches(data, batch, rng.permutation(len(data))):
            logits = policy(planes, mask)
            loss = functional.cross_entropy(logits, action)
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            loss_sum += loss.item() * len(action)
            right += int((logits.argmax(dim=1) == action).sum())
        print(
            f"epoch {epoch}: loss {loss_sum / len(data):.4f}, training agreement"
            f" {right / len(data):.1%} ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    return policy.eval()


__all__ = ["batches", "fit"]
