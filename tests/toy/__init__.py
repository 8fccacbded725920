"""Stakes, a game made for the tests: the smallest game that plugs into the shell the way
every game does, through one declaration and one line of pyproject.toml, with a hidden
hand and a simultaneous choice. The contract suite (tests/contract) plays it as it plays
the real games; it is kept out of menus (``listed=False``).

Each round the leader stakes 1 or 2 points, then everyone plays a card of their hand at
once, face down; the cards are revealed and the single highest card takes the stake (a
tie for highest takes nothing). Everyone draws a card, and the lead passes on. After
``ROUNDS`` rounds the most points win.
"""

from core.declaration import Declaration, Stat

GAME = Declaration(
    name="toy",
    title="Stakes",
    players=(2, 3, 4, 5, 6),
    rules_version="1",
    game="tests.toy.game:Game",
    words="tests.toy.words:WORDS",
    bots="tests.toy.bots:model",
    invariants="tests.toy.invariants",
    client="tests.toy.client:UI",
    vp_keys=("points",),
    stats=(Stat("ties"),),
    listed=False,
)
