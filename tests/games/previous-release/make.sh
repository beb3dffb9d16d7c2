#!/bin/sh
# Make the game folders beside this script with the umpire of the previous release (0.1.0), as a
# GM running that release would have made them. README.md says how to install that release.
#
#   sh tests/games/previous-release/make.sh PREVIOUS_RELEASE_FOLDER
#
# PREVIOUS_RELEASE_FOLDER holds the source of 0.1.0, installed in its own .venv. The map
# pictures for the mail are left out of every folder, and the PDFs of all but
# dampfross-mid-game, to keep the repository small; none of them is needed to replay or continue
# a game (tests/test_upgrade.py replays those games with --quick).
set -eu
OLD=$(cd "${1:?give the folder of the previous release (its source, installed in its .venv)}" && pwd)
UMPIRE="$OLD/.venv/bin/umpire"
HERE=$(cd "$(dirname "$0")" && pwd)
MAPS=$(cd "$HERE/../../maps" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

order() {   # order FILE LINE...: an order file, one line per argument
    file=$1; shift
    printf '%s\n' "$@" > "$file"
}

# Dampfross, finished: two rounds of construction, then an operating round of the game's two transports.
"$UMPIRE" new dampfross-finished --map "$MAPS/test.yaml" --rules laurin \
    --company "red:Red Lines:red@example.org" --company "blue:Blue Star:blue@example.org" \
    --seed previous-release --option construction.dice.count=3 --option operations.transports=2
order r1.txt "GAME dampfross-finished" "COMPANY red" "HOME Alpha" "BUILD C3-D3-E3-Gamma" "BUILD F2-F3-G3-H3-H4-Zeta"
order b1.txt "GAME dampfross-finished" "COMPANY blue" "HOME Beta" "BUILD K8-K7-K6-J5-I5-Zeta" "BUILD K8-L8-M9"
"$UMPIRE" submit dampfross-finished r1.txt b1.txt
"$UMPIRE" resolve dampfross-finished
order r2.txt "GAME dampfross-finished" "COMPANY red" "BUILD C3-C4-Kappa" "BUILD H3-I3-Furth-Nord"
order b2.txt "GAME dampfross-finished" "COMPANY blue" "BUILD J5-J4-K4-Epsilon" "BUILD K8-J8-J9-I9-H9-Iota"
"$UMPIRE" submit dampfross-finished r2.txt b2.txt
"$UMPIRE" resolve dampfross-finished
order r3.txt "GAME dampfross-finished" "COMPANY red" "RACE 1 RUN C3-D3-E3-F2-F3-G3-H3-H4-H5" "RACE 2 PASS"
order b3.txt "GAME dampfross-finished" "COMPANY blue" "RACE 1 PASS" "RACE 2 RUN K8-K7-K6-J5-I5-H5-H4-H3-G3-F3-F2-E3-D3-C3"
"$UMPIRE" submit dampfross-finished r3.txt b3.txt
"$UMPIRE" resolve dampfross-finished

# Dampfross, mid-game: round 1 resolved (a line refused), round 2 open.
"$UMPIRE" new dampfross-mid-game --map "$MAPS/test.yaml" --rules laurin \
    --company "red:Red Lines:red@example.org" --company "blue:Blue Star:blue@example.org" \
    --company "green:Green Valley:green@example.org" --seed previous-release-mid
order r1.txt "GAME dampfross-mid-game" "COMPANY red" "HOME Alpha" "BUILD C3-D3-E3-Gamma"
order b1.txt "GAME dampfross-mid-game" "COMPANY blue" "HOME Beta" "BUILD K8-L8-M9" "BUILD M9-N9-N10"
order g1.txt "GAME dampfross-mid-game" "COMPANY green" "HOME Alpha" "BUILD C3-C4-Kappa"
"$UMPIRE" submit dampfross-mid-game r1.txt b1.txt g1.txt      # N9-N10 runs into the sea: refused at resolve
"$UMPIRE" resolve dampfross-mid-game

# Volldampf: the players' orders are written by the release's own tool (rules of thumb on the
# seeded draws), as for its bundled demo.
volldampf_orders() {   # volldampf_orders GAME SEED PLAYER...: orders/<turn>/<player>.txt in folder GAME-orders
    game=$1 seed=$2; shift 2
    mkdir "$game-orders"
    { printf 'game: %s\nmap: %s\nrules: volldampf\nseed: %s\ncompanies:\n' "$game" "$MAPS/volldampf-tiny.yaml" "$seed"
      for p in "$@"; do printf '  - %s\n' "$p"; done; } > "$game-orders/demo.yaml"
    "$OLD/.venv/bin/python" "$OLD/tools/volldampf_demo_orders.py" "$game-orders"
}

# Volldampf, finished: two players, six rounds, played from the orders as an archive is.
volldampf_orders volldampf-finished previous-release "ada:Ada Adler" "ben:Ben Berger"
"$UMPIRE" play volldampf-finished-orders played
mv played/volldampf-finished volldampf-finished

# Volldampf, mid-game: three players by mail; round 1's three turns resolved, turn 2A open.
volldampf_orders volldampf-mid-game previous-release-mid "ada:Ada Adler" "ben:Ben Berger" "cleo:Cleo Claas"
"$UMPIRE" new volldampf-mid-game --rules volldampf --map "$MAPS/volldampf-tiny.yaml" --seed previous-release-mid \
    --player "ada:Ada Adler:ada@example.org" --player "ben:Ben Berger:ben@example.org" \
    --player "cleo:Cleo Claas:cleo@example.org"
for turn in 1A 1B 1C; do
    "$UMPIRE" submit volldampf-mid-game volldampf-mid-game-orders/orders/$turn/*.txt
    "$UMPIRE" resolve volldampf-mid-game
done

for game in dampfross-finished dampfross-mid-game volldampf-finished volldampf-mid-game; do
    rm -f "$game"/newsletters/*-map.png
    [ "$game" = dampfross-mid-game ] || rm -f "$game"/newsletters/*.pdf
    find "$game" -type d -empty -delete          # as git keeps them: no empty folders
    rm -rf "${HERE:?}/$game"
    mv "$game" "$HERE/$game"
done
echo "made: dampfross-finished dampfross-mid-game volldampf-finished volldampf-mid-game in $HERE"
