from umpire.cli import main

main(prog_name="umpire")
