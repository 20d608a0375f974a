"""An independent head cross-check: the Collins (1999) table against ptb2fd."""
