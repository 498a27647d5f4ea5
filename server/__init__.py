"""The grundy server node: rooms (a pure core in ``server.room``), clocks, store, bots, gateway."""
