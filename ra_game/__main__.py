"""``python -m ra_game`` runs the ``ra-game`` command."""

from .cli import main

raise SystemExit(main())
