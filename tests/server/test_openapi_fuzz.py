"""Issue 15, point 5: schemathesis sends bodies, parameters and paths made from the
declared OpenAPI document (valid and invalid ones) to every operation; the server never
answers 5xx. The number of examples is bounded so that the suite stays fast."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from dogfight.server.app import create_app

_DIR = Path(tempfile.mkdtemp(prefix="dogfight-fuzz-"))
_previous = os.environ.get("DOGFIGHT_CREATE_LIMIT")
os.environ["DOGFIGHT_CREATE_LIMIT"] = "0"  # thousands of creations from one client
APP = create_app(f"sqlite:///{_DIR / 'fuzz.sqlite3'}")
if _previous is None:
    del os.environ["DOGFIGHT_CREATE_LIMIT"]
else:
    os.environ["DOGFIGHT_CREATE_LIMIT"] = _previous
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.mark.filterwarnings("ignore")
@schema.parametrize()
@settings(max_examples=15, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_no_operation_answers_5xx(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:500])
