"""The "From the GM" section of a newsletter's PDF (umpire/kernel/gm_notes.py gives its paragraphs); an
issue without any draws nothing of it."""

from __future__ import annotations

from ..kernel.language import _
from .flow import Flow


def from_the_gm(flow: Flow, paragraphs: list[str]):
    if not paragraphs:
        return
    flow.heading(_("From the GM"))       # kernel/gm_notes.py HEADING, in the language of the issue
    for text in paragraphs:
        flow.para(text)
