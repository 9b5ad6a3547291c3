"""The rules object: variant, player count and house-rule options.

``Rules`` is frozen and keyword-only; every option is checked when it is
built, and a bad value raises :class:`RulesError` with a clear message.

>>> r = Rules.standard(4)
>>> r.target, r.cards_each, r.kitty_size
(100, 13, 0)
>>> Rules.cancellation(9).kitty_size
5
>>> Rules.omnibus(4).jack_of_diamonds
True
>>> Rules(variant="standard", players=8)
Traceback (most recent call last):
...
hearts.core.errors.RulesError: standard Hearts is for 3 to 7 players, not 8
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from .cards import HEARTS_MASK, JD, QS, Card, CardMask, card_name, parse_card
from .enums import MoonRule, PassDirection, Variant
from .errors import RulesError
from .kernel import MOON_SCORE as MOON_SCORE  # re-exported: what shooting the moon is worth lives in the rules kernel
from .kernel import card_points

VARIANTS: tuple[Variant, ...] = tuple(Variant)
MOON_CHOICES: tuple[MoonRule, ...] = tuple(MoonRule)
TIE_RULES = ("play_on", "share")
LAST_TRICK_RULES = ("nobody", "previous_winner")

#: cards removed from the single deck of standard Hearts, by player count.
REMOVED: dict[int, tuple[str, ...]] = {
    3: ("2D",),
    4: (),
    5: ("2D", "2C"),
    6: ("2D", "3D", "3C", "4C"),
    7: ("2D", "3D", "3C"),
}

#: offset (seats to the left) of each pass direction.
PASS_OFFSETS: dict[PassDirection, int] = {PassDirection.LEFT: 1, PassDirection.RIGHT: -1, PassDirection.ACROSS: 2, PassDirection.NONE: 0}


@dataclass(frozen=True, kw_only=True)
class Rules:
    """A variant with its options; see ``docs/rules.md`` section 7.

    Options left as ``None`` take the variant's default.
    """

    variant: Variant = Variant.STANDARD
    players: int = 4
    target: int | None = None
    pass_count: int = 3
    moon: MoonRule = MoonRule.CHOOSE
    points_on_first_trick: bool | None = None
    queen_breaks_hearts: bool = True
    jack_of_diamonds: bool | None = None
    ties: str = "play_on"
    two_pairs_void_trick: bool = False
    last_trick_unwon: str = "nobody"

    # derived, filled in by __post_init__
    deck: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    deck_mask: CardMask = field(init=False, repr=False, compare=False)
    cards_each: int = field(init=False, repr=False, compare=False)
    kitty_size: int = field(init=False, repr=False, compare=False)
    copies: int = field(init=False, repr=False, compare=False)
    lowest_club: Card = field(init=False, repr=False, compare=False)
    moon_points: int = field(init=False, repr=False, compare=False)
    breakers: CardMask = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise RulesError(f"unknown variant {self.variant!r}: choose one of {', '.join(VARIANTS)}")
        put = object.__setattr__
        put(self, "variant", Variant(self.variant))  # a string from a record or a command line becomes the member
        _check_int("players", self.players)
        cancellation = self.variant == Variant.CANCELLATION
        lo, hi = (6, 11) if cancellation else (3, 7)
        if not lo <= self.players <= hi:
            name = "Cancellation Hearts" if cancellation else f"{self.variant} Hearts"
            raise RulesError(f"{name} is for {lo} to {hi} players, not {self.players}")
        if self.target is None:
            put(self, "target", 150 if cancellation else 100)
        if self.points_on_first_trick is None:
            put(self, "points_on_first_trick", cancellation)
        if self.jack_of_diamonds is None:
            put(self, "jack_of_diamonds", self.variant == Variant.OMNIBUS)
        _check_int("target", self.target)
        if not 1 <= self.target <= 100_000:  # type: ignore[operator]
            raise RulesError(f"target must be between 1 and 100000, not {self.target}")
        for name in ("points_on_first_trick", "queen_breaks_hearts", "jack_of_diamonds", "two_pairs_void_trick"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false, not {getattr(self, name)!r}")
        _check_choice("moon", self.moon, MOON_CHOICES)
        put(self, "moon", MoonRule(self.moon))
        _check_choice("ties", self.ties, TIE_RULES)
        _check_choice("last_trick_unwon", self.last_trick_unwon, LAST_TRICK_RULES)
        if not cancellation:
            if self.two_pairs_void_trick:
                raise RulesError("two_pairs_void_trick is an option of Cancellation Hearts only")
            if self.last_trick_unwon != "nobody":
                raise RulesError("last_trick_unwon is an option of Cancellation Hearts only")

        if cancellation:
            deck = tuple(sorted(list(range(52)) * 2))
            cards_each = 104 // self.players
            removed: set[Card] = set()
        else:
            removed = {parse_card(n) for n in REMOVED[self.players]}
            deck = tuple(c for c in range(52) if c not in removed)
            cards_each = len(deck) // self.players
        _check_int("pass_count", self.pass_count)
        if not 0 <= self.pass_count < cards_each:
            most = cards_each - 1
            raise RulesError(f"pass_count must be between 0 and {most} with {self.players} players, not {self.pass_count}")
        put(self, "deck", deck)
        put(self, "deck_mask", sum(1 << c for c in set(deck)))
        put(self, "cards_each", cards_each)
        put(self, "kitty_size", len(deck) - cards_each * self.players)
        put(self, "copies", 2 if cancellation else 1)
        put(self, "lowest_club", min(c for c in range(13) if c not in removed))
        put(self, "moon_points", sum(card_points(c) for c in deck))
        put(self, "breakers", HEARTS_MASK | ((1 << QS) if self.queen_breaks_hearts else 0))

    # -- presets -------------------------------------------------------
    @classmethod
    def standard(cls, players: int = 4, **options: Any) -> Rules:
        """Hearts for 3-7 players (stripped decks)."""
        return cls(variant=Variant.STANDARD, players=players, **options)

    @classmethod
    def cancellation(cls, players: int = 8, **options: Any) -> Rules:
        """Cancellation Hearts for 6-11 players (two decks, kitty)."""
        return cls(variant=Variant.CANCELLATION, players=players, **options)

    @classmethod
    def omnibus(cls, players: int = 4, **options: Any) -> Rules:
        """Standard Hearts with the jack of diamonds worth -10."""
        return cls(variant=Variant.OMNIBUS, players=players, **options)

    # -- derived facts -------------------------------------------------
    @property
    def is_cancellation(self) -> bool:
        return self.variant == Variant.CANCELLATION

    def is_point_card(self, c: Card) -> bool:
        """Whether card ``c`` scores when taken: a heart, the Q♠, or the J♦ where it counts (Omnibus).

        >>> jd = parse_card("JD")
        >>> Rules.standard(4).is_point_card(jd), Rules.omnibus(4).is_point_card(jd), Rules.standard(4).is_point_card(parse_card("2H"))
        (False, True, True)
        """
        return bool(card_points(c)) or (bool(self.jack_of_diamonds) and c == JD)

    @property
    def removed_cards(self) -> list[str]:
        """Names of the cards stripped from a standard deck."""
        return [card_name(c) for c in range(52) if not self.deck_mask >> c & 1]

    @property
    def pass_cycle(self) -> tuple[PassDirection, ...]:
        """The pass directions of hands 1, 2, ... until they repeat.

        >>> Rules.standard(4).pass_cycle, Rules.cancellation(8).pass_cycle, Rules.standard(4, pass_count=0).pass_cycle
        (('left', 'right', 'across', 'none'), ('left', 'right'), ('none',))
        """
        if self.pass_count == 0:
            return (PassDirection.NONE,)
        if self.players == 4 and not self.is_cancellation:
            return (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
        return (PassDirection.LEFT, PassDirection.RIGHT)

    def pass_direction(self, hand_number: int) -> PassDirection:
        """Pass direction of hand ``hand_number`` (1 = first hand).

        >>> tuple(Rules.standard(4).pass_direction(n) for n in range(1, 6))
        ('left', 'right', 'across', 'none', 'left')
        """
        cycle = self.pass_cycle
        return cycle[(hand_number - 1) % len(cycle)]

    def pass_target(self, seat: int, hand_number: int) -> int:
        """The seat that ``seat`` passes to in hand ``hand_number``."""
        return (seat + PASS_OFFSETS[self.pass_direction(hand_number)]) % self.players

    # -- serialisation ---------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every option, as written in a record's ``rules`` object (the closed sets as their plain strings).

        >>> type(Rules.standard(4).to_dict()["moon"]) is str
        True
        """
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.init}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a record's ``rules`` object; unknown keys are an error."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object with at least 'variant' and 'players'")
        known = {f.name for f in fields(cls) if f.init}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rules option {unknown[0]!r}")
        if "variant" not in data or "players" not in data:
            raise RulesError("rules must give 'variant' and 'players'")
        return cls(**data)


#: the options a command line may set with ``--rule KEY=VALUE`` (variant and players have flags of their own)
RULE_KEYS: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.init and f.name not in ("variant", "players"))


def parse_rule_value(text: str) -> bool | int | str:
    """A ``--rule`` value: true/false (yes/no, on/off), a whole number, or text.

    >>> parse_rule_value("50"), parse_rule_value("Yes"), parse_rule_value("share")
    (50, True, 'share')
    """
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def rules_from_mapping(variant: Any, players: Any, options: Any, *, target: Any = None) -> Rules:
    """Rules from a variant, a player count and a mapping of options: the one checker behind every front end.

    Records (:meth:`Rules.from_dict`), the command line's ``--rule`` items
    (:func:`rules_from_options`) and the web lobby's JSON all come through
    here, so each mistake gets the same one-line :class:`RulesError`.
    ``target``, when given, is the option given on its own (a flag or a field).

    >>> rules_from_mapping("cancellation", 8, {"moon": "add"}).moon
    'add'
    >>> rules_from_mapping("standard", 4, {"jokers": True})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hearts.core.errors.RulesError: unknown rules option 'jokers': choose among target, pass_count, moon, ...
    """
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise RulesError(f"unknown variant {str(variant)[:40]!r}: the variant must be one of {', '.join(VARIANTS)}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise RulesError("players must be a whole number")
    if not isinstance(options, dict):
        raise RulesError("rules must be an object of rule options")
    bad = sorted(str(k) for k in options if k not in RULE_KEYS)
    if bad:
        raise RulesError(f"unknown rules option {bad[0][:40]!r}: choose among {', '.join(RULE_KEYS)}")
    if target is not None:
        if "target" in options:
            raise RulesError("give the target once, on its own or among the rules options")
        options = {**options, "target": target}
    return Rules(variant=Variant(variant), players=players, **options)


#: the table a front end sets for a variant when no player count is given: 4, and 8 in Cancellation Hearts
DEFAULT_PLAYERS = {"standard": 4, "omnibus": 4, "cancellation": 8}


def rules_from_options(variant: str, players: int | None, target: int | None, items: list[str]) -> Rules:
    """The rules of a command line: ``--variant``, ``--players`` (None: :data:`DEFAULT_PLAYERS`), ``--target`` and
    ``--rule KEY=VALUE`` items.

    A bad item raises :class:`RulesError` with a one-line message.

    >>> rules_from_options("standard", 4, 50, ["moon=add", "queen_breaks_hearts=no"]).moon
    'add'
    >>> rules_from_options("cancellation", None, None, []).players
    8
    """
    if players is None:
        players = DEFAULT_PLAYERS.get(variant, 4)  # an unknown variant is refused below, with the variants named
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not key or not value:
            raise RulesError(f"bad --rule {item!r}: write key=value, e.g. --rule target=50")
        if key in ("variant", "players"):
            raise RulesError(f"use --{key}, not --rule {key}=")
        if key in options:
            raise RulesError(f"--rule {key} given twice")
        options[key] = parse_rule_value(value)
    if target is not None and "target" in options:
        raise RulesError("give the target once: --target or --rule target=, not both")
    return rules_from_mapping(variant, players, options, target=target)


def _plain(value: Any) -> Any:
    """An enum member as its plain value (records and JSON hold strings); anything else as it is."""
    return value.value if isinstance(value, Enum) else value


def _check_int(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"{name} must be an integer, not {value!r}")


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
