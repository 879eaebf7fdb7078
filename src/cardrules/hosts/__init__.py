"""Adapters to the frameworks that learning agents run in.

Each adapter is a module of its own with its framework as an optional extra, so
``import cardrules`` never needs them:

- :mod:`cardrules.hosts.pettingzoo`: a PettingZoo AEC environment, every seat an
  agent (``pip install "cardrules[pettingzoo]"``);
- :mod:`cardrules.hosts.gymnasium`: a Gymnasium environment, one seat against bots of
  the library or any policy (``pip install "cardrules[gymnasium]"``);
- :mod:`cardrules.hosts.openspiel`: OpenSpiel games with explicit chance
  (``pip install "cardrules[openspiel]"``).

The first two are built on :class:`~cardrules.hosts.table.HostTable`, which plays a game for a
host without any framework: move ids in, rewards and the end of the game out, idiot
calls made for the seats (hosts let one seat act at a time) and a cap on the number
of moves (hosts need episodes that end).
"""
