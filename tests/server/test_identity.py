"""Players are signed identities: stats, seats and the way back go by player id, never by a typed name.

The attacks: a name reused by someone else, a forged or re-signed cookie, a
cookie sent by a page of another site, a banned player coming back.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.cli import main
from hearts.server.identity import (
    PLAYER_ID,
    check_password,
    hash_password,
    new_player_id,
    seat_token,
    sign,
    verify,
)
from hearts.server.players import Players
from hearts.server.store import Store
from hearts.web.host import _as_page_player

from .conftest import InProcessServer, Player
from .wsconn import Conn

EVIL = "https://evil.example"


# ---- the signature -------------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.", min_size=1, max_size=60))
def test_no_other_cookie_value_proves_a_player(tampered: str) -> None:
    key = b"\x01" * 32
    pid = "p" + "A" * 22
    good = sign(key, pid)
    assert verify(key, good) == pid
    if tampered != good:
        assert verify(key, tampered) != pid  # only the exact signed value proves this player


def test_a_cookie_signed_with_another_key_or_for_another_id_proves_nothing() -> None:
    key, other = b"\x01" * 32, b"\x02" * 32
    ann, eve = new_player_id(), new_player_id()
    assert verify(other, sign(key, ann)) is None
    mac_of_eve = sign(key, eve).split(".")[1]
    assert verify(key, f"{ann}.{mac_of_eve}") is None  # Eve's signature on Ann's id
    assert verify(key, None) is None and verify(key, "") is None and verify(key, "x" * 500) is None
    assert PLAYER_ID.fullmatch(ann) and ann != eve


def test_passwords_are_salted_and_checked() -> None:
    a, b = hash_password("open sesame"), hash_password("open sesame")
    assert a != b and check_password("open sesame", a) and check_password("open sesame", b)
    assert not check_password("open sesam", a)
    assert not check_password("open sesame", "md5$abc") and not check_password("open sesame", None)
    assert not check_password(123, a)


def test_a_seat_token_is_the_players_own() -> None:
    key = b"k" * 32
    assert seat_token(key, "t", 0, "pA") == seat_token(key, "t", 0, "pA")
    assert len({seat_token(key, "t", 0, "pA"), seat_token(key, "t", 0, "pB"), seat_token(key, "u", 0, "pA")}) == 3


# ---- the server --------------------------------------------------------------------------------------------


def _cookie_flags(server: InProcessServer) -> str:
    import urllib.request

    with urllib.request.urlopen(server.base + "/api/me", timeout=10) as r:
        return str(r.headers.get("Set-Cookie"))


def test_a_newcomer_gets_a_signed_cookie_that_scripts_cannot_read(server: InProcessServer) -> None:
    flags = _cookie_flags(server)
    assert flags.startswith("hearts_player=p") and "HttpOnly" in flags and "SameSite=Lax" in flags and "Path=/" in flags
    ann = Player(server.base)
    status, me = ann.get("/api/me")
    assert status == 200 and me["player"] == ann.cookie.split(".")[0] and me["tables"] == [] and me["login"] is None  # type: ignore[union-attr]
    assert ann.get("/api/me")[1]["player"] == me["player"]  # the same player on the next visit


def test_a_name_is_only_a_label(server: InProcessServer) -> None:
    dee, eve = Player(server.base), Player(server.base)
    t = dee.table(name="Dee")
    tid = t["table"]
    # Eve types Dee's name at Dee's table: she gets a seat of her own, not Dee's, and not Dee's token
    status, out = eve.post(f"/api/tables/{tid}/join", {"name": "Dee"})
    assert status == 200 and out["seat"] == 1 and out["token"] != t["token"]
    seats = server.hub.tables[tid].table.seats
    assert seats[0].player != seats[1].player and {seats[0].player, seats[1].player} == {dee.cookie.split(".")[0], eve.cookie.split(".")[0]}  # type: ignore[union-attr]
    # nobody reads stats by name, and each player's tables are their own
    assert eve.get("/api/stats?name=Dee")[0] == 403
    assert [x["seat"] for x in dee.get("/api/me")[1]["tables"]] == [0]
    assert [x["seat"] for x in eve.get("/api/me")[1]["tables"]] == [1]


def test_a_forged_cookie_is_a_newcomer(server: InProcessServer) -> None:
    dee = Player(server.base)
    t = dee.table(name="Dee", players=7)  # a seat for each forgery below
    dee_id = dee.cookie.split(".")[0]  # type: ignore[union-attr]
    eve = Player(server.base)
    eve.get("/api/me")
    eve_mac = eve.cookie.split(".")[1]  # type: ignore[union-attr]
    for forged in (dee_id, f"{dee_id}.{eve_mac}", f"{dee_id}.AAAAAAAAAAAAAAAAAAAAAAAA", dee_id + ".", "garbage"):
        mallory = Player(server.base, forged)
        status, me = mallory.get("/api/me")
        assert status == 200 and me["player"] != dee_id and me["tables"] == []
        assert mallory.cookie != forged  # answered as a newcomer: a fresh cookie
        # and the forged cookie does not get Dee's seat back
        status, out = Player(server.base, forged).post(f"/api/tables/{t['table']}/join", {"name": "Dee"})
        assert status == 200 and out["seat"] != 0


def test_a_page_of_another_site_cannot_act_or_read_as_the_player(server: InProcessServer) -> None:
    dee = Player(server.base)
    t = dee.table(name="Dee")
    origin = {"Origin": EVIL}
    for method, path, body in (
        ("GET", "/api/me", None),
        ("GET", "/api/stats", None),
        ("GET", "/api/games", None),
        ("POST", f"/api/tables/{t['table']}/join", {"name": "Dee"}),
        ("POST", "/api/tables", {"variant": "standard", "players": 4, "name": "Dee"}),
        ("POST", "/api/account", {"login": "deedee", "password": "long enough"}),
        ("POST", "/api/login", {"login": "deedee", "password": "long enough"}),
        ("POST", "/api/logout", {}),
    ):
        status, err = dee.call(method, path, body, origin)
        assert status == 403 and err["error"]["code"] == "bad_origin", (path, status, err)
    assert dee.get("/api/me")[1]["tables"][0]["table"] == t["table"]  # nothing changed; the same origin still works


def test_a_player_gets_their_seat_back_anywhere(server: InProcessServer) -> None:
    dee = Player(server.base)
    t = dee.table(name="Dee")
    # another tab, or a browser that lost the token: joining again gives seat 0 and its token, whatever it asks for
    status, back = dee.post(f"/api/tables/{t['table']}/join", {"name": "Dee", "seat": 2})
    assert status == 200 and back["seat"] == 0 and back["token"] == t["token"]
    # another device, once logged in to the account made in the first browser
    assert dee.post("/api/account", {"login": "Dee.Lee", "password": "hearts are red"}) == (
        201,
        {"player": dee.cookie.split(".")[0], "login": "dee.lee"},
    )  # type: ignore[union-attr]
    phone = Player(server.base)
    assert phone.post("/api/login", {"login": "dee.lee", "password": "hearts are wrong"})[1]["error"]["code"] == "login_failed"
    assert phone.post("/api/login", {"login": "nobody", "password": "hearts are red"})[1]["error"]["code"] == "login_failed"
    status, who = phone.post("/api/login", {"login": "DEE.LEE", "password": "hearts are red"})
    assert status == 200 and who["player"] == dee.cookie.split(".")[0]  # type: ignore[union-attr]
    assert phone.post(f"/api/tables/{t['table']}/join", {"name": "Dee"})[1]["token"] == t["token"]
    conn = Conn(server.ws, t["table"], t["token"])
    assert conn.next("welcome")["seat"] == 0
    conn.close()
    # logging out: a new guest, with no seat
    status, out = phone.post("/api/logout", {})
    assert status == 200 and out["player"] != who["player"] and phone.get("/api/me")[1]["tables"] == []


def test_account_requests_are_checked_and_limited(server: InProcessServer) -> None:
    ann, bob = Player(server.base), Player(server.base)
    assert ann.post("/api/account", {"login": "x", "password": "long enough"})[0] == 400
    assert ann.post("/api/account", {"login": "annie", "password": "short"})[0] == 400
    assert ann.post("/api/account", {"login": "annie", "password": "long enough", "role": "admin"})[0] == 400
    assert ann.post("/api/account", ["annie"])[0] == 400
    assert ann.post("/api/account", {"login": "annie", "password": "long enough"})[0] == 201
    status, err = ann.post("/api/account", {"login": "annie2", "password": "long enough"})
    assert status == 400 and "already have an account" in err["error"]["message"]
    status, err = bob.post("/api/account", {"login": "annie", "password": "another one"})
    assert status == 400 and "taken" in err["error"]["message"]
    codes = [bob.post("/api/login", {"login": "annie", "password": f"guess {i:04}"})[0] for i in range(12)]
    assert codes.count(429) >= 1 and set(codes) <= {401, 429}  # ten tries a minute from one address, with the three above


def test_a_banned_player_is_refused_everywhere(server: InProcessServer) -> None:
    eve = Player(server.base)
    t = eve.table(name="Eve")
    eve_id = eve.cookie.split(".")[0]  # type: ignore[union-attr]
    Players(server.store.engine).ban(eve_id)
    status, err = eve.post("/api/tables", {"variant": "standard", "players": 4, "name": "Eve"})
    assert status == 403 and err["error"]["code"] == "banned"
    other = Player(server.base).table(name="Ann")
    assert eve.post(f"/api/tables/{other['table']}/join", {"name": "Eve"})[0] == 403
    assert eve.get("/api/me")[1]["banned"] is True
    conn = Conn(server.ws, t["table"], t["token"])
    err = conn.next("error")
    assert err["code"] == "banned"
    conn.close()
    Players(server.store.engine).ban(eve_id, False)
    assert eve.post(f"/api/tables/{other['table']}/join", {"name": "Eve"})[0] == 200


# ---- the operator's command ------------------------------------------------------------------------------


def test_the_operator_lists_renames_and_bans(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'server.db'}"
    store = Store(url)
    players = Players(store.engine)
    dee = new_player_id()
    players.seen(dee, "Dee")
    players.register(dee, "deelee", "long enough", "Dee")
    store.close()

    def run(*argv: str) -> tuple[int, Any]:
        code = main(["players", "--db", url, "--json", *argv])
        text = capsys.readouterr().out
        return code, json.loads(text) if text.strip() else None

    code, listed = run("list")
    assert code == 0 and [p["id"] for p in listed] == [dee] and listed[0]["login"] == "deelee"
    assert run("rename", "deelee", "  Dee   L. ") == (0, {"id": dee, "name": "Dee L."})
    assert run("ban", dee) == (0, {"id": dee, "banned": True})
    code, shown = run("show", dee)
    assert code == 0 and shown["name"] == "Dee L." and shown["banned"] is True and shown["stats"]["games"] == 0
    assert main(["players", "--db", url, "ban", "p" + "Z" * 22]) == 1
    assert "no player" in capsys.readouterr().err
    assert main(["players", "--db", url, "rename", dee, "   "]) == 2
    assert capsys.readouterr().err.startswith("hearts players: ")
    again = Players(Store(url).engine)
    assert again.seen(dee, "Someone") == "Dee L." and again.is_banned(dee)


def test_results_kept_by_an_older_page_count_for_its_person() -> None:
    old = {"names": ["Ann", "Ada", "Bo", "Cy"], "humans": [0], "scores": [1, 2, 3, 4]}
    assert _as_page_player(old)["players"] == ["page", None, None, None]
    assert _as_page_player({**old, "players": ["x", None, None, None]})["players"][0] == "x"


def test_the_cookie_is_secure_behind_an_https_origin(tmp_path: Path) -> None:
    from .conftest import InProcessServer as Server

    s = Server(f"sqlite:///{tmp_path / 'h.db'}", origins=["https://cards.example.org"])
    try:
        assert "; Secure" in _cookie_flags(s)  # TLS ends at the proxy: the browser's side is HTTPS
    finally:
        s.stop()
    assert "Secure" not in _cookie_flags_of_plain(tmp_path)


def _cookie_flags_of_plain(tmp_path: Path) -> str:
    from .conftest import InProcessServer as Server

    s = Server(f"sqlite:///{tmp_path / 'plain.db'}")
    try:
        return _cookie_flags(s)
    finally:
        s.stop()
