"""Imported by Python at start-up in every process whose ``PYTHONPATH`` holds this folder: the
site's processes in a ``bench.load --steps`` run, where it times each move in daphne
(``bench.move_steps``)."""

from bench.move_steps import install

install()
