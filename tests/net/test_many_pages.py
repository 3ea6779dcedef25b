"""Issue 19: matches of three or more pages. What an outside audit reproduced against the protocol of issue 11
and 12 with a third page (a player or a spectator), each played here by a hostile in-process page: no honest
page records a forfeit against an honest player, a page with no seat cannot end the players' match, and
every end runs the deck audit."""

from __future__ import annotations

import json
from typing import Any

from cargobay.net import Peer

from .netkit import Network, loaded

FALSE = "cd" * 32


def loot(**more: Any) -> dict[str, Any]:
    return {"shootout": "gun cards", "crypto": True, "items": [], **more}


def forfeits(peer: Peer) -> tuple[int, str] | None:
    return None if peer.outcome is None else (peer.outcome["peer"], peer.outcome["rule"])


# --- 3: a spectator ends the match -------------------------------------------------------------------------
def test_a_spectator_that_equivocates_leaves_and_the_players_play_on() -> None:
    network = Network(peers=3, seed=11, owners=(0, 1, 0), hostile=(2,))  # peer 2 watches, and cheats
    network.play_until(lambda: all(peer.step >= 2 for peer in network.peers[:2]))
    a = network.forge(2, {"type": "hash", "step": 1, "hash": "ab" * 32})
    b = network.forge(2, {"type": "hash", "step": 1, "hash": FALSE})
    proof = network.forge(2, {"type": "proof", "a": a, "b": b})
    for player in (0, 1):
        network.inject(2, player, proof)
        assert network.peers[player].outcome is None
        assert any(event["event"] == "removed" and event["peer"] == 2 for event in network.peers[player].events)
    network.play(until=(0, 1))
    assert all(peer.outcome is None and peer.game.is_terminal(peer.match.state) for peer in network.peers[:2])
    assert network.in_step(0, 1)


# --- 9: six honest pages cannot finish a deal ----------------------------------------------------------------
def test_six_honest_pages_finish_a_loot_deal() -> None:
    network = Network(peers=6, seed=1, game="loot", options=loot())
    network.play_until(lambda: all(any(action.startswith("deck:") for _, action in peer.match.actions)
                                   for peer in network.peers))
    assert not network.refused and all(peer.outcome is None for peer in network.peers)
    for peer in network.peers:
        assert peer.dealing is not None
        assert all(len(text) < 1000 for event in peer.dealing.events.values() for text in event["texts"])


# --- 1: an early audit asked on one page only -------------------------------------------------------------
def dealt(network: Network) -> None:
    network.play_until(lambda: all(any(seat == -1 and action.startswith("deal:") for seat, action
                                       in peer.match.actions) for peer in network.peers))


def audit_request(network: Network, asker: int, secret: str | None = None) -> str:
    peer = network.peers[asker]
    assert peer.dealing is not None
    seeds = {str(node): peer.identity.derive(peer.setup.match_id, "shuffle", node)
             for node, event in sorted(peer.dealing.events.items()) if asker in event["order"]}
    from cargobay.crypto.ristretto import scalar_to_bytes

    return network.forge(asker, {"type": "audit", "node": peer.step, "early": True, "seeds": seeds,
                                 "secret": secret or scalar_to_bytes(peer.dealing.secret).hex()})


def test_an_early_audit_asked_on_one_page_only_costs_the_asker_on_every_page() -> None:
    network = Network(peers=4, seed=12, game="haul")
    dealt(network)
    network.hostile.add(1)
    request = audit_request(network, 1)
    network.inject(1, 0, request)  # the request to page 0 only ...
    network.flush()  # ... whose audit reaches pages 2 and 3 first
    for page in (0, 2, 3):
        assert forfeits(network.peers[page]) == (1, "false-alarm"), (page, network.peers[page].outcome)


def test_an_asker_with_a_false_secret_gets_no_honest_secret() -> None:
    network = Network(peers=4, seed=13, game="haul")
    dealt(network)
    network.hostile.add(1)
    network.inject(1, 0, audit_request(network, 1, secret="01" + "00" * 31))
    network.flush()
    assert forfeits(network.peers[0]) == (1, "false-shuffle")
    honest = {loaded(text)["secret"] for who, text in network.inbox.get(1, []) if '"audit"' in text}
    assert not honest  # no page sent its deck secret to the asker


# --- 5: junk in the early-deal list ------------------------------------------------------------------------
def test_junk_and_a_withheld_shuffle_cannot_make_a_page_charge_an_honest_player() -> None:
    network = Network(peers=4, seed=14, game="haul", reveal_deadline=60)
    withheld: list[str] = []
    send = network.send
    who: list[int] = []

    def withholding(sender: int, outs: list[Any]) -> None:
        kept = []
        for to, text in outs:
            node = loaded(text).get("node", 0)
            order = [*range(4)][node % 4:] + [*range(4)][:node % 4]
            if sender == order[-1] and '"shuffle"' in text and not withheld:  # the last shuffler cheats
                cheater, victim = order[-1], order[0]
                who.extend((cheater, victim))
                withheld.append(text)
                for other in range(4):
                    if other not in (cheater, victim):
                        network.queues[(cheater, other)].append(text)
                junk = {"v": 2, "match": network.setup.match_id, "from": cheater, "type": "shares",
                        "node": node, "on": "", "shares": "", "proof": "A" * 86, "sig": "A" * 86}
                for index in range(8):
                    network.queues[(cheater, victim)].append(json.dumps({**junk, "on": f"x{index}"}))
                continue
            kept.append((to, text))
        send(sender, kept)

    network.send = withholding  # type: ignore[method-assign]
    network.flush()
    assert withheld
    cheater, victim = who
    network.pass_time(30.0)
    network.inject(cheater, victim, withheld[0])  # 30 s late: within the deadline
    network.flush()
    network.pass_time(70.0)  # (every page ticking once a second)
    assert network.peers[victim].outcome is None, network.peers[victim].outcome
    assert network.peers[victim].step > network.peers[victim].node.node or network.peers[victim].node.kind != "deal"


# --- 2: two deck keys --------------------------------------------------------------------------------------
def test_a_player_that_gives_two_pages_two_deck_keys_is_proven_to_equivocate() -> None:
    from cargobay.crypto import proofs
    from cargobay.crypto import ristretto as r
    from cargobay.crypto.mental import secret_key
    from cargobay.net.shown import context

    network = Network(peers=3, seed=15, game="tf22", options={"crypto": True}, hostile=(2,))
    cheater = network.peers[2]
    keys = []
    for salt in (b"\x01" * 32, b"\x02" * 32):
        secret = secret_key(salt)
        proof = proofs.prove_key(secret, context(cheater, "key", 2))
        keys.append(network.forge(2, {"type": "deckkey", "key": r.encode(r.G.times(secret)).hex(),
                                      "proof": __import__("cargobay.net.signing", fromlist=["b64"]).b64(proof)}))
    network.inject(2, 0, keys[0])
    network.inject(2, 1, keys[1])
    network.flush()
    for page in (0, 1):
        assert forfeits(network.peers[page]) == (2, "equivocation"), network.peers[page].outcome


# --- 4: no audit after an early end -------------------------------------------------------------------------
def substituting(network: Network, cheater: int) -> None:
    """``cheater``'s shuffles put a card of its own making where another card was (found only by an audit)."""
    from cargobay.crypto import mental
    from cargobay.crypto import ristretto as r

    dealing = network.peers[cheater].dealing
    assert dealing is not None
    honest = dealing.shuffled

    def shuffled(peer: Peer, deck: list[mental.Cipher], seed: bytes) -> list[mental.Cipher]:
        cards = honest(peer, deck, seed)
        cards[20] = (r.G.times(5), r.add(mental.card_point(27), dealing.joint(peer).times(5)))
        return cards

    dealing.shuffled = shuffled  # type: ignore[method-assign]


def honest_player_runs_out(network: Network, cheater: int, victim: int) -> None:
    """The cheater decides at once, the honest ``victim`` never does: its time bank runs out on every page."""
    dealt(network)
    for _ in range(20):
        network.flush()
        if all(peer.outcome for peer in network.peers if network.peers.index(peer) not in network.hostile):
            return
        network.decide(only=tuple(p for p in range(len(network.peers)) if p != victim))
        network.flush()
        network.pass_time(50.0, until=lambda: all(peer.outcome for me, peer in enumerate(network.peers)
                                                   if me not in network.hostile))


def test_a_stacked_deck_is_named_when_an_honest_player_forfeits_before_the_end() -> None:
    network = Network(peers=3, seed=21, game="load", owners=(0, 1), time_bank=60.0)  # page 2 watches
    substituting(network, 0)
    honest_player_runs_out(network, cheater=0, victim=1)
    network.flush()
    for page, peer in enumerate(network.peers):
        assert forfeits(peer) == (1, "time"), (page, peer.outcome)  # the forfeit stands ...
        assert peer.outcome is not None and peer.outcome.get("audit"), (page, peer.outcome)
        named = peer.outcome["audit"]["named"]  # ... and every page, the spectator's too, names the stacked deck
        assert named is not None and (named["peer"], named["rule"]) == (0, "false-shuffle"), (page, named)


def test_an_honest_early_end_is_audited_and_a_withheld_secret_is_named() -> None:
    network = Network(peers=3, seed=22, game="load", owners=(0, 1), time_bank=60.0)
    honest_player_runs_out(network, cheater=0, victim=1)
    network.flush()
    for peer in network.peers:
        assert peer.outcome is not None and peer.outcome["audit"]["named"] is None, peer.outcome
        assert peer.outcome["audit"]["withheld"] == [] and peer.dealing and peer.dealing.audited
    assert len({peer.dealing.audited["digest"] for peer in network.peers if peer.dealing}) == 1  # type: ignore[index]
    # the winner keeps its secret: the audit concludes at the reveal deadline and names it
    network = Network(peers=3, seed=22, game="load", owners=(0, 1), time_bank=60.0)
    substituting(network, 0)
    send = network.send

    def withholding(sender: int, outs: list[Any]) -> None:
        send(sender, [(to, text) for to, text in outs if not (sender == 0 and '"after":true' in text)])

    network.send = withholding  # type: ignore[method-assign]
    honest_player_runs_out(network, cheater=0, victim=1)
    network.flush()
    for page in (1, 2):
        peer = network.peers[page]
        assert peer.outcome is not None and "audit" not in peer.outcome  # within the deadline: still waiting
        network.now += network.setup.reveal_deadline + 1
        network.send(page, peer.tick(network.now) or [])
        assert peer.outcome["audit"]["withheld"] == [0] and peer.outcome["audit"]["named"] is None, peer.outcome
        assert [(f["peer"], f["rule"]) for f in peer.outcome["audit"]["forfeits"]] == [(0, "withheld")]  # void win
    # the winner sends its secret to the spectator only: passed on, it reaches page 1, which names the stacker
    network = Network(peers=3, seed=22, game="load", owners=(0, 1), time_bank=60.0)
    substituting(network, 0)
    send = network.send

    def to_the_spectator(sender: int, outs: list[Any]) -> None:
        send(sender, [(2 if sender == 0 and '"after":true' in text else to, text) for to, text in outs])

    network.send = to_the_spectator  # type: ignore[method-assign]
    honest_player_runs_out(network, cheater=0, victim=1)
    network.flush()
    for page in (1, 2):
        audit = (network.peers[page].outcome or {})["audit"]
        assert audit["withheld"] == [] and audit["forfeits"] == [], (page, audit)
        assert audit["named"] and (audit["named"]["peer"], audit["named"]["rule"]) == (0, "false-shuffle"), audit


def test_a_stacker_that_withholds_its_secret_after_the_end_forfeits_and_is_named_by_the_cards_seen() -> None:
    """Haul, 4 players: page 0 (the last shuffler of the first deal) deals seat 2 a second copy of one of seat 1's
    cards (neither page can tell), an honest player runs out of time, and page 0 keeps its deck secret after the
    end. Every honest page records page 0 forfeiting ``withheld`` (its
    win void) and, from the cards seen with the other secrets, its ``false-shuffle``."""
    from cargobay.crypto import mental
    from cargobay.crypto import ristretto as r

    network = Network(peers=4, seed=12, game="haul", time_bank=60.0)
    dealing = network.peers[0].dealing
    assert dealing is not None
    honest = dealing.shuffled

    def shuffled(peer: Peer, deck: list[mental.Cipher], seed: bytes) -> list[mental.Cipher]:
        cards = honest(peer, deck, seed)
        event = dealing.events[peer.node.node]
        if event["order"][-1] == 0:  # the last shuffle: its positions are the deal
            one, two = event["to"].index(1), event["to"].index(2)
            c1, c2 = cards[one]
            cards[two] = (r.add(c1, r.G.times(7)), r.add(c2, dealing.joint(peer).times(7)))  # re-masked copy
        return cards

    dealing.shuffled = shuffled  # type: ignore[method-assign]
    send = network.send

    def withholding(sender: int, outs: list[Any]) -> None:
        send(sender, [(to, text) for to, text in outs if not (sender == 0 and '"after":true' in text)])

    network.send = withholding  # type: ignore[method-assign]
    dealt(network)
    victim = next(me for me, peer in enumerate(network.peers) if me and peer.to_decide())
    honest_player_runs_out(network, cheater=0, victim=victim)
    network.flush()
    for page in (1, 2, 3):
        peer = network.peers[page]
        assert forfeits(peer) == (victim, "time") and "audit" not in (peer.outcome or {})
        network.now += network.setup.reveal_deadline + 1
        network.send(page, peer.tick(network.now) or [])
        audit = (peer.outcome or {})["audit"]
        assert audit["withheld"] == [0], (page, audit)
        assert [(f["peer"], f["rule"]) for f in audit["forfeits"]] == [(0, "withheld")], (page, audit)
        assert audit["named"] and (audit["named"]["peer"], audit["named"]["rule"]) == (0, "false-shuffle"), audit


# --- 8: a flood of refused texts ---------------------------------------------------------------------------
def test_a_flood_of_refused_texts_costs_a_parse_each_not_a_snapshot_each() -> None:
    from cargobay.net import quotas
    from cargobay.service import PROTOCOL, Service, handle_json

    services = [Service(), Service()]

    def ask(page: int, **request: Any) -> dict[str, Any]:
        answer = json.loads(handle_json(json.dumps({"v": PROTOCOL, "id": 1, **request}), services[page]))
        assert answer["ok"], answer
        return dict(answer["result"])

    keys = [ask(me, type="p2p_identity", fresh=True)["key"] for me in (0, 1)]
    setup = {"match_id": "flood-match-01", "game": "odd", "seats": ["human"] * 3, "owners": [0, 1, 0],
             "peers": 2, "keys": keys}
    outboxes = [ask(me, type="p2p_start", setup=setup, me=me, now=0)["send"] for me in (0, 1)]
    sizes, full = [], 0
    for index in range(200):  # the hostile page 1 sends junk as fast as it can
        text = handle_json(json.dumps({"v": PROTOCOL, "id": 1, "type": "p2p_receive", "from": 1,
                                       "text": f"junk {index}", "now": 1}), services[0])
        sizes.append(len(text))
        result = json.loads(text)["result"]
        if "svg" in result:
            full += 1
            assert result["refused"]["message"]
        else:
            assert result["dropped"]["from"] == 1 and result["dropped"]["count"] == index + 1 - full
    assert full == getattr(quotas, "REFUSED_BURST", 20) and max(sizes[full:]) < 500, (full, sizes[full:][:3])
    for text in outboxes[1]:  # the honest texts of page 1 after the flood: taken, answered in full
        snap = ask(0, type="p2p_receive", **{"from": 1}, text=text, now=1)
        assert snap["refused"] is None and "svg" in snap
    later = ask(0, type="p2p_receive", **{"from": 1}, text="junk again", now=5)  # the rate refilled
    assert later["refused"]["message"]
    sizes = [len(handle_json(json.dumps({"v": PROTOCOL, "id": 1, "type": "p2p_receive", "from": 1, "text": text,
                                         "now": 5}), services[0])) for text in outboxes[1] * 50]
    assert max(sizes) < 200, sizes[:3]  # duplicates of taken texts: answered in short, not with a snapshot


# --- 7: the verification code ground -----------------------------------------------------------------------
def digest_code(setup: Any) -> str:
    """The former verification code (gone from the engine): six digits of the setup's digest alone."""
    number = int(setup.digest()[:10], 16) % 1_000_000
    return f"{number // 1000:03d} {number % 1000:03d}"


def test_a_host_that_grinds_two_setups_to_one_code_is_caught_by_the_commit_first_code() -> None:
    """The host lists a key of its own for guest 2 in guest 1's setup and one for guest 1 in guest 2's, ground
    until the setups' digest codes are equal (a birthday search), then speaks for each guest to the other."""
    import dataclasses

    from cargobay.registry import GAMES

    from .netkit import identity, make_setup

    setup, ids = make_setup(3, "odd", (0, 1, 2), seed=31)
    views: dict[str, dict[str, int]] = {"1": {}, "2": {}}  # code -> salt of the host's fake key, per guest's view
    found = None
    for salt in range(1000, 20_000):
        fake = identity(salt).public
        for view, index in (("1", 2), ("2", 1)):  # guest 1's view lies about guest 2's key, and the other way
            keys = list(setup.keys)
            keys[index] = fake
            code = digest_code(dataclasses.replace(setup, keys=keys))
            views[view][code] = salt
            other = views["2" if view == "1" else "1"].get(code)
            if other is not None and found is None:
                found = (salt, other) if view == "1" else (other, salt)
        if found:
            break
    assert found is not None
    fake2, fake1 = identity(found[0]), identity(found[1])  # guest 1 is told fake2 for guest 2, guest 2 fake1
    s1 = dataclasses.replace(setup, keys=[setup.keys[0], setup.keys[1], fake2.public])
    s2 = dataclasses.replace(setup, keys=[setup.keys[0], fake1.public, setup.keys[2]])
    assert digest_code(s1) == digest_code(s2)  # the former code: both guests read the same
    game = GAMES["odd"]
    guest1, guest2 = Peer(s1, 1, ids[1], game), Peer(s2, 2, ids[2], game)
    host1, fake_2 = Peer(s1, 0, ids[0], game), Peer(s1, 2, fake2, game)  # the host's pages in guest 1's view
    host2, fake_1 = Peer(s2, 0, ids[0], game), Peer(s2, 1, fake1, game)  # ... and in guest 2's
    for page in (guest1, guest2, host1, fake_2, host2, fake_1):
        page.start(0.0)
    assert not guest1.sas.nonces and not guest2.sas.nonces  # no page reveals before it holds every commitment

    def exchange(*pages: Peer) -> None:
        """Every page's verification texts to every other page of one view, until nothing new is sent."""
        for _ in range(3):
            for a in pages:
                for b in pages:
                    if a is not b:
                        for text in list(a.sas.texts.values()):
                            b.receive(a.me, text, 0.0)

    exchange(guest1, host1, fake_2)  # guest 1's view first: the host learns guest 1's nonce ...
    assert guest1.sas.nonces.keys() == {0, 1, 2} and guest1.verification_code() is not None
    assert not guest2.sas.nonces  # ... while guest 2 has not revealed: its nonce is still unknown to the host
    exchange(guest2, host2, fake_1)
    code1, code2 = guest1.verification_code(), guest2.verification_code()
    assert code1 is not None and code2 is not None
    assert code1 != code2  # read aloud, the two guests' codes differ


def test_a_verification_nonce_that_does_not_open_its_commitment_is_refused() -> None:
    network = Network(peers=3, seed=32, owners=(0, 1, 0), hostile=(2,))
    network.inject(2, 0, network.forge(2, {"type": "vcommit", "digest": "ab" * 32}))
    import pytest

    from cargobay.net import PeerViolation

    with pytest.raises(PeerViolation, match="does not open its commitment") as refused:
        network.inject(2, 0, network.forge(2, {"type": "vreveal", "nonce": "cd" * 32}))
    assert refused.value.cheating
    assert network.peers[0].verification_code() is None
    network.flush()
    assert network.peers[1].verification_code() is None  # page 2's part never came: no code to read
