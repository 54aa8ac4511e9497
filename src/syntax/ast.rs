//! The spanned syntax tree: statements of tokens, no meaning attached yet.

use crate::diagnostic::Span;
use serde::Serialize;

/// A parsed file: its top-level statements.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct File {
    pub stmts: Vec<Stmt>,
}

/// `keyword argument* block?`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stmt {
    pub args: Vec<Arg>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block: Option<Block>,
    pub span: Span,
}

impl Stmt {
    /// The first word, which names the statement.
    pub fn keyword(&self) -> Option<&str> {
        match self.args.first().map(|a| &a.kind) {
            Some(ArgKind::Word(w)) => Some(w),
            _ => None,
        }
    }

    /// Span of the first token.
    pub fn head_span(&self) -> Span {
        self.args.first().map_or(self.span, |a| a.span)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Arg {
    pub kind: ArgKind,
    pub span: Span,
}

/// One token (or a parenthesised group of tokens).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArgKind {
    Word(String),
    Number(i64),
    Str(String),
    /// `e4`: file index from 0, rank number as written (1-based).
    Square {
        file: i32,
        rank: i32,
    },
    /// `(x,y)`
    Coord(i64, i64),
    /// `8x8`
    Size(i64, i64),
    /// `a..b`
    Range(Box<Arg>, Box<Arg>),
    /// `$name`
    Var(String),
    /// `->`, `=`, `!=`, `|`, `:`, `*`, `+`, `/`, `,`
    Op(String),
    /// `( ... )`
    Group(Vec<Arg>),
    /// A character that starts no token.
    Stray(String),
}

impl Arg {
    /// A short description of what this token is, for messages.
    pub fn describe(&self) -> String {
        match &self.kind {
            ArgKind::Word(w) => format!("`{w}`"),
            ArgKind::Number(n) => format!("the number {n}"),
            ArgKind::Str(s) => format!("the string \"{s}\""),
            ArgKind::Square { .. } => "a square".into(),
            ArgKind::Coord(..) => "a coordinate".into(),
            ArgKind::Size(..) => "a size".into(),
            ArgKind::Range(..) => "a range".into(),
            ArgKind::Var(v) => format!("`${v}`"),
            ArgKind::Op(o) => format!("`{o}`"),
            ArgKind::Group(_) => "a parenthesised group".into(),
            ArgKind::Stray(s) => format!("`{s}`"),
        }
    }

    pub fn word(&self) -> Option<&str> {
        match &self.kind {
            ArgKind::Word(w) => Some(w),
            _ => None,
        }
    }

    pub fn is_op(&self, op: &str) -> bool {
        matches!(&self.kind, ArgKind::Op(o) if o == op)
    }

    /// A lone `"`: a string that is not closed on its line.
    pub fn is_unclosed_quote(&self) -> bool {
        matches!(&self.kind, ArgKind::Stray(s) if s == "\"")
    }

    pub fn is_word(&self, w: &str) -> bool {
        self.word() == Some(w)
    }
}
