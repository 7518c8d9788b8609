"""Table use cases and reads: one module per group of use cases, each in a transaction with the
table row locked; reads shaped for the viewer who asks."""
