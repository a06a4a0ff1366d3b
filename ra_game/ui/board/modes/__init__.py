"""The mode framework: how a kind of game runs on the board (``Mode``) and what it adds on top
(``Overlay``)."""
