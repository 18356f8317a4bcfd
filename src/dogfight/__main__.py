"""``python -m dogfight`` is the ``dogfight`` command."""

import sys

from dogfight.cli import main

sys.exit(main())
