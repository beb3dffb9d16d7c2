"""Each command imports only what it uses: the CLI's commands load lazily (umpire/cli/__init__.py)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys

import click
import pytest

import umpire.cli
from umpire.cli import COMMANDS, main

HEAVY = ("reportlab", "imapclient", "smtplib", "jinja2")


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY)


def test_importing_the_cli_pulls_in_no_pdf_mail_or_template_library():
    assert heavy(modules_after("import umpire.cli")) == []


def test_umpire_help_pulls_in_no_pdf_mail_or_template_library():
    modules = modules_after("from umpire.cli import main\n"
                            "try:\n    main(['--help'], prog_name='umpire')\nexcept SystemExit:\n    pass")
    assert heavy(modules) == []


def test_umpire_status_pulls_in_no_pdf_mail_or_template_library(tmp_path):
    from umpire.usecases import actions
    actions.create_game(tmp_path / "g", "ireland", "laurin", ["red:Red", "blue:Blue", "green:Green"], seed="s")
    modules = modules_after("from umpire.cli import main\n"
                            f"try:\n    main(['status', {str(tmp_path / 'g')!r}], prog_name='umpire')\n"
                            "except SystemExit:\n    pass")
    assert heavy(modules) == []


def test_every_command_module_is_light_at_import():
    for info in pkgutil.iter_modules(umpire.cli.__path__):
        assert heavy(modules_after(f"import umpire.cli.{info.name}")) == [], info.name


def groups(group: click.Group, ctx: click.Context):
    """The group and every group under it."""
    yield group
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from groups(command, ctx)


def test_every_command_a_module_registers_is_in_its_lazy_map():
    """A command written in another module than its group's is found only through the group's map."""
    for info in pkgutil.iter_modules(umpire.cli.__path__):
        importlib.import_module(f"umpire.cli.{info.name}")
    for group in groups(main, click.Context(main)):
        home = group.callback.__module__ if group is not main else "umpire.cli"
        lazy = getattr(group, "lazy_commands", {})
        missing = sorted(name for name, command in group.commands.items()
                         if name not in lazy and command.callback.__module__ != home)
        assert missing == [], f"add {missing} to the lazy map of `{group.name}`"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_name_in_the_lazy_map_loads_its_command(name):
    command = main.get_command(click.Context(main), name)
    assert isinstance(command, click.Command) and command.name == name


def test_the_command_list_of_help_is_what_the_imported_commands_say(capsys):
    """`umpire --help` reads each short help from its docstring without importing the command."""
    def listing():
        try:
            main(["--help"], prog_name="umpire")
        except SystemExit:
            pass
        return capsys.readouterr().out.split("Commands:")[1]
    lazy = subprocess.run([sys.executable, "-m", "umpire", "--help"], capture_output=True, text=True,
                          check=True).stdout.split("Commands:")[1]
    for info in pkgutil.iter_modules(umpire.cli.__path__):
        importlib.import_module(f"umpire.cli.{info.name}")
    for name in COMMANDS:
        main.get_command(click.Context(main), name)
    assert lazy == listing()
    assert len(lazy.strip().splitlines()) >= len(COMMANDS)


def test_umpire_help_imports_no_command_module():
    modules = modules_after("from umpire.cli import main\n"
                            "try:\n    main(['--help'], prog_name='umpire')\nexcept SystemExit:\n    pass")
    assert sorted(m for m in modules if m.startswith("umpire.cli.") and m != "umpire.cli.defects") == []
    assert "umpire.usecases.actions" not in modules


def test_at_exit_every_object_is_frozen_so_the_last_collection_scans_none():
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count()))\n"   # runs after the umpire's own
            "from umpire.cli import run\n"
            "run(['--version'])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert int(out.split("frozen ")[1]) > 1000
