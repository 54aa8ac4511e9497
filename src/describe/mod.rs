//! A variant described for players, as data: the board, the players, the
//! turn, the end rules in plain sentences, and a card per piece with its
//! move diagrams ([`PieceCard`], [`Diagram`]). `varia describe` and
//! `play`'s `pieces` and `info PIECE` render it; a web page may serialize
//! it. Everything is read from the IR and the compiled tables, never from
//! a game's name.

mod card;
mod diagram;

pub use card::{card, PieceCard};
pub use diagram::{diagrams, Diagram, Spot};

use crate::engine::Tables;
use crate::ir::{
    Captures, EnPassantWindow, IllegalAction, Invariant, PieceId, Scope, Shape, Unplaceable,
    Variant, WhenStuck,
};
use crate::notation::words;
use serde::Serialize;
use std::sync::Arc;

/// The hostage exchange in words: its value order, lowest first.
fn exchange_rule(v: &Variant) -> String {
    let t = &v.turn;
    let top = t.exchange.iter().flatten().copied().max().unwrap_or(0);
    let tiers: Vec<String> = (0..=top)
        .map(|r| {
            let names: Vec<String> = (0..t.exchange.len())
                .filter(|&k| t.exchange[k] == Some(r))
                .map(|k| words::piece(v, k as crate::ir::PieceId))
                .collect();
            names.join(" = ")
        })
        .filter(|s| !s.is_empty())
        .collect();
    format!(
        "Instead of another action, a player may exchange: a man of its prison goes to its owner's hand, and one of the player's own men of equal or lower value comes out of that owner's prison and is placed at once, as a placement from the hand would be (values, lowest first: {}).",
        tiers.join(" < ")
    )
}

/// A variant described.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Description {
    pub name: String,
    pub title: String,
    /// Its other names (`also known as`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The board in a sentence.
    pub board: String,
    pub players: Vec<PlayerLine>,
    /// The turn: what a player may do, in sentences.
    pub turn: Vec<String>,
    /// The end rules, one sentence each, in the order they are checked.
    pub end: Vec<String>,
    /// The options and their values in force.
    pub options: Vec<OptionLine>,
    pub pieces: Vec<PieceCard>,
}

/// A player: name, the way its men face, its team mates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerLine {
    pub name: String,
    pub forward: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub partners: Vec<String>,
}

/// An option and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionLine {
    pub name: String,
    pub value: String,
    pub allowed: String,
}

/// `An` before a number read with a vowel (8, 11, 18), else `A`.
fn a_n(n: u8) -> &'static str {
    if n == 8 || n == 11 || n == 18 || (80..90).contains(&n) {
        "An"
    } else {
        "A"
    }
}

/// The board in a sentence.
fn board(v: &Variant) -> String {
    if let Some(n) = v.board.hex {
        let n = i32::from(n);
        let files = 2 * n - 1;
        return format!(
            "A hexagon of hexagonal cells, {n} a side ({} cells): {files} files a to {} (no j), numbered from 1 at the bottom of each file, {n} cells on the outer files and {files} on the middle one ({}1 to {}{files}).",
            3 * n * (n - 1) + 1,
            v.board.file_letter(files - 1),
            v.board.file_letter(n - 1),
            v.board.file_letter(n - 1),
        );
    }
    if let (n @ 2.., Shape::Rect { width, height, .. }) = (v.board.layers, &v.board.shape) {
        let h = i32::from(*height) / i32::from(n);
        let last_file = v.board.file_letter(i32::from(*width) - 1);
        let spans: Vec<String> = (0..i32::from(n))
            .map(|k| format!("layer {} is ranks {} to {}", k + 1, k * h + 1, (k + 1) * h))
            .collect();
        return format!(
            "{n} boards of {width}×{h} in layers, stacked ({}; a square of one layer lies over the same square, a1 to {last_file}{}, of the others). A man moves on its own layer and attacks only there; after each board move it passes to the same square of the next layer (the last layer's next is the first), which must be empty.",
            words::list(&spans, "and"),
            h
        );
    }
    let flat = match &v.board.shape {
        Shape::Rect {
            width,
            height,
            holes,
        } if holes.is_empty() => format!("{} {width}×{height} board.", a_n(*width)),
        Shape::Rect {
            width,
            height,
            holes,
        } => {
            let names: Vec<String> = holes.iter().map(|&c| crate::notation::square(c)).collect();
            format!(
                "{} {width}×{height} board without {} (holes no man enters).",
                a_n(*width),
                words::list(&names, "and")
            )
        }
        Shape::Unbounded { width, height } => format!(
            "No board: the men stand on an open plane and may never spread beyond a {width}×{height} area, which moves with them."
        ),
    };
    let Shape::Rect { width, height, .. } = &v.board.shape else {
        return flat;
    };
    let last_file = v.board.file_letter(i32::from(*width) - 1);
    let wrap = match (v.board.wrap.files, v.board.wrap.ranks) {
        (true, true) => format!(" It wraps round both ways, a torus: file a is next to file {last_file} and rank 1 next to rank {height}."),
        (true, false) => format!(" It wraps round, a cylinder: file a is next to file {last_file}."),
        (false, true) => format!(" It wraps round top to bottom: rank 1 is next to rank {height}."),
        (false, false) => return flat,
    };
    format!("{flat}{wrap} Men leap across the joined edges and riders slide across them, stopping before their own square.")
}

/// The turn in sentences.
fn turn(v: &Variant) -> Vec<String> {
    let t = &v.turn;
    let mut out = Vec::new();
    let mut acts = Vec::new();
    if t.moves {
        acts.push("moves one of their men");
    }
    if t.place {
        acts.push("places a man from their hand on an empty square");
    }
    if t.draw {
        acts.push("draws the top card of their deck and places its man");
    }
    if t.suicide {
        acts.push("takes off the board one of their men that an enemy immobiliser holds (not a royal man)");
    }
    if t.pass {
        acts.push("passes (not while in check)");
    }
    let acts: Vec<String> = acts.into_iter().map(str::to_string).collect();
    out.push(format!(
        "Players act in turn; {} a player {}.",
        if t.plan.is_some() {
            "in each action"
        } else {
            "on a turn"
        },
        words::list(&acts, "or")
    ));
    if let Some(f) = &t.first_action {
        let kind = match f.kind {
            crate::ir::ActionKind::Move => "a board move",
            crate::ir::ActionKind::Place => "a placement",
            crate::ir::ActionKind::Draw => "a draw",
            crate::ir::ActionKind::Power => "a power",
        };
        out.push(match f.piece {
            Some(k) => format!(
                "The game's first action is {kind} of a {}.",
                words::piece(v, k)
            ),
            None => format!("The game's first action is {kind}."),
        });
    }
    if t.move_requires != crate::ir::Pred::True {
        out.push(format!(
            "Men may move only when {}.",
            words::pred(v, &t.move_requires)
        ));
    }
    let hand = if t.to_partner {
        "the hand of the capturer's partner (the next team mate in turn order; with none, it leaves the game), as that partner's own"
    } else {
        "the capturer's hand, as its own"
    };
    out.push(match t.captures {
        Captures::None => "Men never capture.".into(),
        Captures::Remove => "A captured man leaves the game.".into(),
        Captures::ToHand => format!("A captured man goes to {hand}."),
        Captures::ToHandDemoted => {
            format!("A captured man goes to {hand} (a promoted man as the piece it was).")
        }
        Captures::ToPrison => "A captured man goes to the capturer's prison, still its owner's man.".into(),
        Captures::Reborn => "A captured man is reborn (Circe): it is put back on its rebirth square, and leaves the game if that square is taken.".into(),
        Captures::RebornCapturer => "The capturer is reborn (Anti-Circe, Calvet type): after the capture it goes to its own rebirth square; a capture whose rebirth square is taken (neither the square left nor the square of capture) is illegal.".into(),
    });
    if t.captures.rebirth() {
        out.push(rebirth_rule(v));
    }
    if !t.exchange.is_empty() {
        out.push(exchange_rule(v));
    }
    if t.must_capture {
        out.push(
            "Capturing is compulsory: with a capture at hand, only captures are legal.".into(),
        );
    }
    if t.must_place && t.must_place_kinds.is_empty() {
        out.push("With a placement at hand, only placements are legal.".into());
    } else if t.must_place {
        let names: Vec<String> = t
            .must_place_kinds
            .iter()
            .map(|&k| words::piece(v, k))
            .collect();
        out.push(format!(
            "Holding a {} in hand, a player may place no other kind, and with such a placement at hand, only those placements are legal.",
            names.join(" or ")
        ));
    }
    if !t.petrify.is_empty() {
        let names: Vec<String> = t.petrify.iter().map(|&k| words::piece(v, k)).collect();
        out.push(format!(
            "A {} that captures turns to stone: it leaves the game and its square becomes a wall.",
            names.join(" or ")
        ));
    }
    if t.no_checks {
        out.push("No action may leave an enemy royal man attacked.".into());
    }
    if let Some(lt) = &t.lion_trading {
        out.extend(lion_trading_rule(v, lt));
    }
    for r in &t.move_where {
        let names: Vec<String> = r.pieces.iter().map(|&k| words::piece(v, k)).collect();
        out.push(format!(
            "A board move{} must meet: {}.",
            if names.is_empty() {
                String::new()
            } else {
                format!(" of a {}", words::list(&names, "or"))
            },
            words::pred(v, &r.condition)
        ));
    }
    if let Some(plan) = &t.plan {
        out.extend(turn_plan(v, plan));
    }
    if let Some(d) = &t.dice {
        out.push(dice_sentence(v, d));
    }
    if t.boards == 2 {
        out.push(
            "Two boards: the game is played on two boards at once by four players in two teams (board A: seats 1 and 2, board B: seats 3 and 4; seat 1 plays with seat 4, seat 2 with seat 3, partners on opposite colours); a man captured on one board goes to the partner's hand on the other; each board keeps its own turn, and the game ends for all four when either board ends (a draw on one board draws the game).".into(),
        );
    }
    if t.fog_of_war {
        out.push(
            "Fog of war: each player sees only its own men and the squares they could move to (a pawn's capture square only with an enemy man on it, an open en-passant capture with the pawn it takes); the rest of the board is hidden from it.".into(),
        );
    }
    if !t.face_down.is_empty() {
        let listed: Vec<String> = t
            .face_down
            .iter()
            .map(|f| v.pieces[f.piece as usize].name.clone())
            .collect();
        out.push(format!(
            "Face down: the men of {} start face down, each player's shuffled over that player's start squares of those kinds from the game's seed; a face-down man moves as the kind of its start square and is turned face up, into what it is, after its first move. A face-down man taken stays face down; only its captor learns what it was.",
            listed.join(", ")
        ));
    }
    if let Some(x) = &t.explosion {
        let mut s =
            "A capture explodes: the capturer and the men around it leave the game".to_string();
        if !x.spared.is_empty() {
            let n: Vec<PieceId> = x.spared.clone();
            let names: Vec<String> = n.iter().map(|&k| words::piece(v, k)).collect();
            s.push_str(&format!(" ({} around it stay)", words::list(&names, "and")));
        }
        s.push('.');
        out.push(s);
    }
    if let Some(c) = &t.castling {
        let mut partners = vec![words::piece(v, c.partner)];
        partners.extend(c.more_partners.iter().map(|&k| words::piece(v, k)));
        out.push(format!(
            "Castling: an unmoved {} and an unmoved {} with only empty squares between{}.",
            words::piece(v, c.royal),
            words::list(&partners, "or"),
            match c.files {
                Some(_) => ", to fixed files of the rank",
                None => ": the first moves two squares toward the second, which lands on the square crossed",
            }
        ));
    }
    let ep = v
        .pieces
        .iter()
        .any(|p| p.moves.iter().any(|a| a.mode == crate::ir::Mode::EnPassant));
    if ep {
        out.push(match t.en_passant {
            EnPassantWindow::EachOpponent => {
                "En passant: a man that passed squares with a double step may be taken as if it had stopped on them, by each opponent on its next turn.".into()
            }
            EnPassantWindow::NextPlayer => {
                "En passant: a man that passed squares with a double step may be taken as if it had stopped on them, by the next player only.".into()
            }
        });
        if t.en_passant_per_turn && t.plan.is_some() {
            out.push("En passant counts turns: a step made by any action of a turn may be taken by the first action of a later turn, and another by the next action only after one was taken; a step stays open until its player's next turn starts.".into());
        }
    }
    for pw in &t.powers {
        let crate::ir::Power::Swap { a, b, uses } = pw;
        out.push(format!(
            "Power: a player may swap an own {} and {} instead of acting, {}.",
            words::piece(v, *a),
            words::piece(v, *b),
            times(*uses)
        ));
    }
    match t.walls {
        Some(w) if w.vacated => out.push(
            "After every move, the square the man left becomes a wall; walls block every man."
                .into(),
        ),
        Some(w) if w.region.is_some() => out.push(
            "After every move, a wall is put on an empty square of a region; walls block every man."
                .into(),
        ),
        Some(_) => out.push(
            "After every move, a wall is put on an empty square; walls block every man.".into(),
        ),
        None => {}
    }
    for f in &t.flips {
        out.push(format!(
            "After a placement or a move, {} men change owner ({}).",
            match f.how {
                crate::ir::FlipHow::Enclosed => "enclosed",
                crate::ir::FlipHow::Touching => "touching",
            },
            words::pred(v, &crate::ir::Pred::Is(f.men))
        ));
    }
    if t.when_stuck == WhenStuck::Pass {
        out.push("A player with no legal action passes.".into());
    }
    if t.unplaceable == Unplaceable::ReturnCard {
        out.push(
            "A drawn card with no legal square goes to the bottom of the deck, and a board move is owed instead."
                .into(),
        );
    }
    if t.illegal_action == IllegalAction::Forfeit {
        out.push("Typing an illegal action costs the turn.".into());
    }
    for inv in &v.invariants {
        let Invariant::Connected { scope, .. } = inv;
        out.push(match scope {
            Scope::All => "All the men must always form one group.".into(),
            Scope::PerPlayer => "Each player's men must always form one group.".into(),
        });
    }
    out
}

/// The `points` statement in a sentence.
fn points_sentence(v: &crate::ir::Variant, pts: &crate::ir::Points) -> String {
    let value = |n: u32, d: u32| {
        if d == 1 {
            n.to_string()
        } else {
            format!("{n}/{d}")
        }
    };
    let men: Vec<String> = pts
        .pieces
        .iter()
        .map(|&(k, n, d)| format!("{} {}", words::piece(v, k), value(n, d)))
        .collect();
    let own: Vec<String> = pts
        .players
        .iter()
        .map(|&(p, n, d)| format!("{} {} more", words::player(v, p), value(n, d)))
        .collect();
    let mut s = format!(
        "Points, where they decide: each man on the board counts for its owner ({})",
        if men.is_empty() {
            "none".to_string()
        } else {
            men.join(", ")
        }
    );
    if !own.is_empty() {
        s.push_str(&format!("; {}", own.join(", ")));
    }
    s.push('.');
    s
}

/// The `score` statements in a sentence each (points earned by events).
fn score_sentences(v: &crate::ir::Variant, sc: &crate::ir::Scoring) -> Vec<String> {
    use crate::ir::ScoreTo;
    let mut out = Vec::new();
    if !sc.capture.is_empty() || sc.promoted.is_some() {
        let mut each: Vec<String> = sc
            .capture
            .iter()
            .map(|&(k, n)| format!("{} {n}", words::piece(v, k)))
            .collect();
        if let Some(n) = sc.promoted {
            each.push(format!("a promoted man {n}"));
        }
        out.push(format!(
            "Points: taking a man scores for the taker ({}).",
            each.join(", ")
        ));
    }
    if sc.checkmate > 0 {
        out.push(format!(
            "Points: a checkmate scores {} for the player who gives it.",
            sc.checkmate
        ));
    }
    if let Some((n, to)) = sc.stalemate {
        let whom = match to {
            ScoreTo::Mover => "the player who causes it",
            ScoreTo::Stalemated => "the stalemated player",
            ScoreTo::Others => "each other player still in the game",
        };
        out.push(format!("Points: a stalemate scores {n} for {whom}."));
    }
    if !sc.checks.is_empty() {
        let each: Vec<String> = sc
            .checks
            .iter()
            .map(|&(k, n)| format!("{k} kings {n}"))
            .collect();
        out.push(format!(
            "Points: one action checking several kings scores for the mover ({}).",
            each.join(", ")
        ));
    }
    if sc.resign > 0 {
        out.push(format!(
            "Points: a resignation that leaves one player scores {} for that player.",
            sc.resign
        ));
    }
    out.push(
        "Where the most points decide, every player is ranked, those eliminated included; \
         a game of eliminations ends when one player is left, won by the most points."
            .into(),
    );
    out
}

/// Describe a compiled variant; `values` are the evaluation's material
/// values per kind (hundredths of a pawn).
pub fn describe_tables(tables: &Arc<Tables>, values: &[i32]) -> Description {
    let v = tables.variant();
    let mut end: Vec<String> = v.end.iter().map(|r| words::end_sentence(v, r)).collect();
    for r in &v.removals {
        end.push(format!(
            "A {} surrounded on its four sides leaves the game.",
            words::piece(v, r.piece)
        ));
    }
    if let Some(pts) = &v.turn.points {
        end.push(points_sentence(v, pts));
    }
    if let Some(sc) = &v.turn.scoring {
        end.extend(score_sentences(v, sc));
    }
    Description {
        name: v.name.clone(),
        title: v.title.clone(),
        aliases: v.aliases.clone(),
        board: board(v),
        players: v
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| PlayerLine {
                name: p.name.clone(),
                forward: p.forward.name().to_string(),
                partners: v
                    .teams
                    .iter()
                    .find(|t| t.contains(&(i as u8)))
                    .map(|t| {
                        t.iter()
                            .filter(|&&q| q as usize != i)
                            .map(|&q| v.players[q as usize].name.clone())
                            .collect()
                    })
                    .unwrap_or_default(),
            })
            .collect(),
        turn: turn(v),
        end,
        options: v
            .options
            .iter()
            .map(|o| OptionLine {
                name: o.name.clone(),
                value: o.value.clone(),
                allowed: o.allowed.clone(),
            })
            .collect(),
        pieces: (0..v.pieces.len() as PieceId)
            .map(|k| card(tables, values, k))
            .collect(),
    }
}

/// Describe a variant (compiles it).
pub fn describe(v: &Variant) -> Result<Description, String> {
    let tables = Arc::new(Tables::new(v).map_err(|e| format!("cannot compile the variant: {e}"))?);
    let eval = crate::search::eval::Eval::new(&tables);
    Ok(describe_tables(&tables, &eval.values))
}

/// The card of one piece of a game in progress.
pub fn piece_card(session: &crate::play::session::Session, k: PieceId) -> PieceCard {
    card(session.position().tables(), &session.eval.values, k)
}

/// The variant of a game in progress, described.
pub fn describe_session(session: &crate::play::session::Session) -> Description {
    describe_tables(session.position().tables(), &session.eval.values)
}

/// The piece a player names: by name (`knight`), by letter (`N`), case
/// aside.
pub fn find_piece(v: &Variant, name: &str) -> Option<PieceId> {
    let n = name.trim();
    v.pieces
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(n))
        .map(|k| k as PieceId)
        .or_else(|| {
            let mut c = n.chars();
            match (c.next(), c.next()) {
                (Some(l), None) => v.piece_by_letter(l),
                _ => None,
            }
        })
}

/// `once a game`, `N times a game`.
pub(crate) fn times(n: u32) -> String {
    if n == 1 {
        "once a game".into()
    } else {
        format!("{n} times a game")
    }
}

/// The sentences of `turn ...` (turns of several actions).
fn turn_plan(v: &Variant, plan: &crate::ir::TurnPlan) -> Vec<String> {
    let mut out = Vec::new();
    let actions = |n: u32| format!("{n} action{}", if n == 1 { "" } else { "s" });
    if plan.growing {
        out.push(
            "A turn is several actions: the game's first turn 1, its second 2, and so on (turn k has k)."
                .into(),
        );
    } else {
        let lengths: Vec<u32> = (0..v.players.len())
            .map(|p| plan.actions.get(p).copied().unwrap_or(1).max(1))
            .collect();
        let mut s = if lengths.windows(2).all(|w| w[0] == w[1]) {
            format!(
                "A turn is {}",
                actions(lengths.first().copied().unwrap_or(1))
            )
        } else {
            let each: Vec<String> = v
                .players
                .iter()
                .zip(&lengths)
                .map(|(pl, &n)| format!("{} for {}", actions(n), pl.name))
                .collect();
            format!("A turn is {}", words::list(&each, "and"))
        };
        if let Some(n) = plan.first {
            s.push_str(&format!(", but the game's first turn is {}", actions(n)));
        }
        s.push_str(": the player acts again while the turn has actions left.");
        out.push(s);
    }
    let mut ends = Vec::new();
    if plan.ends_on_check {
        ends.push("gives check");
    }
    if plan.ends_on_capture {
        ends.push("captures");
    }
    if !ends.is_empty() {
        out.push(format!(
            "An action that {} ends its turn at once.",
            ends.join(" or ")
        ));
    }
    if plan.checks_last_only {
        out.push("Only a turn's last action may give check.".into());
    }
    if plan.royal_safe_at_end {
        out.push("A turn's legality is judged at its end: an action before the turn's last may leave the actor's royal attacked if the turn can be finished, and the last may leave no royal of the actor that the next player could take within its next turn; a player is in check when the next player's turn could take its royal.".into());
    }
    out
}

/// How a rebirth square is chosen, with the squares the file names.
fn rebirth_rule(v: &crate::ir::Variant) -> String {
    let mut s = "The rebirth square of a man is a game-start square of its kind and owner: the one on the file of capture for a kind that starts on every file (pawns), else the one of the capture square's colour (then the nearest file)".to_string();
    for (kinds, r) in &v.turn.rebirth_in {
        let names: Vec<String> = kinds.iter().map(|&k| words::piece(v, k)).collect();
        let region = v.regions.get(*r as usize).map_or("?", |g| g.name.as_str());
        s.push_str(&format!(
            "; for the {}, a square of {region}",
            names.join(", ")
        ));
    }
    s.push_str(". A reborn man counts as not yet moved (it may castle, a pawn may step twice).");
    s
}

/// `dice`: the dice, their faces, doubles and a roll that lets no man move,
/// in one sentence.
fn dice_sentence(v: &Variant, d: &crate::ir::Dice) -> String {
    let faces: Vec<String> = d
        .faces
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let names: Vec<String> = f.iter().map(|&k| words::piece(v, k)).collect();
            let what = if f.len() == v.pieces.len() && f.len() > 1 {
                "any man".to_string()
            } else {
                words::list(&names, "or")
            };
            format!("{} {what}", i + 1)
        })
        .collect();
    let dice = if d.count == 1 {
        "a die".to_string()
    } else {
        format!("{} dice", d.count)
    };
    let mut s = format!(
        "Before each turn {dice} of {} faces {} rolled for the player to act, who may move only a man of a rolled kind (faces: {}; castling when the roll names the castler or its partner).",
        d.faces.len(),
        if d.count == 1 { "is" } else { "are" },
        faces.join(", ")
    );
    if d.doubles_any {
        s.push_str(" Doubles let any man move.");
    }
    s.push_str(if d.reroll {
        " A roll that lets no man move is rolled again."
    } else {
        " A roll that lets no man move passes the turn."
    });
    s
}

/// `lion trading`: its two rules in sentences.
fn lion_trading_rule(v: &Variant, lt: &crate::ir::LionTrading) -> Vec<String> {
    let lions: Vec<String> = lt.lions.iter().map(|&k| words::piece(v, k)).collect();
    let lion = words::list(&lions, "or");
    let bridge = match &lt.bridge {
        None => String::new(),
        Some(except) if except.is_empty() => {
            ", unless the first step of its move took a man".to_string()
        }
        Some(except) => {
            let names: Vec<String> = except.iter().map(|&k| words::piece(v, k)).collect();
            format!(
                ", unless the first step of its move took a man that is not a {}",
                words::list(&names, "or")
            )
        }
    };
    vec![
        format!("Lion trading: a {lion} may not take a {lion} more than a king step away when, after the move, an enemy man attacks the square it lands on (the {lion} taken was protected){bridge}."),
        if lt.counter_unprotected {
            format!("After a man that is not a {lion} takes a {lion}, the opponent may not take a protected {lion} on the next move with a man that is not one (the {lion} is protected when, after the move, an enemy man attacks the square the move lands on).")
        } else {
            format!("After a man that is not a {lion} takes a {lion}, the opponent may not take a {lion} on the next move with a man that is not one.")
        },
    ]
}
