from tui.app import FractalApp


async def test_title_screen_quits_on_q() -> None:
    app = FractalApp()
    async with app.run_test() as pilot:
        assert "FRACTAL" in str(app.query_one("#title").render())
        await pilot.press("q")
    assert app.return_code == 0
