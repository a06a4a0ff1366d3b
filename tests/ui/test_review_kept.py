"""A review is kept with its game: made once in English, opened again from another replay
viewer after switching to Spanish, it opens at once (no search runs) and every sentence is
Spanish, as the position would say it now."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ra_game.scenes.review_list import ReviewListScene
from ra_game.scenes.review_progress import ReviewProgressScene
from ra_game.scenes.review_seat import open_review

from ra_game.app import run_frames
from ra_game.engine import Move, Replay, load_replay
from ra_game.engine.moves import PASS, is_bid
from ra_game.engine.state import BID
from ra_game.review import Review, ReviewBudget, job
from ra_game.review.model import Mistake, SeatDecision, seat_decisions
from ra_game.review.store import load_review, review_key, reviews_dir, save_review
from ra_game.review.why import situation, why
from ra_game.text.i18n import set_language
from ra_game.ui.app_context import AppContext

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "golden_2p_full.ra.json"
SMALL = ReviewBudget(trees=1, iterations=20)
OPTIONS = {"budget": SMALL, "confirm": False}



@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the decisions the review's search plans (one entry each)."""
    planned: list[int] = []
    real = job.plan

    def counted(obs, played, budget=job.REVIEW_BUDGET, salt=0):  # type: ignore[no-untyped-def]
        planned.append(played)
        return real(obs, played, budget, salt)

    monkeypatch.setattr(job, "plan", counted)
    return planned


def short_game() -> Replay:
    replay = load_replay(GAME)
    replay.moves = replay.moves[:60]
    return replay


def made(ctx: AppContext, replay: Replay) -> Review:
    """Seat 0's review made in the window (the progress overlay to the list)."""
    open_review(ctx, replay, 0, **OPTIONS)
    progress = ctx.scenes.top
    assert isinstance(progress, ReviewProgressScene)
    run_frames(ctx, 3000, until=lambda c: c.scenes.top is not progress)
    listing = ctx.scenes.top
    assert isinstance(listing, ReviewListScene)
    return listing.review


def said_now(replay: Replay, mistake: Mistake, decisions: list[SeatDecision]) -> list[str]:
    """The mistake's sentences as its position says them in the language chosen now."""
    decision = next(d for d in decisions if d.move == mistake.move)
    state, seat = decision.obs.state, decision.obs.seat
    better = Move.parse(mistake.better).action
    return [why(state, seat, decision.played, better, mistake.loss, decision.won,
                mistake.person, decision.winning), situation(state, seat, mistake.person)]


def test_a_review_opened_again_in_another_language_is_not_made_again(
        ctx: AppContext, searches: list[int]) -> None:
    replay = short_game()
    review = made(ctx, replay)
    made_searches = len(searches)
    assert made_searches > 0 and review.mistakes
    english = [[m.why, m.situation, m.line()] for m in review.mistakes] + [[review.summary()]]
    ctx.scenes.close_all()

    set_language("es")
    open_review(ctx, short_game(), 0, reviews={}, **OPTIONS)  # another viewer: nothing in memory
    listing = ctx.scenes.top
    assert isinstance(listing, ReviewListScene)
    assert len(searches) == made_searches  # no search ran: the kept review opened at once
    assert listing.review == review
    decisions = seat_decisions(replay, 0)
    for mistake, before in zip(listing.review.mistakes, english, strict=False):
        now = [mistake.why, mistake.situation, mistake.line()]
        assert all(a != b for a, b in zip(now, before, strict=True)), now
        assert now[:2] == said_now(replay, mistake, decisions)
        assert now[2].startswith(mistake.name) and mistake.name.startswith("Época ")
        assert mistake.why in now[2]
    assert listing.review.summary() != english[-1][0]
    assert "decisiones" in listing.review.summary()
    run_frames(ctx, 2)  # and it draws


def test_a_kept_review_is_numbers_and_claims_not_words(ctx: AppContext) -> None:
    replay = short_game()
    review = made(ctx, replay)
    kept = (reviews_dir() / f"{review_key(replay, 0, **OPTIONS)}.json").read_text()
    for mistake in review.mistakes:
        assert mistake.why not in kept and mistake.situation not in kept
        assert f'"{mistake.reason.kind.value}"' in kept
    assert load_review(replay, 0, **OPTIONS) == review
    assert load_review(replay, 0) is None  # another budget: another review
    assert load_review(replay, 1, **OPTIONS) is None
    other = short_game()
    other.moves = other.moves[:59]
    assert load_review(other, 0, **OPTIONS) is None  # another game


BAD_MISTAKE = ('{"seat": 0, "decisions": 1, "close": 1, "total_loss": 1, "seconds": 1, '
               '"mistakes": [{"move": 1, "played": "fly", "better": "pass"}]}')


@pytest.mark.parametrize("text", ["{not json", "[]", '{"seat": 0}', BAD_MISTAKE])
def test_a_bad_kept_review_is_made_again_never_an_error(text: str) -> None:
    replay = short_game()
    path = reviews_dir() / f"{review_key(replay, 0, **OPTIONS)}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    assert load_review(replay, 0, **OPTIONS) is None


def kept_bid_mistake(replay: Replay) -> dict:
    """A review of one listed bid, as kept (a pass advised), made without a search."""
    decision = next(d for d in seat_decisions(replay, 0)
                    if d.obs.state.phase == BID and is_bid(d.played))
    mistake = Mistake.at(decision.move, decision.obs.state, 0, decision.played, PASS, 2.0,
                         decision.won, auction=decision.auction, turn=decision.turn)
    return Review(0, 1, 0, 2.0, [mistake]).to_store()


@pytest.mark.parametrize("spoil", ["no number", "no such tile", "a list for a number"])
def test_a_kept_claim_its_sentence_cannot_say_is_made_again(spoil: str) -> None:
    replay = short_game()
    kept = kept_bid_mistake(replay)
    values = kept["mistakes"][0]["reason"]["values"]
    if spoil == "no number":
        del values["sun"]
    elif spoil == "no such tile":
        kept["mistakes"][0]["reason"] = {"kind": "god_used", "values": {"tiles": [99],
                                                                        "gain": 1}}
    else:
        values["sun"] = [9, 10]
    path = reviews_dir() / f"{review_key(replay, 0, **OPTIONS)}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(kept))
    assert load_review(replay, 0, **OPTIONS) is None
    path.write_text(json.dumps(kept_bid_mistake(replay)))  # the same review, unspoilt, opens
    assert load_review(replay, 0, **OPTIONS) is not None


def test_saving_where_the_disk_refuses_keeps_the_review_on_screen(tmp_path: Path,
                                                                   monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr("ra_game.review.store.reviews_dir", lambda: blocker / "reviews")
    review = Review(0, 1, 1, 0.0, [])
    assert save_review(short_game(), review) is False
