//! Why an action is refused, as data ([`Reason`]), and its sentence.
//!
//! Squares are named as players name them (`e4`); men are written as the
//! player to act sees them (`your knight on g1`, `Black's bishop on b4`);
//! patterns are the Betza text of the rule file.

use serde::Serialize;

/// Why an action is refused (or that it is legal). Serialized with its
/// kind as `"kind"` (snake case) beside its fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The action is legal.
    Legal { action: String },
    /// Several legal actions match the text.
    Ambiguous { candidates: Vec<String> },
    /// Nothing in the text reads as an action.
    Unreadable { text: String },
    /// A square named is not on the board.
    OffBoard { square: String, board: String },
    /// A square named is a hole of the board.
    Hole { square: String },
    /// The game is already over.
    GameOver { result: String },
    /// Another player is to act.
    NotYourTurn { to_move: String },
    /// No man stands on the square.
    NoMan { square: String },
    /// The man there is another player's.
    NotYours { man: String, to_move: String },
    /// The player has no man of the piece the text names.
    NoManOfKind { piece: String },
    /// No piece of the variant has the letter.
    NoSuchPiece { letter: String },
    /// The text names the from-square and a piece letter, and the man
    /// there is of another piece (`Ne2e4` with a pawn on e2).
    OtherPiece { man: String, piece: String },
    /// Men never move in this variant.
    NoBoardMoves { actions: String },
    /// Board moves are closed now by `move requires`.
    MovesNotNow { condition: String },
    /// The man stands next to an enemy immobiliser (`immobilises`).
    Immobilised { man: String, by: String },
    /// `dice`: the man's kind is not one the roll names.
    NotRolled {
        man: String,
        roll: String,
        kinds: String,
    },
    /// `first action`: the first action must be another.
    FirstAction { required: String },
    /// Placements come from the deck: draw first.
    DrawFirst,
    /// Men are never placed from the hand in this variant.
    NoPlacements,
    /// No man may leave the game by its own action in this variant.
    NoSuicide,
    /// A royal man may not leave the game by suicide.
    SuicideRoyal { man: String },
    /// Only an immobilised man may leave the game by suicide.
    NotImmobilised { man: String },
    /// The player owes a board move (a returned card).
    OwesMove,
    /// The piece's moves never lead from `from` to `to`.
    CannotMove {
        man: String,
        piece: String,
        from: String,
        to: String,
        betza: String,
        reach: Vec<String>,
    },
    /// The move is an initial move, and the man may no longer make it.
    InitialOnly {
        man: String,
        to: String,
        betza: String,
        region: Option<String>,
    },
    /// The move is open only on a region the man is not on.
    RegionOnly {
        man: String,
        to: String,
        betza: String,
        region: String,
    },
    /// The man is confined to a region the target is outside of.
    Confined {
        man: String,
        to: String,
        region: String,
    },
    /// A man stands in the way.
    PathBlocked {
        man: String,
        to: String,
        at: String,
        blocker: String,
    },
    /// A bent move (Betza `then`) would turn on a square a man stands on:
    /// it turns only on an empty square, and captures only where it stops.
    TurnBlocked {
        man: String,
        to: String,
        at: String,
        there: String,
        /// The man on the turn square is an enemy (a capture on the way).
        enemy: bool,
    },
    /// A hopper has no man (or more than one) to jump on the way.
    NeedsHurdle {
        man: String,
        to: String,
        betza: String,
        men_between: usize,
    },
    /// The only man on the way is of a kind it may not jump.
    HurdleBarred { man: String, hurdle: String },
    /// The target holds a man of the player's side.
    OwnMan { to: String, there: String },
    /// The piece goes there only to an empty square.
    MovesOnlyToEmpty {
        man: String,
        to: String,
        there: String,
        betza: String,
    },
    /// The piece goes there only by capturing, and the square is empty.
    CapturesOnly {
        man: String,
        to: String,
        betza: String,
    },
    /// Men never capture in this variant.
    NoCaptures { there: String },
    /// `immune`: the piece never captures that kind.
    NeverCaptures { man: String, there: String },
    /// The man is pinned: moving it exposes a royal man.
    Pinned {
        man: String,
        royal: String,
        by: Vec<String>,
    },
    /// The player is in check and the action does not answer it.
    InCheck { royal: String, by: Vec<String> },
    /// The royal man would stand attacked.
    IntoCheck {
        royal: String,
        at: String,
        by: Vec<String>,
    },
    /// `turn royal safe at end`, an action before the turn's last: no
    /// action could then finish the turn with the player's royal men
    /// safe. `royal`: the royal man left attacked ("your king on h5"),
    /// with its attackers, where one is.
    NoSafeFinish {
        action: String,
        royal: Option<String>,
        by: Vec<String>,
    },
    /// `turn royal safe at end`, a turn's last action: the next player
    /// could take the royal man in its turn, by `line` (its actions,
    /// each as "king e5-d6"); `still` when the royal man is threatened
    /// already and the action does not answer it.
    Threatened {
        royal: String,
        player: String,
        line: Vec<String>,
        still: bool,
    },
    /// The capture's explosion would take the player's own royal man.
    RoyalExploded,
    /// `mutually immune`.
    MutuallyImmune { man: String, there: String },
    /// `no checks`: an enemy royal man would be left attacked.
    GivesCheck { royal: String },
    /// `facing PIECE: illegal`.
    Facing,
    /// `lion trading`: a lion takes a protected lion from afar. `man`:
    /// the mover; `lion`: the lion taken; `by`: the men attacking its
    /// square once the move is made; `bridge`: with `bridge`, the kinds
    /// whose capture on a first step does not lift the bar (`except`).
    LionProtected {
        man: String,
        lion: String,
        by: Vec<String>,
        bridge: Option<Vec<String>>,
    },
    /// `lion trading`: a lion was just taken by a non-lion, and `man`, a
    /// non-lion, would take a lion. `by`: under `counter unprotected`,
    /// the men that attack the square the move lands on once it is made
    /// (the lion taken is protected); empty without it (every such
    /// counter-strike is barred).
    LionTradeBarred { man: String, by: Vec<String> },
    /// The men would not fit the limit box.
    LimitBox { width: u32, height: u32 },
    /// The men would not form one group.
    Disconnected,
    /// Castling: the castler or the partner has moved, or no partner
    /// stands there.
    NoCastlingRight { why: String },
    /// Castling: a square between castler and partner is taken.
    CastlingBlocked { at: String, there: String },
    /// Castling out of check.
    CastlingInCheck { royal: String, by: Vec<String> },
    /// Castling across an attacked square.
    CastlingThroughAttack { square: String, by: Vec<String> },
    /// The player holds no man of the piece in hand.
    NotInHand { piece: String },
    /// The variant has no hostage exchanges.
    NoExchanges,
    /// The player's prison holds no hostage of the piece.
    NoHostage { piece: String },
    /// The opponent's prison holds none of the player's men of the piece.
    NotHeld { piece: String },
    /// The piece is not in the `exchange` value order.
    NeverExchanged { piece: String },
    /// The man taken back is worth more than the hostage given.
    ExchangeValue { give: String, take: String },
    /// Men are placed on empty squares only.
    Occupied { square: String, there: String },
    /// A placement condition fails on the square.
    PlacementCondition {
        piece: String,
        square: String,
        condition: String,
        failed: String,
    },
    /// A condition of `move ... where` fails for the move.
    MoveCondition {
        man: String,
        to: String,
        condition: String,
        failed: String,
    },
    /// On a board in layers: the man would pass to a square of the next
    /// layer that holds a man.
    LayerTaken {
        man: String,
        at: String,
        next: String,
        there: String,
    },
    /// `captures reborn capturer`: the capturer's rebirth square holds a
    /// man.
    RebirthTaken {
        man: String,
        at: String,
        rebirth: String,
        there: String,
    },
    /// `turn checks last only`: the action would give check, and it is
    /// not its turn's last.
    ChecksLastOnly { royal: String },
    /// `place keeps room for PIECE in REGION`.
    KeepsRoom { piece: String, region: String },
    /// The promotion typed is not a choice. `from_prison`: the rule is
    /// `promote ... from prison`, the kind typed one of its choices, and
    /// the opponent's prison holds none of it (`choices` are those held).
    NotAChoice {
        man: String,
        typed: String,
        choices: Vec<String>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        from_prison: bool,
    },
    /// The move does not promote, but a promotion was typed.
    NoPromotion { man: String, to: String },
    /// The move must promote: to what?
    PromotionNeeded { choices: Vec<String> },
    /// `promote ... from prison`: the man would promote there, and the
    /// opponent's prison holds none of its owner's men of the choices.
    NoneHeldToPromote {
        man: String,
        to: String,
        choices: Vec<String>,
    },
    /// The board move is only the first part of the action: a wall is
    /// then moved or placed (`then move wall`), and the text did not say
    /// where (`example` is one whole action, `squares` how many there are).
    WallNeeded { example: String, squares: usize },
    /// With a capture at hand, only captures are legal.
    MustCapture { example: String },
    /// With a placement at hand, only placements are legal.
    MustPlace { example: String },
    /// A rule of the turn in check (`in check: ...`).
    CheckRule { rule: String },
    /// None of the player's men of the piece can make the move.
    NoneCanGo { piece: String, to: String },
    /// Refused for a reason this explanation cannot name.
    Other { text: String },
}

impl Reason {
    /// How far an attempt got before it was refused, to pick the most
    /// telling of several (the men a SAN text may mean): an action refused
    /// for its pattern got less far than one refused for a pin.
    pub(crate) fn depth(&self) -> u8 {
        use Reason::*;
        match self {
            Legal { .. } | Ambiguous { .. } => 10,
            MustCapture { .. }
            | MustPlace { .. }
            | CheckRule { .. }
            | MoveCondition { .. }
            | ChecksLastOnly { .. } => 8,
            Pinned { .. }
            | InCheck { .. }
            | IntoCheck { .. }
            | NoSafeFinish { .. }
            | Threatened { .. }
            | RoyalExploded
            | MutuallyImmune { .. }
            | GivesCheck { .. }
            | Facing
            | LionProtected { .. }
            | LionTradeBarred { .. }
            | LayerTaken { .. }
            | RebirthTaken { .. }
            | LimitBox { .. }
            | Disconnected
            | NotAChoice { .. }
            | NoPromotion { .. }
            | PromotionNeeded { .. }
            | NoneHeldToPromote { .. }
            | WallNeeded { .. } => 7,
            NoCastlingRight { .. }
            | CastlingBlocked { .. }
            | CastlingInCheck { .. }
            | CastlingThroughAttack { .. } => 6,
            OwnMan { .. }
            | MovesOnlyToEmpty { .. }
            | CapturesOnly { .. }
            | NoCaptures { .. }
            | NeverCaptures { .. }
            | Confined { .. } => 5,
            PathBlocked { .. } | TurnBlocked { .. } | NeedsHurdle { .. } | HurdleBarred { .. } => 4,
            InitialOnly { .. } | RegionOnly { .. } => 3,
            CannotMove { .. } => 2,
            Other { .. } => 1,
            _ => 0,
        }
    }

    /// The reason in one or two sentences.
    pub fn sentence(&self) -> String {
        use Reason::*;
        let names = |v: &[String]| super::words::list(v, "and");
        match self {
            Legal { action } => format!("{action} is a legal action here."),
            Ambiguous { candidates } => format!(
                "That could be {}; say which.",
                super::words::list(candidates, "or")
            ),
            Unreadable { text } => format!(
                "`{text}` does not read as an action; type `moves` to list the legal ones."
            ),
            OffBoard { square, board } => {
                format!("{square} is not a square of the board ({board}).")
            }
            Hole { square } => format!("{square} is a hole in the board: no man can stand there."),
            GameOver { result } => format!("The game is over: {result}. No action is legal."),
            NotYourTurn { to_move } => format!("It is not your turn: {to_move} is to act."),
            NoMan { square } => format!("There is no man on {square}."),
            NotYours { man, to_move } => {
                format!("{} is not yours: {to_move} is to act.", super::words::capital(man))
            }
            NoManOfKind { piece } => format!("You have no {piece} on the board."),
            NoSuchPiece { letter } => {
                format!("No piece of this variant has the letter `{letter}`.")
            }
            LionProtected {
                man,
                lion,
                by,
                bridge,
            } => {
                let mut t = format!(
                    "{} may not take {lion} from afar: that lion is protected (once the move is made, its square is attacked by {}).",
                    super::words::capital(man),
                    names(by)
                );
                match bridge {
                    Some(except) if except.is_empty() => t.push_str(
                        " A move of two steps may, when its first step takes another man.",
                    ),
                    Some(except) => t.push_str(&format!(
                        " A move of two steps may, when its first step takes a man that is not a {}.",
                        super::words::list(except, "or")
                    )),
                    None => {}
                }
                t
            }
            LionTradeBarred { man, by } if by.is_empty() => format!(
                "A lion was just taken by a man that is not a lion: on this move only a lion may take a lion, and {man} is not one."
            ),
            LionTradeBarred { man, by } => format!(
                "A lion was just taken by a man that is not a lion: on this move a man that is not a lion may take only an unprotected lion, and {man} is not one while the lion it takes is protected (once the move is made, the square it lands on is attacked by {}).",
                names(by)
            ),
            OtherPiece { man, piece } => format!(
                "{} is not a {piece}: the letter names the piece that moves.",
                super::words::capital(man)
            ),
            NoBoardMoves { actions } => format!(
                "Men never move on the board in this variant: its actions are {actions}."
            ),
            MovesNotNow { condition } => {
                format!("You may not move a man now: moves require {condition}.")
            }
            NotRolled { man, roll, kinds } => format!(
                "The roll is {roll}, which lets only a {kinds} move: {man} is not a rolled kind."
            ),
            Immobilised { man, by } => {
                let mut m = man.clone();
                if let Some(c) = m.get(..1).map(str::to_uppercase) {
                    m.replace_range(..1, &c);
                }
                format!(
                    "{m} is immobilised by {by} next to it: a man a king step from an enemy immobiliser makes no move until the immobiliser leaves or is taken."
                )
            }
            FirstAction { required } => {
                format!("The first action of the game must be {required}.")
            }
            DrawFirst => {
                "Your men come from your deck: type `draw` to draw your card first.".into()
            }
            NoPlacements => "Men are never placed from the hand in this variant.".into(),
            OwesMove => {
                "You returned a card and owe a board move: move a man this turn.".into()
            }
            CannotMove {
                man,
                piece,
                from,
                to,
                betza,
                reach,
            } => {
                let mut s = format!(
                    "{} cannot go to {to}: {} {piece} moves `{betza}`",
                    super::words::capital(man),
                    super::words::article(piece)
                );
                if reach.is_empty() {
                    s.push_str(&format!(", and from {from} it has no move."));
                } else {
                    s.push_str(&format!(
                        "; from {from} on an empty board it reaches {}.",
                        super::words::list(reach, "and")
                    ));
                }
                s
            }
            InitialOnly {
                man,
                to,
                betza,
                region,
            } => match region {
                Some(r) => format!(
                    "{} cannot go to {to}: that move (`{betza}`) is open only on {r}.",
                    super::words::capital(man)
                ),
                None => format!(
                    "{} has already moved: the move to {to} (`{betza}`) is open only to a man that has never moved.",
                    super::words::capital(man)
                ),
            },
            RegionOnly {
                man,
                to,
                betza,
                region,
            } => format!(
                "{} cannot go to {to}: that move (`{betza}`) is open only while it stands on {region}.",
                super::words::capital(man)
            ),
            Confined { man, to, region } => format!(
                "{} is confined to {region}, and {to} is outside it.",
                super::words::capital(man)
            ),
            PathBlocked {
                man,
                to,
                at,
                blocker,
            } => format!(
                "The way of {man} to {to} is blocked at {at} by {blocker}."
            ),
            TurnBlocked {
                man,
                to,
                at,
                there,
                enemy: true,
            } => format!(
                "{man} would turn at {at} on its way to {to}, but {there} stands there: \
                 it turns only on an empty square and captures only where it stops, \
                 never on the way."
            ),
            TurnBlocked {
                man, to, at, there, ..
            } => format!(
                "{man} would turn at {at} on its way to {to}, but {there} stands there: \
                 it turns only on an empty square."
            ),
            NeedsHurdle {
                man,
                to,
                betza,
                men_between,
            } => format!(
                "{} cannot go to {to}: its move `{betza}` must jump exactly one man, and {} between.",
                super::words::capital(man),
                match men_between {
                    0 => "none stands".to_string(),
                    n => format!("{n} stand"),
                }
            ),
            HurdleBarred { man, hurdle } => format!(
                "{} may not jump {hurdle}.",
                super::words::capital(man)
            ),
            OwnMan { to, there } => format!("{to} holds {there}: a man never captures its own side."),
            MovesOnlyToEmpty {
                man,
                to,
                there,
                betza,
            } => format!(
                "{} goes to {to} only when it is empty (its move `{betza}` does not capture), and {to} holds {there}.",
                super::words::capital(man)
            ),
            CapturesOnly { man, to, betza } => format!(
                "{} goes to {to} only to capture (its move `{betza}`), and {to} is empty.",
                super::words::capital(man)
            ),
            NoCaptures { there } => {
                format!("Men never capture in this variant, and the square holds {there}.")
            }
            NeverCaptures { man, there } => format!(
                "{} never captures {there}.",
                super::words::capital(man)
            ),
            Pinned { man, royal, by } => format!(
                "{} is pinned: moving it would leave {royal} attacked by {}.",
                super::words::capital(man),
                names(by)
            ),
            InCheck { royal, by: b } => format!(
                "{} is in check from {}, and this does not answer the check.",
                super::words::capital(royal),
                names(b)
            ),
            IntoCheck { royal, at, by: b } => format!(
                "{} would be attacked on {at} by {}.",
                super::words::capital(royal),
                names(b)
            ),
            NoSafeFinish { action, royal, by: b } => match royal {
                Some(royal) => format!(
                    "After {action}, {royal} would be attacked by {}, and no action left in your turn gets it out of attack: a turn must end with your royal men safe.",
                    names(b)
                ),
                None => format!(
                    "After {action}, no action left in your turn ends it with your royal men safe."
                ),
            },
            Threatened {
                royal,
                player,
                line,
                still,
            } => format!(
                "{} would {}be threatened: {player} could take it in its next turn ({}).",
                super::words::capital(royal),
                if *still { "still " } else { "" },
                line.join(", then ")
            ),
            RoyalExploded => "The explosion of that capture would take your royal man with it.".into(),
            MutuallyImmune { man, there } => format!(
                "{} may not capture {there}: men of that kind are mutually immune.",
                super::words::capital(man)
            ),
            GivesCheck { royal } => format!(
                "That would leave {royal} attacked, and checks are not allowed."
            ),
            Facing => "That would leave two men of a kind that may not face each other on an open line.".into(),
            LimitBox { width, height } => format!(
                "The men would no longer fit the {width}×{height} area the game is played in."
            ),
            Disconnected => "The men would no longer form one group.".into(),
            LayerTaken { man, at, next, there } => format!(
                "{} would reach {at} and pass to {next} on the next board, where {there} stands: after its move a man passes to the same square of the next board, which must be empty.",
                super::words::capital(man)
            ),
            RebirthTaken {
                man,
                at,
                rebirth,
                there,
            } => format!(
                "{} cannot take on {at}: a man that takes is reborn on its rebirth square, {rebirth} for this capture, and {there} stands there.",
                super::words::capital(man)
            ),
            NoCastlingRight { why } => format!("You cannot castle that way: {why}."),
            CastlingBlocked { at, there } => format!(
                "Castling needs the squares between the two men empty, and {at} holds {there}."
            ),
            CastlingInCheck { royal, by: b } => format!(
                "You cannot castle out of check: {royal} is attacked by {}.",
                names(b)
            ),
            CastlingThroughAttack { square, by: b } => format!(
                "Castling would cross {square}, which {} attack{}.",
                names(b),
                if b.len() == 1 { "s" } else { "" }
            ),
            NotInHand { piece } => format!("You have no {piece} in hand."),
            NoExchanges => "There are no hostage exchanges in this variant.".into(),
            NoSuicide => {
                "No man may leave the board by its own action in this variant (no `suicide` among the `actions`).".into()
            }
            SuicideRoyal { man } => format!(
                "{} is royal: a royal man never leaves the board by suicide.",
                super::words::capital(man)
            ),
            NotImmobilised { man } => format!(
                "{} is not immobilised: only a man an enemy immobiliser holds may leave the board by suicide.",
                super::words::capital(man)
            ),
            NoHostage { piece } => format!("Your prison holds no {piece}: you can only give a hostage you hold."),
            NotHeld { piece } => format!("Your opponent's prison holds none of your {piece}s: you can only take back a man it holds."),
            NeverExchanged { piece } => format!("A {piece} is never exchanged: the exchange order does not list it."),
            ExchangeValue { give, take } => format!(
                "A {take} is worth more than a {give}: a hostage buys back a man of equal or lower value only."
            ),
            Occupied { square, there } => format!(
                "{square} holds {there}: a man is placed on an empty square."
            ),
            PlacementCondition {
                piece,
                square,
                condition,
                failed,
            } => {
                let mut s = format!(
                    "{} {piece} may be placed only where {condition}",
                    super::words::capital(super::words::article(piece))
                );
                if failed != condition {
                    s.push_str(&format!(", and on {square} `{failed}` does not hold."));
                } else {
                    s.push_str(&format!(", and {square} is not such a square."));
                }
                s
            }
            MoveCondition {
                man,
                to,
                condition,
                failed,
            } => {
                let mut s = format!(
                    "{} may move only where {condition}",
                    super::words::capital(man)
                );
                if failed != condition {
                    s.push_str(&format!(", and the move to {to} fails `{failed}`."));
                } else {
                    s.push_str(&format!(", and the move to {to} is not such a move."));
                }
                s
            }
            ChecksLastOnly { royal } => format!(
                "That would leave {royal} attacked, and only the last action of a turn may give check."
            ),
            KeepsRoom { piece, region } => format!(
                "That placement would leave too little room for your {piece}s on {region} (one on each square colour)."
            ),
            NotAChoice {
                man,
                typed,
                choices,
                from_prison: true,
            } => format!(
                "{} cannot become {} {typed}: it promotes only by changing places with a man of its side held in the opponent's prison, which holds no {typed}; it may become {}.",
                super::words::capital(man),
                super::words::article(typed),
                super::words::list(
                    &choices
                        .iter()
                        .map(|c| format!("{} {c}", super::words::article(c)))
                        .collect::<Vec<_>>(),
                    "or"
                )
            ),
            NotAChoice {
                man,
                typed,
                choices,
                from_prison: false,
            } => format!(
                "{} cannot become {typed} there; the choices are {}.",
                super::words::capital(man),
                super::words::list(choices, "or")
            ),
            NoPromotion { man, to } => format!(
                "{} does not promote on {to}: write the move without a promotion.",
                super::words::capital(man)
            ),
            PromotionNeeded { choices } => format!(
                "Say what the man becomes: {}.",
                super::words::list(choices, "or")
            ),
            NoneHeldToPromote { man, to, choices } => format!(
                "{} may not move to {to}: it would promote there, and it promotes only by changing places with a {} of its side held in the opponent's prison, which holds none.",
                super::words::capital(man),
                super::words::list(choices, "or")
            ),
            WallNeeded { example, squares } => format!(
                "That move is only the first part of the action: a wall is put down after it. \
                 Say where, after a comma, as in {example} ({squares} squares)."
            ),
            MustCapture { example } => format!(
                "A capture is possible ({example}), and captures are compulsory."
            ),
            MustPlace { example } => format!(
                "A placement is possible ({example}), and placing comes first."
            ),
            CheckRule { rule } => format!("You are in check, and the rule `{rule}` forbids that."),
            NoneCanGo { piece, to } => format!("None of your {piece}s can go to {to}."),
            Other { text } => text.clone(),
        }
    }
}
