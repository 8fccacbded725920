"""The terminal client and the `fractal` command line."""
