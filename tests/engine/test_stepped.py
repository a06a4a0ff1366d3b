"""The one blocking runner of stepped jobs: it steps until the job is done and waits in the
job's own ``wait`` only after a step that did not move it on (a review, a game played out, the
headless client's game all run through it)."""

from __future__ import annotations

from ra_game.table.stepped import run_to_end


class Job:
    """Six units of work; every other step finds nothing ready and must wait."""

    def __init__(self) -> None:
        self.left = 6
        self.log: list[str] = []

    @property
    def done(self) -> bool:
        return self.left == 0

    def step(self, max_seconds: float) -> bool:
        ready = len(self.log) % 3 != 1
        self.log.append("step")
        if ready:
            self.left -= 1
        return ready

    def wait(self, timeout: float) -> None:
        self.log.append(f"wait {timeout}")


def test_the_runner_waits_only_when_a_step_did_not_move_the_job_on() -> None:
    job = Job()
    run_to_end(job, wait=0.25)
    assert job.done
    assert job.log.count("wait 0.25") == len([e for e in job.log if e == "step"]) - 6
    assert all(job.log[i - 1] == "step" for i, e in enumerate(job.log) if e.startswith("wait"))


def test_a_job_done_already_is_not_stepped() -> None:
    job = Job()
    job.left = 0
    run_to_end(job)
    assert job.log == []
