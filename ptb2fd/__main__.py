"""`python -m ptb2fd`: the `ptb2fd` command, for when the script is not on the PATH.

May import: cli.
"""
import sys

from ptb2fd.cli import main

sys.exit(main())
