"""Rules, maps, templates and the demo game ship inside the wheel, where an installed umpire finds them."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_the_wheel_carries_the_bundled_data(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(tmp_path.glob("railway_umpire-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for source in ("rules", "maps", "newsletters", "docs", "games/demo", "games/volldampf-demo",
                   "games/archive-bavaria-1994"):
        for path in (ROOT / source).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                inside = f"umpire/_data/{source}/{path.relative_to(ROOT / source).as_posix()}"
                assert inside in names, f"{inside} is missing from the wheel"
