"""A GM's own templates (docs/newsletter.md, "Your own templates"): umpire.yaml's `templates: DIR`
beside `mail:`; a template there wins over the bundled one of the same name; a game copies them when it
is made and replays with its copy; a folder or template that cannot be used is refused, saying what
would work."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from email import message_from_bytes, policy

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.mail.config import MailConfig
from umpire.mail.welcome import queue_welcomes
from umpire.render import newsletter, own_templates, template_cache
from umpire.usecases import actions
from umpire.usecases.replay import replay

COMPANIES = ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org"]
MASTHEAD = "{{ game | upper }} -- THE GAZETTE OF THE {{ map | upper }} LINES, No. {{ number }}\n{{ '~' * 72 }}\n"


def new(path, **kw):
    return actions.create_game(path, str(TEST_MAP), "laurin", COMPANIES, seed="templates", **kw)[0]


def gm_folder(games, templates: dict[str, str], named: str = "../my-templates"):
    """A folder of games whose umpire.yaml names a folder of the GM's templates (made with `templates`)."""
    games.mkdir(parents=True, exist_ok=True)
    own = (games / named).resolve()
    for name, text in templates.items():
        (own / name).parent.mkdir(parents=True, exist_ok=True)
        (own / name).write_text(text, encoding="utf-8")
    (games / "umpire.yaml").write_text(f"mail:\n  from: umpire@example.org\ntemplates: {named}\n", encoding="utf-8")
    return own


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """The same game without templates of its own."""
    return new(tmp_path_factory.mktemp("plain") / "g")


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A folder of games whose GM has his own masthead and Laurin welcome page, and a game made there."""
    games = tmp_path_factory.mktemp("host") / "games"
    gm_folder(games, {"masthead.txt.j2": MASTHEAD,
                      "welcome/laurin.md": "THE GAZETTE'S WAY OF ORDERING in {{ game }}, {{ name }}\n"
                                           "{% include \"welcome/_dampfross.md\" %}"})
    new(games / "g")
    return games


def test_the_gms_masthead_heads_the_newsletter_and_the_rest_is_the_bundled_text(games, plain):
    own = (games / "g" / "newsletters" / "001.txt").read_text(encoding="utf-8").split("\n")
    bundled = (plain.path / "newsletters" / "001.txt").read_text(encoding="utf-8").split("\n")
    assert own[:2] == ["G -- THE GAZETTE OF THE TESTLAND LINES, No. 1", "~" * 72]
    assert bundled[:3] == ["G: NEWSLETTER 001", "Testland, played by the rules of Dampfross (Laurin 1993)", "=" * 72]
    assert own[2:] == bundled[3:]


def test_the_game_keeps_a_copy_and_replays_with_it_whatever_the_gm_changes_later(games):
    game = games / "g"
    assert (game / "templates" / "masthead.txt.j2").read_text(encoding="utf-8") == MASTHEAD
    assert umpire("resolve", game, "--force").exit_code == 0
    own = games.parent / "my-templates"
    (own / "masthead.txt.j2").write_text("{{ game }} HAS A NEW MASTHEAD\n", encoding="utf-8")
    outcome = replay(game, quick=True)
    assert outcome.differences == [] and len(outcome.newsletters) == 2
    later = new(games / "later")
    assert (later.path / "newsletters" / "001.txt").read_text(encoding="utf-8").startswith("later HAS A NEW MASTHEAD\n")
    assert (game / "newsletters" / "002.txt").read_text(encoding="utf-8").startswith("G -- THE GAZETTE")
    (own / "masthead.txt.j2").write_text(MASTHEAD, encoding="utf-8")


def test_a_replay_elsewhere_uses_the_games_copy(games, tmp_path):
    """The game folder taken to another host, where no umpire.yaml names any templates."""
    moved = tmp_path / "archive" / "g"
    shutil.copytree(games / "g", moved)
    assert replay(moved, quick=True).differences == []


def test_the_gms_welcome_page_is_the_one_mailed(games):
    folder = new(games / "welcomed")
    queued, _ = queue_welcomes(folder, MailConfig(from_addr="umpire@example.org"),
                               datetime(2025, 3, 1, tzinfo=UTC))
    assert queued == ["red", "blue"]
    mail = message_from_bytes((folder.path / "outbox" / "welcome-red-0.eml").read_bytes(), policy=policy.default)
    body = mail.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert "THE GAZETTE'S WAY OF ORDERING in welcomed, Red Lines\n" in body
    assert "begins with four lines:" in body           # the bundled part its page includes
    assert "HOW TO ORDER IN GAME" not in body          # the bundled page's heading


def test_a_game_of_a_folder_without_templates_is_as_before(tmp_path, plain):
    (tmp_path / "umpire.yaml").write_text("mail:\n  from: umpire@example.org\n", encoding="utf-8")
    game = new(tmp_path / "g")
    assert not (game.path / "templates").exists()
    assert (game.path / "newsletters" / "001.txt").read_bytes() == (plain.path / "newsletters" / "001.txt").read_bytes()


# -- refused, nothing created ---------------------------------------------------------------------
def refusal(games, *extra) -> str:
    result = umpire("new", games / "g", "--map", TEST_MAP, "--rules", "laurin", "--company", "red:Red",
                    "--company", "blue:Blue", *extra)
    assert result.exit_code == 1, result.output
    assert not (games / "g").exists()
    return " ".join(result.output.split())


def test_a_templates_folder_that_is_not_there_is_refused(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    (games / "umpire.yaml").write_text("templates: /nowhere/umpire-templates\n", encoding="utf-8")
    said = refusal(games)
    assert "names the templates folder /nowhere/umpire-templates, which is not there." in said
    assert "Make the folder /nowhere/umpire-templates with your templates, or correct or remove `templates:`" in said
    assert "nothing was created" in said


def test_templates_that_name_no_folder_are_refused(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    (games / "umpire.yaml").write_text("templates: [a, b]\n", encoding="utf-8")
    assert "templates: must name a folder, e.g. templates: /home/gm/umpire-templates" in refusal(games)


def test_a_file_that_replaces_no_template_is_refused_with_the_names_that_would(tmp_path):
    gm_folder(tmp_path / "games", {"mastead.txt.j2": MASTHEAD, ".notes": "mine"})
    said = refusal(tmp_path / "games")
    assert "mastead.txt.j2 is not one of the umpire's templates, so it would replace none." in said
    assert "masthead.txt.j2, newsletter.txt.j2, welcome/_dampfross.md" in said and "site/" not in said


def test_a_template_jinja2_cannot_read_is_refused_with_its_line(tmp_path):
    gm_folder(tmp_path / "games", {"masthead.txt.j2": "{{ game }}\n{% if number %}\nNo end\n"})
    said = refusal(tmp_path / "games")
    assert "masthead.txt.j2, line 3 'No end':" in said and "Unexpected end of template" in said


def test_a_template_larger_than_the_limit_or_not_utf8_is_refused(tmp_path):
    own = gm_folder(tmp_path / "games", {"masthead.txt.j2": "x" * (own_templates.LIMIT + 1)})
    assert "is larger than 64 KB" in refusal(tmp_path / "games")
    (own / "masthead.txt.j2").write_bytes("Zürich\n".encode("latin-1"))
    assert "is not UTF-8 text" in refusal(tmp_path / "games")


def test_a_masthead_using_a_name_it_is_not_given_is_refused_at_new_naming_the_gms_own_file(tmp_path):
    own = gm_folder(tmp_path / "games", {"masthead.txt.j2": "{{ game }}\n{{ editor }}\n"})
    said = refusal(tmp_path / "games")
    assert "the game's own template masthead.txt.j2, line 2: 'editor' is undefined." in said
    assert f"Correct it in {own}" in said and "Nothing was created." in said


def test_a_games_template_spoilt_by_hand_stops_the_resolve_before_its_newsletter_and_is_finished_later(tmp_path):
    gm_folder(tmp_path / "games", {"masthead.txt.j2": MASTHEAD})
    game = new(tmp_path / "games" / "g").path
    copy = game / "templates" / "masthead.txt.j2"
    copy.write_text("{{ game }} {% for %}\n", encoding="utf-8")
    result = umpire("resolve", game, "--force")
    assert result.exit_code == 1
    assert "the game's own template masthead.txt.j2, line 1:" in result.output
    assert not (game / "newsletters" / "002.txt").exists()
    copy.write_text(MASTHEAD, encoding="utf-8")
    again = umpire("resolve", game, "--force")
    assert again.exit_code == 0 and "it is finished now" in again.output
    assert (game / "newsletters" / "002.txt").read_text(encoding="utf-8").startswith("G -- THE GAZETTE")
    assert replay(game, quick=True).differences == []


# -- the template cache --------------------------------------------------------------------------
def test_a_games_own_templates_are_never_kept_in_the_bytecode_cache(tmp_path, monkeypatch, games):
    """A replay reads them from a scratch folder of its own each time: kept, they would fill the
    cache with a file per replay."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    newsletter.environment.cache_clear()
    try:
        own = own_templates.own_folder(games / "g")
        env = newsletter.environment(own)
        assert isinstance(env.bytecode_cache, template_cache.QuietCache)
        assert env.get_template("masthead.txt.j2").filename.startswith(own)
        env.get_template("newsletter.txt.j2")
        kept = list((tmp_path / "cache" / "umpire").glob("templates-*/__jinja2_*.cache"))
        assert len(kept) == 1                            # newsletter.txt.j2, bundled; not the game's masthead
    finally:
        newsletter.environment.cache_clear()


def test_render_reraises_a_fault_of_a_bundled_template_as_it_is(tmp_path):
    """Only the game's own templates are the GM's to correct; a bundled one's fault is the umpire's."""
    game = new(tmp_path / "g").path
    with pytest.raises(Exception) as raised:
        own_templates.render(game, "newsletter.txt.j2", {"game": "g"})
    assert not isinstance(raised.value, UmpireError)
