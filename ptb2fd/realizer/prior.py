"""The ranker's Gaussian prior: the variances `ptb2fd train` tries, the one
kept being chosen on held-out heads (ptb2fd.realizer.model). A module of its
own, without numpy, so that `ptb2fd train --help` shows them at once.
"""
VARIANCES = (0.03, 0.1, 0.3, 1.0, 3.0, 10.0)
