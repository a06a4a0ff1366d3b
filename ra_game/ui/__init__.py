"""The window's core: scenes, layouts, sprites, animation and widgets (pygame-ce).

The scene modules themselves live in ``scenes/`` (installed as ``ra_game.scenes``, like ``assets/``
as ``ra_game.assets``; an editable install maps them the same way); this package reaches them
through :mod:`ra_game.ui.front`.
"""
