"""reportlab's C accelerator (rl-accel) draws the same bytes as its pure Python fallbacks."""

from __future__ import annotations

import subprocess
import sys

import pytest


def test_reportlab_uses_its_c_accelerator():
    from reportlab.lib import rl_accel
    assert {"fp_str", "asciiBase85Encode"} <= set(rl_accel._c_funcs)


@pytest.mark.slow        # 9 s: the whole demo drawn twice; the first test keeps the accelerator checked
def test_every_demo_file_is_byte_identical_with_and_without_the_accelerator(demo_played, tmp_path):
    fast = demo_played.path                                         # played with the accelerator
    code = ("import sys; sys.modules['_rl_accel'] = None\n"           # reportlab falls back to pure Python
            "from reportlab.lib import rl_accel; assert not rl_accel._c_funcs\n"
            "from umpire.usecases import demo\n"
            f"demo.play({str(tmp_path / 'pure')!r})\n")
    subprocess.run([sys.executable, "-c", code], check=True)
    slow = tmp_path / "pure" / fast.name
    def files(root):                                                # the order codes are random
        return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and p.name != "secrets.yaml")
    names = files(fast)
    assert names == files(slow)
    assert sum(name.endswith(".pdf") for name in names) == 10
    for name in names:
        assert (fast / name).read_bytes() == (slow / name).read_bytes(), name
