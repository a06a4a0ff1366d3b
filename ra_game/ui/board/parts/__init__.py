"""The play scene's parts: input, turns, the painter and its canvas, the pause flow, the status
line's text, hints, undo, the hand-over, the keeper, and what they see of the scene
(``protocols``)."""
