"""`umpire demo --game volldampf`: the bundled 4-player game from files to the final newsletter,
replayed byte for byte."""

from click.testing import CliRunner

from umpire.cli import main
from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases.replay import replay


def test_volldampf_demo_plays_to_the_end_and_replays(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--game", "volldampf", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    folder = GameFolder(tmp_path / "volldampf-demo")
    assert Game.of(folder).state().phase == "finished"
    letters = sorted(p.name for p in (folder.path / "newsletters").glob("*.txt") if "-" not in p.name)
    assert len(letters) == 14                       # 001 at the start, one after each of 13 mail turns (4A2 too)
    final = (folder.path / "newsletters" / letters[-1]).read_text(encoding="utf-8")
    assert "THE GAME IS OVER" in final and "The seed was: dampf-1925" in final
    assert "Track cards boxed at setup: none." in final
    builds = sum(1 for e in folder.events if e["type"] == "build")
    moves = sum(1 for e in folder.events if e["type"] == "move")
    assert builds >= 20 and moves >= 20
    assert (folder.path / "newsletters" / "014-anna.txt").exists()
    assert replay(folder.path).differences == []


def test_volldampf_demo_plays_action_cards_through_orders_and_its_newsletters_show_them(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--game", "volldampf", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    folder = GameFolder(tmp_path / "volldampf-demo")
    played = {e["card"] for e in folder.events if e["type"] == "played"}
    assert played >= {"Subvention", "Neue Planung", "Zusatzfracht", "Alles neu"}
    text = "".join(p.read_text(encoding="utf-8") for p in sorted((folder.path / "newsletters").glob("0[0-9][0-9].txt")))
    assert "plays Neue Planung: a blue cube from Basel to Braunschweig." in text
    assert "plays Zusatzfracht: a blue cube to Würzburg." in text
    assert "Subvention move: blue cube Kiel-Hamburg" in text
    assert "plays Alles neu; the groups are now:" in text and "Extra turn 4A2" in text
    assert "Press\n-----\nClara Claussen:\n  With thanks to the Reich's Subvention" in text
    assert [p.name for p in sorted((folder.path / "orders").iterdir())][-4:] == ["4A", "4A2", "4B", "4C"]
