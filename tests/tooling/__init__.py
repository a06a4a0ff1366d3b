"""Test tooling, kept out of the game's package: the scripted player that plays through input
events (``autopilot``) and the bad documents and random-input driver (``faults``, which needs
Babel, a test dependency).  Importable as ``tooling`` from the tests (pyproject's pytest
``pythonpath``) and from ``tools/`` (which put ``tests/`` on ``sys.path``)."""
