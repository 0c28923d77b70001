"""The policy: a small convolutional network over the observation planes, its logits
masked to the legal actions.

The planes are the channels and the 34 kinds of tile the positions of a 1-D convolution
(neighbouring kinds are neighbouring ranks of a suit; the kernel also spans the edges
between suits and honours, which the network learns to ignore). The number of planes is
read from the environment's observation space or the dataset's metadata, never written
in, so the model follows the encoding's version.
"""

from __future__ import annotations

import torch
from torch import nn

from mahjongkit.game.actions import NUM_ACTIONS
from mahjongkit.tiles import NUM_KINDS


class Policy(nn.Module):
    """``planes`` x 34 in, one logit per action index out (`mahjongkit.game.actions`),
    the actions outside the mask at the lowest value a float holds (so a softmax gives them
    nothing and an argmax never picks them)."""

    def __init__(self, planes: int, channels: int = 64, hidden: int = 256) -> None:
        super().__init__()
        self.planes, self.channels, self.hidden = planes, channels, hidden
        # Each plane divided by its largest value in the training rows (`fit_scale`): the
        # marks and counts are 0 or 1 already, the numbers (tiles in the wall) up to 127.
        self.scale: torch.Tensor
        self.register_buffer("scale", torch.ones(planes, 1))
        self.body = nn.Sequential(
            nn.Conv1d(planes, channels, kernel_size=3, padding=1),
            nn.ReLU(),
            nn.Conv1d(channels, channels, kernel_size=3, padding=1),
            nn.ReLU(),
            nn.Flatten(),
            nn.Linear(channels * NUM_KINDS, hidden),
            nn.ReLU(),
            nn.Linear(hidden, NUM_ACTIONS),
        )

    def forward(self, planes: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """Masked logits for a batch: ``planes`` [B, planes, 34] (any number type),
        ``mask`` [B, actions] (1 where legal)."""
        logits: torch.Tensor = self.body(planes.float() * self.scale)
        return logits.masked_fill(mask == 0, torch.finfo(logits.dtype).min)

    def fit_scale(self, planes: torch.Tensor) -> None:
        """Scale each plane by its largest value in ``planes`` [B, planes, 34] (those
        always 0 left as they are)."""
        largest = planes.amax(dim=(0, 2)).float().clamp(min=1.0)
        self.scale.copy_((1.0 / largest).unsqueeze(1))

    def settings(self) -> dict[str, int]:
        """What rebuilds the network (with its weights, `state_dict`)."""
        return {"planes": self.planes, "channels": self.channels, "hidden": self.hidden}


def save(policy: Policy, path: str, **info: object) -> None:
    """The network's settings and weights (and ``info``: the encoding it was trained on)."""
    torch.save({"settings": policy.settings(), "state": policy.state_dict(), **info}, path)


def load(path: str) -> Policy:
    """A network `save` wrote."""
    saved = torch.load(path, weights_only=True)
    policy = Policy(**saved["settings"])
    policy.load_state_dict(saved["state"])
    return policy.eval()


__all__ = ["Policy", "load", "save"]
