"""The ranking loss of the learned player's training: lower for the teacher's order, blind to cards not weighed."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from hearts.learn.train import rank_loss  # noqa: E402


def test_the_teachers_order_costs_less_and_unweighed_cards_count_for_nothing() -> None:
    known = torch.tensor([[True, True, False], [True, False, False]])
    target = torch.tensor([[1.0, 0.0, 0.0], [5.0, 0.0, 0.0]])
    good = torch.tensor([[2.0, 0.0, 9.0], [0.0, 0.0, 0.0]])
    bad = torch.tensor([[0.0, 2.0, 9.0], [0.0, 0.0, 0.0]])
    assert rank_loss(good, target, known, 1.0) < rank_loss(bad, target, known, 1.0)
    other = good.clone()
    other[:, 2] = -50.0  # the card the teacher did not weigh, and the second row's (one card: no ranking)
    other[1] = torch.tensor([7.0, 1.0, 2.0])
    assert torch.isclose(rank_loss(good, target, known, 1.0), rank_loss(other, target, known, 1.0))
    loss = rank_loss(good.requires_grad_(), target, known, 0.5)
    loss.backward()
    assert torch.isfinite(good.grad).all() and good.grad[0, 2] == 0 and (good.grad[1] == 0).all()


def test_no_row_to_rank_is_no_loss() -> None:
    known = torch.tensor([[True, False, False]])
    assert float(rank_loss(torch.zeros(1, 3), torch.zeros(1, 3), known, 1.0)) == 0.0
