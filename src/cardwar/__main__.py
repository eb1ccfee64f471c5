import sys

from cardwar.cli import main

sys.exit(main())
