"""The window's core: scenes, layouts, sprites, animation and widgets (pygame-ce)."""
