"""An independent head cross-check: the Collins (1999) head table
(`collins`) against ptb2fd's heads on the same trees, both reduced to
attachments between content words (`reduce`, `compare`).

May import: errors, record, trees, rulelang, conversion.
"""
