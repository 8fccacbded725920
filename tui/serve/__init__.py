"""``fractal serve``: the client for people who have nothing installed, over SSH or in a
browser. The servers run no Textual themselves: every player gets a client process of
their own (docs/serving.md)."""
