"""One writer thread for an SQLite database, committing the waiting jobs together."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future

from sqlalchemy.engine import Connection, Engine

from dogfight.core.errors import DogfightError

Job = Callable[[Connection], None]


class GroupCommit:
    """One writer thread for an SQLite database: the jobs waiting when it is free are
    run in one transaction and committed together (SQLite has one writer at a time,
    and a commit's sync costs far more than the statements). A job that refuses (a
    :class:`DogfightError`, raised before it writes) fails alone; any other error fails
    the whole batch, rolled back: nothing of it is recorded."""

    def __init__(self, engine: Engine, most: int = 256) -> None:
        self.engine = engine
        self.most = most
        self.jobs: queue.Queue[tuple[Job, Future[None]] | None] = queue.Queue()
        self.thread: threading.Thread | None = None
        self.guard = threading.Lock()

    def run(self, job: Job) -> None:
        future: Future[None] = Future()
        with self.guard:
            if self.thread is None:
                self.thread = threading.Thread(target=self._loop, daemon=True,
                                               name="dogfight-writer")
                self.thread.start()
        self.jobs.put((job, future))
        future.result()

    def close(self) -> None:
        with self.guard:
            thread, self.thread = self.thread, None
        if thread is not None:
            self.jobs.put(None)
            thread.join(timeout=10)

    def _loop(self) -> None:
        while True:
            first = self.jobs.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self.most:
                try:
                    item = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self.jobs.put(None)
                    break
                batch.append(item)
            refused: dict[int, BaseException] = {}
            try:
                with self.engine.begin() as connection:
                    for index, (job, _) in enumerate(batch):
                        try:
                            job(connection)
                        except DogfightError as exc:
                            refused[index] = exc
            except BaseException as exc:
                for _, future in batch:
                    future.set_exception(exc)
                continue
            for index, (_, future) in enumerate(batch):
                if index in refused:
                    future.set_exception(refused[index])
                else:
                    future.set_result(None)
