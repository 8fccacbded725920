from tui.app import FractalApp


async def test_title_screen_quits_on_q() -> None:
    app = FractalApp()
    async with app.run_test() as pilot:
        assert "FRACTAL" in str(app.query_one("#title").render())
        await pilot.press("q")
    assert app.return_code == 0


async def test_resumed_game_is_named_on_the_title_screen() -> None:
    app = FractalApp(status="Resumed auto-1: cycle 2 [action]")
    async with app.run_test():
        assert "Resumed auto-1: cycle 2 [action]" in str(app.query_one("#title").render())
