"""One module per game of the catalog."""
