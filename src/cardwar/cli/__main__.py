"""``python -m cardwar.cli``: run the ``cardwar`` command."""

import sys

from cardwar.cli import main

sys.exit(main())
