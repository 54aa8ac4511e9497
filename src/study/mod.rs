//! Studying a variant: many games played and what they tell.
//!
//! [`simulate`] plays seeded games in parallel from [`opening`] books;
//! [`stats`] turns their results into proportions, intervals, Elo and the
//! sequential test; [`flaws`] keeps what a study shows beyond its totals
//! (results per end rule, the shortest decisive games, the first actions);
//! [`report`] draws the HTML report; [`verify`] checks a
//! record against the rules (`replay`) and [`merge`] joins the record files
//! of a run split into shards; [`tune`] fits the evaluation's weights to
//! self-play or to the labelled positions of a file ([`positions`])
//! (`varia tune`).

pub mod flaws;
pub mod merge;
pub mod opening;
pub mod positions;
pub mod report;
pub mod samples;
pub mod simulate;
pub mod squares_fit;
pub mod stats;
pub mod tune;
pub mod verify;
