"""The wheel's build step: the message catalogs (umpire/locale/*/LC_MESSAGES/*.po) compiled to the
`.mo` files the umpire reads, shipped in the package (tools/catalogs.py compiles them in a checkout)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
        out = Path(tempfile.mkdtemp(prefix="umpire-catalogs-"))
        for po in sorted(Path(self.root, "umpire", "locale").glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(self.root).with_suffix(".mo")
            target = out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as f:
                catalog = read_po(f)
            with target.open("wb") as f:
                write_mo(f, catalog)
            build_data["force_include"][str(target)] = relative.as_posix()
