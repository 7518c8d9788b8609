"""The load benchmark (``python -m bench.load``): the site and a bare Channels relay served by
daphne on this machine, driven by the same websocket clients. See docs/performance.md."""
