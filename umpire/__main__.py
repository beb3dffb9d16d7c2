from umpire.cli import run

run()
