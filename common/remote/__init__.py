"""Remote seats: each player at their own terminal, fed from their own seat's view only.

``seat`` is the narrow channel a host serves to one seat (``SeatProxy``); ``wire`` frames its
messages; ``hub`` serves the proxies to the seats' processes over a local socket; ``client`` is
what a seat's process holds (``RemoteSession``: the snapshots its seat was sent, nothing else);
``ssh`` lets an OpenSSH client reach a seat's table. docs/remote.md tells the whole shape.
"""
