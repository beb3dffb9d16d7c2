"""Mail commands: fetch (orders in by IMAP), send (newsletters out by SMTP), remind, welcome."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import UmpireError
from ..mail.config import TLS_MODES, load_config
from ..timetable import clock
from . import LazyGroup, main
from .locking import locking
from .progress import progress

_DIR = click.Path(file_okay=False, path_type=Path)


def smtp_options(f):
    for option in reversed([
        click.option("--smtp-host", help="SMTP server for outgoing mail."),
        click.option("--smtp-port", type=int, help="SMTP port (default by TLS mode: 465, 587 or 25)."),
        click.option("--smtp-tls", type=click.Choice(TLS_MODES), help="ssl, starttls or none (loopback only)."),
        click.option("--smtp-user", help="SMTP login."),
        click.option("--smtp-password-env", metavar="VAR", help="Environment variable holding the SMTP password."),
        click.option("--from", "from_addr", metavar="ADDR", help="From address of the umpire's mail."),
    ]):
        f = option(f)
    return f


def _overrides(kw: dict) -> dict:
    return {
        "imap": {"host": kw.get("imap_host"), "port": kw.get("imap_port"), "user": kw.get("imap_user"),
                 "password_env": kw.get("imap_password_env"), "tls": kw.get("imap_tls"),
                 "folder": kw.get("imap_folder")},
        "smtp": {"host": kw.get("smtp_host"), "port": kw.get("smtp_port"), "user": kw.get("smtp_user"),
                 "password_env": kw.get("smtp_password_env"), "tls": kw.get("smtp_tls")},
        "from": kw.get("from_addr"),
    }


def _flush(room, config) -> None:
    """Send what is due in the outbox (a Mailroom) when an SMTP server is set; say so when it is not."""
    from ..mail import send as sending
    if not room.unsent():
        return
    if not config.smtp.configured:
        due = len(room.unsent())
        click.echo(f"{due} {'message waits' if due == 1 else 'messages wait'} in {room.outbox}: give --smtp-host "
                   "to send them.")
        return
    for line in sending.flush(room, config.smtp).said():
        click.echo(line)


MAIL_COMMANDS = {"all": "umpire.cli.mail_all:mail_all"}   # subcommands written in other modules


@main.group("mail", cls=LazyGroup, lazy_commands=MAIL_COMMANDS)
def mail_group():
    """Orders in by IMAP; confirmations, reminders and newsletters out by SMTP."""


@mail_group.command()
@click.argument("game_dir", required=False, type=_DIR)
@click.option("--all", "games_dir", type=_DIR, help="A folder of games sharing one mailbox; mail goes to "
              "the game its GAME line names.")
@click.option("--imap-host", help="IMAP server.")
@click.option("--imap-port", type=int, help="IMAP port (default 993 with ssl, else 143).")
@click.option("--imap-user", help="IMAP login.")
@click.option("--imap-password-env", metavar="VAR", help="Environment variable holding the IMAP password.")
@click.option("--imap-tls", type=click.Choice(TLS_MODES), help="ssl, starttls or none (loopback only).")
@click.option("--imap-folder", help="The folder orders arrive in (default INBOX).")
@smtp_options
@locking("game_dir", "games_dir")
def fetch(game_dir, games_dir, **kw):
    """Fetch new orders, store and check them, and reply to each sender.

    \b
    Examples:
      umpire mail fetch games/ireland-1
      umpire mail fetch --all games
      umpire mail fetch games/ireland-1 --imap-host imap.example.org --imap-user umpire \\
          --imap-password-env UMPIRE_IMAP_PASSWORD --smtp-host smtp.example.org --from umpire@example.org
    """
    from ..mail.fetch import Fetcher
    from ..store.folder import GameFolder
    if (game_dir is None) == (games_dir is None):
        raise click.UsageError("give either GAME_DIR or --all GAMES_DIR.")
    room_path = games_dir or game_dir
    if game_dir is not None:
        GameFolder(game_dir).require()
    elif not games_dir.is_dir():
        raise UmpireError(f"{games_dir} is not a folder.", fix="Give the folder that holds the game folders.")
    config = load_config(room_path, games_dir, _overrides(kw))
    fetcher = Fetcher(room_path, config, all_games=games_dir is not None, now=clock.now())
    with progress("Fetching orders") as step:
        fetcher.step = step
        outcomes = fetcher.run()
    for outcome in outcomes:
        click.echo(str(outcome))
        if outcome.alert:
            click.echo(f"umpire: message {outcome.key}: {outcome.alert}", err=True)
    handled = sum(1 for o in outcomes if o.status not in ("resolved", "not resolved"))
    click.echo(f"{handled} {'message' if handled == 1 else 'messages'} handled.")
    _flush(fetcher.room, config)


@mail_group.command()
@click.argument("game_dir", type=_DIR)
@click.option("--issue", type=int, help="Send this newsletter only (to whoever has not had it).")
@click.option("--only-newest", is_flag=True, help="Send the newest newsletter only, not the older ones someone lacks.")
@smtp_options
@locking("game_dir")
def send(game_dir, issue, only_newest, **kw):
    """Mail every newsletter a company or observer has not had (text as body, PDF attached), oldest
    first, once each, and a notice of each change of the deadline not yet told.

    A player is owed every newsletter from the first the game mailed (a stand-in, from the one
    current when he took over); so newsletters resolved one after another (`resolve --force`)
    all go out, each with its private sheets. `--only-newest` sends the newest alone.

    \b
    Examples:
      umpire mail send games/ireland-1
      umpire mail send games/ireland-1 --only-newest
      umpire mail send games/ireland-1 --issue 3
    """
    from ..mail import send as sending
    from ..store.folder import GameFolder
    from ..store.mailroom import Mailroom
    folder = GameFolder(game_dir).require()
    config = load_config(game_dir, None, _overrides(kw))
    config.smtp.check(folder.path)
    if issue is not None and only_newest:
        raise click.UsageError("give --issue N or --only-newest, not both.")
    if issue is None and not only_newest:
        queued = sending.queue_owed(folder, config, clock.now())
        for number, to in queued:
            click.echo(f"Newsletter {number:03d}: queued for {', '.join(to)}.")
        if not queued:
            click.echo(f"Every recipient has had every newsletter (the newest is {folder.newsletter_count():03d}).")
    else:
        issue = issue or folder.newsletter_count()
        to = sending.queue_newsletter(folder, config, issue, clock.now())
        click.echo(f"Newsletter {issue:03d}: queued for {len(to)} new recipients"
                   + (f" ({', '.join(to)})." if to else "."))
    from ..mail.notices import queue_deadline_notices
    if queue_deadline_notices(folder, config, clock.now()):
        click.echo("The change of the deadline is told to every player.")
    _flush(Mailroom(folder.path), config)


@mail_group.command()
@click.argument("game_dir", type=_DIR)
@smtp_options
@locking("game_dir")
def remind(game_dir, **kw):
    """Remind each company whose orders for the open round are missing (once per round).

    \b
    Examples:
      umpire mail remind games/ireland-1
      umpire mail remind games/ireland-1 --smtp-host smtp.example.org --from umpire@example.org
    """
    from ..mail.remind import queue_reminders
    from ..store.folder import GameFolder
    from ..store.mailroom import Mailroom
    folder = GameFolder(game_dir).require()
    config = load_config(game_dir, None, _overrides(kw))
    config.smtp.check(folder.path)
    companies = queue_reminders(folder, config, clock.now())
    click.echo(f"Reminders queued for: {', '.join(companies) or 'nobody new'}.")
    _flush(Mailroom(folder.path), config)


@mail_group.command()
@click.argument("game_dir", type=_DIR)
@click.option("--again", metavar="ID", help="Send the welcome of this company (player) again.")
@smtp_options
@locking("game_dir")
def welcome(game_dir, again, **kw):
    """Mail each player, once, his order code, how to order, his order form and newsletter 001.

    The welcome counts as newsletter 001 for his addresses: `mail send` does not mail it to him
    again. A stand-in (`umpire replace`) gets his own welcome.

    \b
    Examples:
      umpire mail welcome games/ireland-1
      umpire mail welcome games/ireland-1 --again red
    """
    from ..mail.welcome import queue_welcomes
    from ..store.folder import GameFolder
    from ..store.mailroom import Mailroom
    folder = GameFolder(game_dir).require()
    config = load_config(game_dir, None, _overrides(kw))
    config.smtp.check(folder.path)
    queued, missing = queue_welcomes(folder, config, clock.now(), again)
    click.echo(f"Welcomes queued for: {', '.join(queued) or 'nobody new'}.")
    for company in missing:
        click.echo(f"No address for {company}: give one with `umpire replace {game_dir} {company} --email ADDR`.",
                   err=True)
    _flush(Mailroom(folder.path), config)


@mail_group.command()
@click.argument("games_dir", type=_DIR)
@click.option("--to", "to", required=True, metavar="ADDR", help="The host's or GM's address.")
@click.option("--again", is_flag=True, help="Make another digest although one went today.")
@smtp_options
@locking("games_dir")
def digest(games_dir, to, again, **kw):
    """Mail the host one digest across the games of a folder (once a day).

    \b
    Examples:
      umpire mail digest games --to gm@example.org
      umpire mail digest games --to gm@example.org --again

    It lists the deadlines due within two days and who is awaited, the other games waiting, the
    mail refused since the last digest, and what failed (a game that cannot be read, a defect's
    report). Run it from cron once a day beside `umpire tick`.
    """
    from ..kernel.ids import check_email
    from ..mail.digest import queue_digest
    from ..store.mailroom import Mailroom
    if not games_dir.is_dir():
        raise UmpireError(f"{games_dir} is not a folder.", fix="Give the folder that holds the game folders.")
    check_email(to, "--to")
    config = load_config(games_dir, games_dir, _overrides(kw))
    config.smtp.check(games_dir)
    if queue_digest(games_dir, config, to.strip().lower(), clock.now(), again):
        click.echo(f"The digest is queued for {to}.")
    else:
        click.echo(f"Today's digest went to {to} already; nothing done (--again makes another).")
    _flush(Mailroom(games_dir), config)
