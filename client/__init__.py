"""grundy's clients: the connection every client shares, the bot SDK and the Gomocup bridge.

Clients talk to a node over the wire only (they never import ``server``); they use
``protocol`` for the messages and ``rules`` to render positions and pre-check input.
"""
