"""Rendering: newsletters as text and PDF."""

# The newsletter layout this umpire writes. game.yaml records it when a game is created (a game
# without the field was created under layout 1); `umpire replay` compares newsletters byte for byte
# only when they were issued under this layout (docs/newsletter.md).
NEWSLETTER_LAYOUT = 6
