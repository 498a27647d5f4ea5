"""The `grundy` command: the composition root that wires the other packages together."""
