"""The template environment for the newsletters' text editions (jinja2 templates in newsletters/).
Writing an issue's files into the game folder is the shell's (usecases/publish.py)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from ..kernel import form_marks, language
from ..kernel.columns import display_width, pad, widest
from ..resources import data_dir
from . import template_cache
from .counts import counted, noun


@lru_cache(maxsize=8)
def environment(own: str | None = None) -> jinja2.Environment:
    """The template environment, made once (for each folder `own`): templates are compiled on
    first use and kept, in this process and (as bytecode) in the user's cache folder for the next
    ones. `own`: a game's own templates (render/own_templates.py), found before the bundled ones
    of the same name, and compiled anew in each process."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(([own] if own else []) + [str(data_dir("newsletters"))]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
    )
    language.install(env)
    env.filters["extract"] = lambda key, mapping: mapping[key]
    env.filters["plural"] = counted
    env.filters["noun"] = noun
    env.filters["width"] = display_width
    env.filters["pad"] = pad
    env.filters["widest"] = widest
    env.globals["forms_title"] = form_marks.title
    env.bytecode_cache = template_cache.for_environment(env, uncached=Path(own) if own else None)
    return env
