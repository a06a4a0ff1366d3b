"""What a player reads: the gettext catalogs (``i18n``), the words for game things, seat names,
paths and errors (``words``), and argparse's own words."""
