"""The one store of seat tokens, shared by the window and the headless client: each keeps
its own tickets apart, and the headless client's older files (``URL ROOM`` in a file named by
its token) are still read, so nobody loses a seat."""

from __future__ import annotations

from ra_game.files.settings import data_dir
from ra_game.net.client import seat_store
from ra_game.net.client.memory import OnlineMemory, RoomTicket, load_memory, save_memory


def test_the_window_and_the_headless_client_share_one_store_of_tokens() -> None:
    url = "ws://127.0.0.1:1"
    mine = RoomTicket(url, "ABCD", "tok-window", "Ana")
    assert save_memory(OnlineMemory([], "Ana", mine)) is None
    assert seat_store.keep(RoomTicket(url, "ABCD", "tok-bot", "bot")) is None
    assert [t.token for t in seat_store.held(url, "abcd")] == ["tok-bot"]  # the bot's only
    assert load_memory().ticket == mine  # the window's only
    folder = next((data_dir() / seat_store.SEATS_DIR).iterdir())
    (folder / "tok-old.token").write_text(f"{url} ABCD\n", encoding="utf-8")  # an older file
    assert {t.token for t in seat_store.held(url, "ABCD")} == {"tok-bot", "tok-old"}
    seat_store.drop(url, "ABCD", "tok-bot")
    assert [t.token for t in seat_store.held(url, "ABCD")] == ["tok-old"]
    later = RoomTicket(url, "WXYZ", "tok-next", "Ana")
    assert save_memory(OnlineMemory([], "Ana", later)) is None  # the window keeps one ticket
    assert load_memory().ticket == later
    assert not (folder / "tok-window.token").exists() and (folder / "tok-old.token").exists()


def test_a_damaged_ticket_file_is_no_ticket() -> None:
    url = "ws://127.0.0.1:1"
    assert seat_store.keep(RoomTicket(url, "ABCD", "tok-a", "bot")) is None
    folder = next((data_dir() / seat_store.SEATS_DIR).iterdir())
    (folder / "tok-b.token").write_text('{"url": 5}', encoding="utf-8")
    (folder / "tok-c.token").write_text('{"url": "ws://x:1", "room": "ABCD", "token": "tok-d"}',
                                        encoding="utf-8")  # names another token than its file
    (folder / "not a token.token").write_text(f"{url} ABCD\n", encoding="utf-8")
    assert [t.token for t in seat_store.held(url, "ABCD")] == ["tok-a"]
