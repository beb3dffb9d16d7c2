"""Rendering PDF pages to pixels with pdftoppm (poppler-utils), for tests that look at the newsletter."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def need_pdftoppm():
    """Skip without pdftoppm, except in CI (CI=true), where its absence is a failure."""
    if shutil.which("pdftoppm"):
        return
    if os.environ.get("CI") == "true":
        pytest.fail("pdftoppm is missing in CI; .ci/run installs poppler-utils.")
    pytest.skip("pdftoppm (poppler-utils) is not installed; apt-get install -y poppler-utils to run this test.")


class Page:
    """One page as RGB pixels, addressed in PDF points (origin bottom left)."""

    def __init__(self, ppm: bytes, dpi: int):
        header, rest = _ppm_header(ppm)
        self.width, self.height, self.pixels = header[0], header[1], rest
        self.scale = dpi / 72

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        px, py = int(round(x * self.scale)), int(round(self.height - y * self.scale))
        i = (py * self.width + px) * 3
        return tuple(self.pixels[i:i + 3])

    def near(self, x: float, y: float, radius: float = 1.5) -> list[tuple[int, int, int]]:
        steps = range(-int(radius * self.scale), int(radius * self.scale) + 1)
        px, py = int(round(x * self.scale)), int(round(self.height - y * self.scale))
        out = []
        for dx in steps:
            for dy in steps:
                i = ((py + dy) * self.width + px + dx) * 3
                out.append(tuple(self.pixels[i:i + 3]))
        return out


def render_page(pdf: Path, page: int, dpi: int = 100) -> Page:
    need_pdftoppm()
    out = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), str(pdf)],
                         capture_output=True, check=True).stdout
    return Page(out, dpi)


def _ppm_header(data: bytes):
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P6", "pdftoppm writes binary PPM"
    return (int(fields[1]), int(fields[2])), data[pos + 1:]


def close(a, b, tolerance: int = 40) -> bool:
    return all(abs(x - int(y * 255 if isinstance(y, float) else y)) <= tolerance for x, y in zip(a, b))
