"""A short summary of the rules of Ra, written for this edition.

Lines starting with ``# `` are headings, ``- `` are bullets; blank lines separate paragraphs.
"""

RULES_TEXT = """\
# The aim
Over three epochs of ancient Egypt you gather tiles that bring fame. Everyone starts with 10 fame; whoever has the most after the third epoch wins.

# Your turn
On your turn you do one thing:
- Draw a tile from the bag. Most tiles go onto the auction track (8 spaces). A Ra tile goes onto the Ra track instead and starts an auction.
- Invoke Ra, starting an auction for whatever lies on the auction track.
- Spend God tiles: each God takes one tile of your choice (not another God) from the auction track.

# Auctions
Your sun discs are your bids. Starting with the player after the one who called Ra, each player once bids one face-up sun higher than any bid so far, or passes.
- The highest bid wins every tile on the track and the sun in the centre of the board, which the winner keeps face down until the next epoch. The winning sun goes to the centre for the next auction.
- If you invoked Ra yourself and everyone else passed, you must bid (unless the track was full).
- If a drawn Ra tile started the auction, everyone may pass and the tiles stay.
- A player whose suns are all face down sits out until the epoch ends.

# Disasters
A disaster you win takes two of your tiles of its kind, then leaves: Funeral takes Pharaohs, Drought takes Floods then Niles, War takes civilizations and Earthquake monuments (you choose which when you have a real choice).

# End of an epoch
An epoch ends when the Ra track fills, or when nobody has a face-up sun left. The tracks are cleared and everyone scores:
- God: 2 each.  Gold: 3 each.
- Pharaohs: most +5, fewest -2.
- Nile and Flood: 1 each, but only if you hold at least one Flood.
- Civilizations: no kind -5; three different +5, four +10, five +15.
Gods, Gold, Floods and civilizations are then discarded; Pharaohs, Niles and monuments stay. All suns turn face up again.

# The end
After the third epoch, monuments score too: 1 point per different kind (10 for seven kinds, 15 for all eight), plus 5, 10 or 15 for three, four or five of one kind. The highest total of sun numbers gains 5, the lowest loses 5.
Fame never drops below zero. On a tie for the most fame, the player holding the highest sun wins.

# Playing here
Mouse or keyboard alone both work: Tab and the arrow keys move between choices, Enter or Space chooses, and the keys shown on the buttons are shortcuts. F11 switches fullscreen; Esc opens the game menu.
"""
