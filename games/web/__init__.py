"""The HTTP side: pages, forms, health."""
