"""Any sequence of the GM's commands (orders, resolve, rollback, rollback --to, adjust, replace):
money stays conserved, a rollback gives back the status from before the resolves it undid (a plain
rollback run again before any resolve does nothing), and replay rebuilds the game byte for byte."""

from conftest import TEST_MAP
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases import actions, corrections, rollback
from umpire.usecases.replay import replay

ORDERS = {
    "red": ["GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3\n", "GAME g\nCOMPANY red\nBUILD C3-C4-C5\n",
            "GAME g\nCOMPANY red\nBUILD E3-F3-F2\n"],
    "blue": ["GAME g\nCOMPANY blue\nHOME Beta\nBUILD K8-J8\n", "GAME g\nCOMPANY blue\nBUILD J8-I8-H8\n"],
}
STEPS = st.one_of(
    st.tuples(st.just("order"), st.sampled_from(["red", "blue"]), st.integers(0, 2)),
    st.tuples(st.just("resolve")),
    st.tuples(st.just("rollback")),
    st.tuples(st.just("rollback_to"), st.integers(1, 4)),
    st.tuples(st.just("adjust"), st.sampled_from(["red", "blue"]), st.integers(-3, 5)),
    st.tuples(st.just("replace"), st.sampled_from(["red", "blue"])),
)


def status(path):
    return actions.status(GameFolder(path))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(STEPS, min_size=3, max_size=9))
@example([("resolve",), ("resolve",), ("rollback",), ("rollback",), ("resolve",), ("rollback",)])
@example([("order", "red", 0), ("resolve",), ("resolve",), ("resolve",), ("replace", "red"), ("rollback",)])
def test_any_sequence_of_gm_commands_replays_and_rolls_back_to_the_status_before(tmp_path_factory, steps):
    path = tmp_path_factory.mktemp("seq") / "g"
    actions.create_game(path, str(TEST_MAP), "laurin", ["red:Red Lines:red@example.org", "blue:Blue:blue@example.org"],
                        seed="s")
    resolved: list[tuple[int, dict]] = []          # (round resolved, status before its resolve)
    undone = False                                  # a rollback since the last resolve: a plain one does nothing
    for step in steps:
        folder = GameFolder(path)
        kind = step[0]
        if kind == "order":
            company, n = step[1], step[2] % len(ORDERS[step[1]])
            actions.submit(folder, ORDERS[company][n].encode(), via="submit test")
        elif kind == "resolve":
            before = status(path)
            if before["phase"] == "finished":
                continue
            actions.resolve(folder)
            resolved.append((before["round"], before))
            undone = False
        elif kind == "rollback":
            if not resolved:
                continue
            before = status(path)
            done = rollback.rollback(folder)
            if undone:
                assert done.nothing and status(path) == before
            else:
                assert status(path) == resolved.pop()[1]
                undone = True
        elif kind == "rollback_to":
            target = next((i for i, (r, _) in enumerate(resolved) if r == step[1]), None)
            if target is None:
                continue
            rollback.rollback(folder, step[1])
            assert status(path) == resolved[target][1]
            del resolved[target:]
            undone = True
        elif kind == "adjust":
            if step[2] == 0 or Game.of(folder).state().balance(step[1]) + step[2] < 0:
                continue
            corrections.adjust(folder, step[1], step[2], "a test correction")
        else:
            corrections.replace(folder, step[1], f"standby-{step[1]}@example.org")
            for _, before in resolved:              # a rollback keeps the new player, who has missed nothing
                before["missed_turns"][step[1]] = 0
        assert Game.open(path).state().ledger.total() == 0
    assert replay(path).differences == []
