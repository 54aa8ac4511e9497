//! The table of statements: every keyword of a variant body, registered
//! once with what the checker needs to know of it (whether it may be given
//! twice, whether it takes a block, when and how it is lowered).
//!
//! A new statement is one row here and one lowering function in its family
//! file; nothing else lists keywords.

use super::*;

/// When a statement is lowered, and by what. The stages run in the order of
/// the variants: players and the board first (everything else is checked
/// against them), then pieces, then regions (which may name pieces' squares),
/// then every rule statement in the order written.
#[derive(Clone, Copy)]
pub(super) enum Lowering {
    /// `players`: lowered first.
    Players(fn(&mut Lower, &Item)),
    /// `board`: lowered after the players.
    Board(fn(&mut Lower, &Item)),
    /// `use` and `piece`, in the order written, with the prelude's pieces.
    Pieces(PieceFn),
    /// `region`: after the pieces and the built-in regions.
    Region(fn(&mut Lower, &Item)),
    /// A rule statement: lowered into the [`Draft`] with a cursor placed
    /// after its keyword.
    Rule(RuleFn),
    /// Decided before lowering (`option`, `if`): nothing left to do.
    Resolved,
}

/// Lowering of a `use` or `piece` statement, with the prelude's pieces.
pub(super) type PieceFn = fn(&mut Lower, &Item, &[(Arc<str>, Stmt)]);

/// Lowering of one rule statement.
pub(super) type RuleFn = fn(&mut Lower, &mut Draft, &Item, &mut Cur) -> Result<(), Diagnostic>;

/// One statement of the language.
pub(super) struct Statement {
    pub keyword: &'static str,
    /// Sets one thing: given twice in one variant is a mistake (a child of
    /// an `extends` chain may give it again: the child's wins).
    pub singleton: bool,
    /// Takes a `{ ... }` block.
    pub block: bool,
    pub lowering: Lowering,
}

const fn st(keyword: &'static str, singleton: bool, block: bool, lowering: Lowering) -> Statement {
    Statement {
        keyword,
        singleton,
        block,
        lowering,
    }
}

use Lowering::*;

/// Every statement of a variant body.
pub(super) const STATEMENTS: &[Statement] = &[
    st("players", true, false, Players(board::players_stmt)),
    st("board", true, false, Board(board::board_stmt)),
    st("also", true, false, Rule(names::also_known_as)),
    st("use", false, false, Pieces(pieces::use_stmt)),
    st("piece", false, false, Pieces(pieces::piece)),
    st("region", false, false, Region(regions::region_stmt)),
    st("setup", false, true, Rule(setup::setup_stmt)),
    st("teams", true, false, Rule(turn::teams)),
    st("actions", true, false, Rule(turn::actions)),
    st("move", false, false, Rule(moves::move_stmt)),
    st("place", false, false, Rule(turn::place)),
    st("flip", false, false, Rule(placing::flip)),
    st("first", true, false, Rule(turn::first)),
    st("on", false, false, Rule(turn::on)),
    st("power", false, false, Rule(turn::power)),
    st("always", false, false, Rule(turn::always)),
    st("captures", true, false, Rule(moves::captures)),
    st("rebirth", false, false, Rule(moves::rebirth)),
    st("promote", false, false, Rule(turn::promote)),
    st("demote", false, false, Rule(turn::demote)),
    st("castling", true, false, Rule(moves::castling)),
    st("en", true, false, Rule(moves::en_passant)),
    st("eliminated", true, false, Rule(turn::eliminated)),
    st("dead", false, false, Rule(turn::dead_material)),
    st("illegal", true, false, Rule(moves::illegal_actions)),
    st("must", false, false, Rule(placing::must)),
    st("gating", true, false, Rule(placing::gating)),
    st("then", true, false, Rule(walls::then_place_wall)),
    st("turn", false, false, Rule(turn_plan::turn_stmt)),
    st("dice", false, false, Rule(dice::dice_stmt)),
    st("exchange", true, false, Rule(prison::exchange_stmt)),
    st("no", true, false, Rule(moves::no_checks)),
    st("fog", true, false, Rule(moves::fog_of_war)),
    st("face", true, false, Rule(hidden::face_down)),
    st("initial", false, false, Rule(moves::initial_in)),
    st("while", false, false, Rule(check_bound::while_in_check)),
    st("confined", false, false, Rule(regional::confined)),
    st("moves", false, false, Rule(regional::zone_moves)),
    st("facing", false, false, Rule(regional::facing)),
    st("check", true, false, Rule(royalty::check_royals)),
    st("explode", true, false, Rule(royalty::explode)),
    st("mutually", true, false, Rule(royalty::mutually_immune)),
    st("lion", true, false, Rule(lion::trading)),
    st("petrify", true, false, Rule(walls::petrify)),
    st("hop", false, false, Rule(regional::hop)),
    st("immune", false, false, Rule(regional::immune)),
    st("counting", false, false, Rule(end::counting)),
    st("points", true, false, Rule(end::points)),
    st("score", false, false, Rule(score::score_stmt)),
    st("boards", true, false, Rule(boards::boards_stmt)),
    st("end", false, true, Rule(end::end_stmt)),
    st("option", false, false, Resolved),
    st("if", false, true, Resolved),
];

/// The statement a keyword starts, if any.
pub(super) fn statement(keyword: &str) -> Option<&'static Statement> {
    STATEMENTS.iter().find(|s| s.keyword == keyword)
}

/// Whether a word starts a statement of a variant body.
pub(crate) fn is_keyword(word: &str) -> bool {
    statement(word).is_some()
}

/// Every keyword, for "did you mean".
pub(super) fn keywords() -> impl Iterator<Item = &'static str> + Clone {
    STATEMENTS.iter().map(|s| s.keyword)
}

/// The keywords that take a block, for hints: "`setup`, `end` and `if`".
pub(super) fn block_keywords() -> String {
    let ks: Vec<String> = STATEMENTS
        .iter()
        .filter(|s| s.block)
        .map(|s| format!("`{}`", s.keyword))
        .collect();
    match ks.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// What the rule statements of one variant have said so far; turned into
/// the [`Variant`] by `finish` once every statement is lowered.
pub(super) struct Draft {
    pub setup: Setup,
    /// The deepest `extends` level that gives a `setup` (shallower ones
    /// are replaced and not checked).
    pub last_setup_level: usize,
    /// The `setup` already lowered at its level, to report a second one.
    pub setup_seen: Option<(usize, Span)>,
    pub turn: Turn,
    pub end_checked: EndTiming,
    pub teams: Vec<Vec<PlayerId>>,
    pub invariants: Vec<Invariant>,
    pub dead: Vec<MaterialPattern>,
    pub elimination: Elimination,
    /// `end` rules as written, with their level, file and span.
    pub end: Vec<(RuleB, usize, Arc<str>, Span)>,
    pub promotions: Vec<(PieceId, Promotion, Arc<str>, Span)>,
    /// Where statements were given, to point at them from cross-field checks.
    pub actions_span: Option<(Arc<str>, Span)>,
    pub place_span: Option<(Arc<str>, Span)>,
    pub first_span: Option<(Arc<str>, Span)>,
    pub move_req_span: Option<(Arc<str>, Span)>,
    /// Where `move requires` was given, and at which level of the chain.
    pub move_req_at: Option<(Arc<str>, Span, usize)>,
    /// The first `move ... where`.
    pub move_where_span: Option<(Arc<str>, Span)>,
    /// `initial ... listed in castling field`, to report it with `castling`.
    pub castling_field_span: Option<(Arc<str>, Span)>,
    pub explode_span: Option<(Arc<str>, Span)>,
    /// The `captures` statement (for the checks of rebirth).
    pub captures_span: Option<(Arc<str>, Span)>,
    /// The first `rebirth ... in` statement.
    pub rebirth_span: Option<(Arc<str>, Span)>,
    /// `then place wall`, for its cross-statement checks.
    pub walls_span: Option<(Arc<str>, Span)>,
    /// `gating`, for the checks of its gates.
    pub gating_span: Option<(Arc<str>, Span)>,
    /// Where each gate of the setup (`PLAYER gates:`) was written, in the
    /// order of `setup.gates`.
    pub gate_spans: Vec<(Arc<str>, Span)>,
    /// Where `petrify` was given.
    pub petrify_span: Option<(Arc<str>, Span)>,
    /// `fog of war`, for its cross-statement checks.
    pub fog_span: Option<(Arc<str>, Span)>,
    /// `face down KIND, ...`: the kinds listed with their face kinds, and
    /// where.
    pub face_down: Option<(Vec<FaceDown>, Arc<str>, Span)>,
    /// The first `dice` statement, for its cross-statement checks.
    pub dice_span: Option<(Arc<str>, Span)>,
    /// `actions ..., exchange` was given (the action of `exchange`).
    pub exchange_action: Option<(Arc<str>, Span)>,
    /// The `exchange` statement (the value order).
    pub exchange_span: Option<(Arc<str>, Span)>,
    /// `turn royal safe at end`, for its cross-statement checks.
    pub turn_safe_span: Option<(Arc<str>, Span)>,
    /// `en passant ... per turn`, for the checks of the whole variant.
    pub ep_turn_span: Option<(Arc<str>, Span)>,
    /// `lion trading ...`: where it is written.
    pub lion_trading_span: Option<(Arc<str>, Span)>,
    /// `points`, for the warning when no end rule reads it.
    pub points_span: Option<(Arc<str>, Span)>,
    /// The first `score` statement, for its cross-statement checks.
    pub score_span: Option<(Arc<str>, Span)>,
    pub royalty_span: Option<(Arc<str>, Span)>,
    /// `also known as`: the variant's other names.
    pub aliases: Vec<String>,
    /// `boards 2`, for its cross-statement checks (`boards.rs`).
    pub boards_span: Option<(Arc<str>, Span)>,
}

impl Draft {
    pub(super) fn new(players: usize, last_setup_level: usize) -> Draft {
        let np = players.max(1);
        Draft {
            setup: Setup::empty(np),
            last_setup_level,
            setup_seen: None,
            turn: Turn {
                moves: true,
                move_requires: Pred::True,
                move_requires_source: None,
                move_where: Vec::new(),
                captures: Captures::Remove,
                to_partner: false,
                rebirth_in: Vec::new(),
                place: false,
                draw: false,
                pass: false,
                suicide: false,
                placement: Vec::new(),
                on_place: Vec::new(),
                on_joker: None,
                when_stuck: WhenStuck::EndRules,
                unplaceable: Unplaceable::EndRules,
                powers: Vec::new(),
                first_action: None,
                en_passant: EnPassantWindow::EachOpponent,
                en_passant_region: None,
                en_passant_after: Vec::new(),
                en_passant_per_turn: false,
                castling: None,
                illegal_action: IllegalAction::Reject,
                must_capture: false,
                no_checks: false,
                fog_of_war: false,
                face_down: Vec::new(),
                check_bound: CheckBound::default(),
                must_place: false,
                must_place_kinds: Vec::new(),
                keep_room: Vec::new(),
                placed_unmoved: Vec::new(),
                place_promoted: Vec::new(),
                facing_illegal: Vec::new(),
                facing_must_break: Vec::new(),
                check_all_royals: false,
                royal_at_most: None,
                explosion: None,
                petrify: Vec::new(),
                mutually_immune: Vec::new(),
                gating: None,
                flips: Vec::new(),
                unlimited_hands: false,
                walls: None,
                counting: None,
                plan: None,
                points: None,
                scoring: None,
                dice: None,
                exchange: Vec::new(),
                boards: 1,
                lion_trading: None,
            },
            end_checked: EndTiming::AfterAction,
            teams: Vec::new(),
            invariants: Vec::new(),
            dead: Vec::new(),
            elimination: Elimination {
                army_to: ArmyTo::Nobody,
                checked: EliminationCheck::AfterEveryMove,
            },
            end: Vec::new(),
            promotions: Vec::new(),
            actions_span: None,
            place_span: None,
            first_span: None,
            move_req_span: None,
            move_req_at: None,
            move_where_span: None,
            castling_field_span: None,
            explode_span: None,
            captures_span: None,
            rebirth_span: None,
            walls_span: None,
            gating_span: None,
            gate_spans: Vec::new(),
            petrify_span: None,
            fog_span: None,
            face_down: None,
            turn_safe_span: None,
            ep_turn_span: None,
            lion_trading_span: None,
            points_span: None,
            score_span: None,
            dice_span: None,
            exchange_action: None,
            exchange_span: None,
            royalty_span: None,
            aliases: Vec::new(),
            boards_span: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_keyword_is_registered_once() {
        let mut seen = std::collections::HashSet::new();
        for s in STATEMENTS {
            assert!(seen.insert(s.keyword), "`{}` registered twice", s.keyword);
        }
    }

    #[test]
    fn blocks_are_taken_by_setup_end_and_if() {
        assert_eq!(block_keywords(), "`setup`, `end` and `if`");
        assert!(statement("setup").is_some_and(|s| s.block));
        assert!(statement("castling").is_some_and(|s| s.singleton && !s.block));
        assert!(!is_keyword("kastling"));
    }
}
